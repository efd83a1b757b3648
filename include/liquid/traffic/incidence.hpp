#pragma once
// Sparse transfer–link incidence in compressed rows: the links of every transfer and the
// users of every link as flat index lists. Costs (transfers x path length) integers where
// the congestion graph costs transfers^2 bits, so the large-traffic algorithms (DSatur,
// edge counting, counting bounds) work on it instead (a 1 024-host all-to-all has a
// million transfers: 128 GB of congestion graph, ~50 MB of incidence).
#include <cstddef>
#include <span>
#include <vector>

#include "liquid/traffic/traffic.hpp"

namespace liquid {

/// Rows of ascending indices: row r is items[start[r] .. start[r+1]).
struct Incidence {
    std::vector<std::size_t> start{0};
    std::vector<int> items;

    int rows() const { return static_cast<int>(start.size()) - 1; }
    std::span<const int> row(int r) const {
        return {items.data() + start[static_cast<std::size_t>(r)],
                start[static_cast<std::size_t>(r) + 1] - start[static_cast<std::size_t>(r)]};
    }
    std::size_t bytes() const { return start.size() * sizeof(std::size_t) + items.size() * sizeof(int); }
};

/// The links of every transfer (row = transfer), ascending.
Incidence transfer_links(const Traffic& traffic);
/// The users of every link (row = link), ascending transfer indices.
Incidence link_users(const Traffic& traffic);
/// The transpose: row c lists (ascending) the rows of `rows` that contain c.
Incidence transpose(const Incidence& rows, int columns);

}  // namespace liquid
