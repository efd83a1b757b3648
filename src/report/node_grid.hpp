#pragma once
// The nodes of a drawing bucketed by position, so that asking whether a link's straight
// line runs through a third node looks at the nodes near the line only: on a 4 096-host
// fabric, trying every node for every link took seconds.
#include <vector>

#include "liquid/report/network_layout.hpp"

namespace liquid::report {

class NodeGrid {
public:
    /// `at`: every node's position in drawing units; `radius`: how close counts as through.
    NodeGrid(std::vector<Point> at, double radius);

    /// True when the segment from node a to node b, away from its ends (the middle 90 %),
    /// passes within the radius of a node other than a and b.
    bool passes_through_a_node(int a, int b);

private:
    bool near_segment(int n, int a, int b) const;
    int cell_of(double x, double y) const;

    std::vector<Point> at_;
    double radius_, cell_, x0_ = 0, y0_ = 0;
    int columns_ = 1, rows_ = 1;
    std::vector<std::vector<int>> nodes_in_cell_;
    std::vector<int> visited_;  // per cell: the query that last looked at it
    int query_ = 0;
};

}  // namespace liquid::report
