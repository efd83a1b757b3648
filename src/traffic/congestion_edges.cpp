#include "liquid/traffic/congestion_edges.hpp"

#include <algorithm>
#include <vector>

#include "liquid/base/parallel_for.hpp"

#include "liquid/traffic/incidence.hpp"

namespace liquid {
namespace {

/// Edges i–j with j > i for the transfers i ≡ part (mod parts).
std::uint64_t count_part(const Incidence& links, const Incidence& users, unsigned part, unsigned parts) {
    const int n = links.rows();
    std::vector<int> stamp(static_cast<std::size_t>(n), -1);
    std::uint64_t edges = 0;
    for (int i = static_cast<int>(part); i < n; i += static_cast<int>(parts)) {
        for (int l : links.row(i)) {
            const auto row = users.row(l);
            // Users are ascending: only the part after i counts (each pair once).
            for (auto it = std::upper_bound(row.begin(), row.end(), i); it != row.end(); ++it) {
                int& s = stamp[static_cast<std::size_t>(*it)];
                if (s != i) s = i, ++edges;
            }
        }
    }
    return edges;
}

}  // namespace

std::uint64_t count_congestion_edges(const Traffic& traffic, unsigned threads) {
    const Incidence links = transfer_links(traffic);
    const Incidence users = transpose(links, traffic.link_count());
    // One part per thread, transfers interleaved (i = part mod parts) for an even load.
    const auto parts = static_cast<unsigned>(thread_count(static_cast<int>(threads)));
    std::vector<std::uint64_t> partial(parts, 0);
    parallel_for(parts, static_cast<int>(parts), [&](std::size_t p) {
        partial[p] = count_part(links, users, static_cast<unsigned>(p), parts);
    });
    std::uint64_t total = 0;
    for (std::uint64_t e : partial) total += e;
    return total;
}

}  // namespace liquid
