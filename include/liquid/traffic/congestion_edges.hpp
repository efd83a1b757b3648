#pragma once
// Size of the congestion graph without building it: a 1 024-host all-to-all has 1 047 552
// transfers, whose adjacency bitsets would take 128 GB.
#include <cstdint>

#include "liquid/traffic/traffic.hpp"

namespace liquid {

/// Number of unordered pairs of transfers that share at least one link. Per transfer i,
/// the distinct later users j > i of its links are counted once each (a stamp array
/// removes pairs that share several links): O(sum over links of λ(l)^2) time, O(transfers)
/// memory per thread. Uses up to `threads` threads (0 = hardware concurrency); the count
/// does not depend on the thread count.
std::uint64_t count_congestion_edges(const Traffic& traffic, unsigned threads = 0);

}  // namespace liquid
