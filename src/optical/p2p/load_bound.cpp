#include "optical/p2p/load_bound.hpp"

#include <algorithm>
#include <limits>

namespace liquid::optical::p2p {
namespace {

/// Number of ordered pairs whose route uses each arc; `only_to` < N counts only (s, only_to).
/// Routes toward one destination form a tree (each node has one next hop), so the pairs
/// through a node's arc are the sources in its subtree: summed from the farthest nodes
/// inwards, O(N) per destination instead of walking every route.
std::vector<double> route_counts(const MultiRing& ring, const ShortestPaths& paths, std::uint32_t only_to) {
    const std::uint32_t n = ring.nodes();
    std::vector<double> count(2 * std::size_t(n), 0.0), through(n, 0.0);
    std::vector<std::uint32_t> order(n), start;
    const std::uint32_t diameter = paths.diameter();
    for (std::uint32_t d = 0; d < n; ++d) {
        if (only_to < n && d != only_to) continue;
        // counting sort of the nodes by decreasing distance to d
        start.assign(std::size_t(diameter) + 2, 0);
        for (std::uint32_t v = 0; v < n; ++v) ++start[diameter - paths.dist(v, d) + 1];
        for (std::size_t i = 1; i < start.size(); ++i) start[i] += start[i - 1];
        for (std::uint32_t v = 0; v < n; ++v) order[start[diameter - paths.dist(v, d)]++] = v;
        for (std::uint32_t v : order) {
            if (v == d) continue;
            through[v] += 1.0;  // v itself as a source
            const std::uint32_t next = paths.next_hop(ring, v, d);
            count[2 * std::size_t(v) + (next == ring.ring_next(v) ? 0 : 1)] += through[v];
            if (next != d) through[next] += through[v];
            through[v] = 0.0;
        }
    }
    return count;
}

double events_per_round(const TrafficSpec& traffic) { return (double(traffic.spawn) + 1.0) / 2.0; }

}  // namespace

std::vector<double> offered_link_load(const MultiRing& ring, const ShortestPaths& paths, std::uint32_t hot,
                                      const TrafficSpec& traffic) {
    const std::uint32_t n = ring.nodes();
    // A pair (s, d) is drawn with probability ((1-p)/N + p [d = hot]) / (N-1) (§5.3.2).
    const double p = traffic.hotspot_p;
    const double scale = events_per_round(traffic) / double(n - 1);
    std::vector<double> load(2 * std::size_t(n), 0.0);
    if (p < 1) {
        load = route_counts(ring, paths, n);
        for (double& x : load) x *= scale * (1.0 - p) / double(n);
    }
    if (p > 0) {
        const std::vector<double> to_hot = route_counts(ring, paths, hot);
        for (std::size_t a = 0; a < load.size(); ++a) load[a] += scale * p * to_hot[a];
    }
    return load;
}

LoadBound hotspot_load_bound(const MultiRing& ring, const ShortestPaths& paths, std::uint32_t hot, const TrafficSpec& traffic,
                             const RunSpec& run, bool parity_rule) {
    const std::uint32_t n = ring.nodes();
    LoadBound b;
    b.events_per_round = events_per_round(traffic);
    const double inf = std::numeric_limits<double>::infinity();
    b.capacity = run.mmir ? double(run.mmir) / (parity_rule ? 2.0 : 1.0) : inf;
    // The load is linear in p: (1-p) * load at p = 0 + p * load at p = 1.
    TrafficSpec uniform_traffic = traffic, hot_traffic = traffic;
    uniform_traffic.hotspot_p = 0;
    hot_traffic.hotspot_p = 1;
    const std::vector<double> uniform_arcs = offered_link_load(ring, paths, hot, uniform_traffic);
    const std::vector<double> hot_arcs = offered_link_load(ring, paths, hot, hot_traffic);
    const bool per_node = run.mmir_scope == MmirScope::Node;
    const std::size_t units = per_node ? n : 2 * std::size_t(n);
    auto unit_load = [&](const std::vector<double>& arcs, std::size_t u) {
        return per_node ? arcs[2 * u] + arcs[2 * u + 1] : arcs[u];
    };
    b.saturation_p = inf;
    for (std::size_t u = 0; u < units; ++u) {
        const double uniform = unit_load(uniform_arcs, u), hot_only = unit_load(hot_arcs, u);
        const double load = uniform + traffic.hotspot_p * (hot_only - uniform);
        if (load > b.busiest) {
            b.busiest = load;
            b.busiest_node = std::uint32_t(per_node ? u : u / 2);
        }
        if (uniform > b.capacity) b.saturation_p = 0;
        else if (hot_only > b.capacity) b.saturation_p = std::min(b.saturation_p, (b.capacity - uniform) / (hot_only - uniform));
    }
    return b;
}

}  // namespace liquid::optical::p2p
