#pragma once
// Where each node of a network is drawn. The shape is detected from the switch graph so
// a network is laid out as a person would draw it: a crossbar as a star, a ring (and the
// Swiss-T1 K-ring, whose switches form a ring with chords) as a circle with the hosts
// outside, a torus or mesh as a grid, a fat tree in layers; anything else force-directed
// (deterministic: fixed start, fixed iteration count, no randomness).
#include <string>
#include <vector>

#include "liquid/net/network.hpp"

namespace liquid::report {

struct Point {
    double x = 0, y = 0;
};

enum class LayoutKind { Star, Ring, Grid, Tree, Force };

/// "star", "ring", "grid", "tree", "force".
const char* layout_name(LayoutKind k);

struct NetworkLayout {
    LayoutKind kind = LayoutKind::Force;
    std::vector<Point> position;  // per node, inside the unit square [0,1]^2
};

NetworkLayout layout_network(const Network& net);

}  // namespace liquid::report
