#pragma once
// Lower bounds on the schedule length stronger than Λ (issue 3).
#include <vector>

#include "liquid/traffic/traffic.hpp"

namespace liquid::sched {

/// A large clique of the congestion graph (pairwise congesting transfers): every schedule
/// needs at least that many frames. Greedy from every vertex (candidates by descending
/// degree), seeded also by the users of each link (a link's users are a clique of size
/// λ(l), so the result is never below Λ). Exact (branch and bound) when the traffic has
/// at most `exact_limit` transfers.
std::vector<int> large_clique(const Traffic& traffic, int exact_limit = 48);

/// Cliques that act as extra "virtual links" in the frame search: a greedy maximal clique
/// through every transfer, deduplicated, keeping only those not contained in one real
/// link's users (those add nothing to the link loads). At most `max_cliques`, largest first.
/// Like a link, a clique with more remaining members than frames left is a dead end, and
/// one with exactly as many is critical: the next frame must take one of its members.
std::vector<std::vector<int>> virtual_link_cliques(const Traffic& traffic, std::size_t max_cliques);

}  // namespace liquid::sched
