#include "liquid/traffic/analysis.hpp"
#include "liquid/base/time_budget.hpp"

#include <algorithm>

namespace liquid {

std::vector<int> link_loads(const Traffic& traffic) {
    std::vector<int> load(static_cast<std::size_t>(traffic.link_count()), 0);
    for (const auto& t : traffic.transfers()) t.links.for_each([&](std::size_t l) { ++load[l]; });
    return load;
}

std::vector<int> link_loads(const Traffic& traffic, const Bitset& members) {
    std::vector<int> load(static_cast<std::size_t>(traffic.link_count()), 0);
    members.for_each([&](std::size_t i) { traffic[static_cast<int>(i)].links.for_each([&](std::size_t l) { ++load[l]; }); });
    return load;
}

namespace {
int largest(const std::vector<int>& load) { return load.empty() ? 0 : *std::max_element(load.begin(), load.end()); }
}  // namespace

int duration_of(const Traffic& traffic) { return largest(link_loads(traffic)); }

double TrafficAnalysis::liquid_ratio() const { return duration > 0 ? double(transfers) / double(duration) : 0.0; }

TrafficAnalysis analyze(const Traffic& traffic) {
    TrafficAnalysis a;
    a.transfers = traffic.size();
    a.load = link_loads(traffic);
    a.duration = largest(a.load);
    Bitset bottleneck_set(static_cast<std::size_t>(traffic.link_count()));
    for (int l = 0; l < traffic.link_count(); ++l)
        if (a.duration > 0 && a.load[l] == a.duration) {
            a.bottlenecks.push_back(l);
            bottleneck_set.set(static_cast<std::size_t>(l));
        }
    a.skeleton = Bitset(static_cast<std::size_t>(traffic.size()));
    for (int i = 0; i < traffic.size(); ++i)
        if (traffic[i].links.intersects(bottleneck_set)) a.skeleton.set(static_cast<std::size_t>(i));
    return a;
}

// Built per link (a transfer's row is the union of the users of its links) rather than
// per pair: O(transfers × path length × words) instead of O(transfers²).
CongestionGraph::CongestionGraph(const Traffic& traffic) {
    const auto n = static_cast<std::size_t>(traffic.size());
    std::vector<Bitset> users(static_cast<std::size_t>(traffic.link_count()), Bitset(n));
    for (std::size_t i = 0; i < n; ++i) traffic[static_cast<int>(i)].links.for_each([&](std::size_t l) { users[l].set(i); });
    adjacency_.assign(n, Bitset(n));
    std::size_t degree_sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (i % 256 == 0) throw_if_stop_requested();  // quadratic: seconds beyond 10 000 transfers
        traffic[static_cast<int>(i)].links.for_each([&](std::size_t l) { adjacency_[i] |= users[l]; });
        adjacency_[i].reset(i);
        degree_sum += adjacency_[i].count();
    }
    edges_ = degree_sum / 2;
}

}  // namespace liquid
