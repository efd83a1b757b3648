#pragma once
// Size of the congestion graph without building it: a 1 024-host all-to-all has 1 047 552
// transfers, whose adjacency bitsets would take 128 GB.
#include <cstdint>
#include <optional>

#include "liquid/traffic/traffic.hpp"

namespace liquid {

/// Number of unordered pairs of transfers that share at least one link. Uses the run
/// formula (count_congestion_edges_by_runs) when its condition holds, else the per-link
/// user scan (count_congestion_edges_by_users); both are exact. Uses up to `threads`
/// threads (0 = hardware concurrency); the count does not depend on the thread count.
std::uint64_t count_congestion_edges(const Traffic& traffic, unsigned threads = 0);

/// The user scan: per transfer i, the distinct later users j > i of its links are counted
/// once each (a stamp array removes pairs that share several links): O(sum over links of
/// λ(l)^2) time, O(transfers) memory per thread.
std::uint64_t count_congestion_edges_by_users(const Traffic& traffic, unsigned threads = 0);

/// The run formula: edges = Σ_l C(λ(l), 2) − Σ_(l,l') C(λ(l,l'), 2), where λ(l,l') counts
/// the transfers whose path takes l' right after l. Exact when the links two transfers
/// share always form one run (one stretch of consecutive links in both paths). That
/// condition is checked on the paths in O(Σ path length²) time and O(links + Σ path
/// length) memory (see the .cpp for the proof); returns nothing when the check fails, and
/// the caller counts by users instead. Uses up to `threads` threads (0 = all).
std::optional<std::uint64_t> count_congestion_edges_by_runs(const Traffic& traffic, unsigned threads = 0);

}  // namespace liquid
