#include "liquid/traffic/incidence.hpp"

namespace liquid {

Incidence transfer_links(const Traffic& traffic) {
    Incidence inc;
    inc.start.reserve(static_cast<std::size_t>(traffic.size()) + 1);
    for (const Transfer& t : traffic.transfers()) {
        t.links.for_each([&](std::size_t l) { inc.items.push_back(static_cast<int>(l)); });
        inc.start.push_back(inc.items.size());
    }
    return inc;
}

Incidence transpose(const Incidence& rows, int columns) {
    Incidence out;
    out.start.assign(static_cast<std::size_t>(columns) + 1, 0);
    for (int x : rows.items) ++out.start[static_cast<std::size_t>(x) + 1];
    for (std::size_t c = 0; c < static_cast<std::size_t>(columns); ++c) out.start[c + 1] += out.start[c];
    out.items.resize(rows.items.size());
    std::vector<std::size_t> fill(out.start.begin(), out.start.end() - 1);
    // Rows in ascending order, so every column lists its rows ascending.
    for (int r = 0; r < rows.rows(); ++r)
        for (int x : rows.row(r)) out.items[fill[static_cast<std::size_t>(x)]++] = r;
    return out;
}

Incidence link_users(const Traffic& traffic) { return transpose(transfer_links(traffic), traffic.link_count()); }

}  // namespace liquid
