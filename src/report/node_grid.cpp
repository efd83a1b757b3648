#include "node_grid.hpp"

#include <algorithm>
#include <cmath>

namespace liquid::report {

// Cells of twice the radius, and the segment sampled every quarter cell: a node within the
// radius of the segment is within 0.625 cells of a sample, so in the sample's cell or one
// of its eight neighbours.
NodeGrid::NodeGrid(std::vector<Point> at, double radius) : at_(std::move(at)), radius_(radius), cell_(2 * radius) {
    if (at_.empty() || !(cell_ > 0)) return;
    double x1 = at_.front().x, y1 = at_.front().y;
    x0_ = x1, y0_ = y1;
    for (const Point& p : at_) {
        x0_ = std::min(x0_, p.x), y0_ = std::min(y0_, p.y);
        x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
    }
    columns_ = static_cast<int>((x1 - x0_) / cell_) + 1;
    rows_ = static_cast<int>((y1 - y0_) / cell_) + 1;
    nodes_in_cell_.resize(static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_));
    visited_.assign(nodes_in_cell_.size(), -1);
    for (int n = 0; n < static_cast<int>(at_.size()); ++n)
        nodes_in_cell_[static_cast<std::size_t>(cell_of(at_[static_cast<std::size_t>(n)].x, at_[static_cast<std::size_t>(n)].y))]
            .push_back(n);
}

int NodeGrid::cell_of(double x, double y) const {
    const int c = std::clamp(static_cast<int>(std::floor((x - x0_) / cell_)), 0, columns_ - 1);
    const int r = std::clamp(static_cast<int>(std::floor((y - y0_) / cell_)), 0, rows_ - 1);
    return r * columns_ + c;
}

bool NodeGrid::near_segment(int n, int a, int b) const {
    if (n == a || n == b) return false;
    const Point p = at_[static_cast<std::size_t>(a)], q = at_[static_cast<std::size_t>(b)], c = at_[static_cast<std::size_t>(n)];
    const double dx = q.x - p.x, dy = q.y - p.y, len2 = dx * dx + dy * dy;
    const double t = ((c.x - p.x) * dx + (c.y - p.y) * dy) / len2;
    if (t <= 0.05 || t >= 0.95) return false;
    return std::hypot(p.x + t * dx - c.x, p.y + t * dy - c.y) < radius_;
}

bool NodeGrid::passes_through_a_node(int a, int b) {
    if (nodes_in_cell_.empty()) return false;
    ++query_;
    const Point p = at_[static_cast<std::size_t>(a)], q = at_[static_cast<std::size_t>(b)];
    const double len = std::hypot(q.x - p.x, q.y - p.y);
    const int samples = static_cast<int>(std::ceil(0.9 * len / (cell_ / 4))) + 1;
    for (int k = 0; k <= samples; ++k) {
        const double t = 0.05 + 0.9 * k / samples;
        const int centre = cell_of(p.x + t * (q.x - p.x), p.y + t * (q.y - p.y));
        const int cx = centre % columns_, cy = centre / columns_;
        for (int y = std::max(0, cy - 1); y <= std::min(rows_ - 1, cy + 1); ++y)
            for (int x = std::max(0, cx - 1); x <= std::min(columns_ - 1, cx + 1); ++x) {
                const std::size_t cell =
                    static_cast<std::size_t>(y) * static_cast<std::size_t>(columns_) + static_cast<std::size_t>(x);
                if (visited_[cell] == query_) continue;
                visited_[cell] = query_;
                for (int n : nodes_in_cell_[cell])
                    if (near_segment(n, a, b)) return true;
            }
    }
    return false;
}

}  // namespace liquid::report
