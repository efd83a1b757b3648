#pragma once
// What the MPI benchmarks share: the hosts of the ranks and the median of samples.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "liquid/net/network.hpp"
#include "liquid/plan/plan.hpp"

namespace liquid::bench {

/// Host node indices of `ranks` ranks: the network's first hosts in order, or the
/// `rank host` lines of `rank_map`.
inline std::vector<int> rank_hosts(const Network& net, const std::string& rank_map, int ranks) {
    if (rank_map.empty()) {
        const auto all = net.hosts();
        if (static_cast<int>(all.size()) < ranks) throw std::runtime_error("fewer hosts than ranks: give --rankmap");
        return std::vector<int>(all.begin(), all.begin() + ranks);
    }
    auto names = plan::read_rank_map(rank_map);
    names.resize(ranks);
    return plan::hosts_by_name(net, names, rank_map);
}

inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : (v[(v.size() - 1) / 2] + v[v.size() / 2]) / 2;
}

}  // namespace liquid::bench
