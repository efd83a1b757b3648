#pragma once
// Lower bounds on the schedule length stronger than Λ (they prove optimality when no liquid schedule exists).
#include <vector>

#include "liquid/base/deadline.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::sched {

/// A large clique of the congestion graph (pairwise congesting transfers): every schedule
/// needs at least that many frames. Greedy from every vertex (candidates by descending
/// degree), seeded also by the users of each link (a link's users are a clique of size
/// λ(l), so the result is never below Λ), then improved by a colour-bounded branch and
/// bound on a budget of a few milliseconds (it finds the cliques of arcs that pairwise
/// overlap around a ring without a common link). Exact (the same branch and bound without
/// the budget, stopped only by the deadline) when the traffic has at most `exact_limit`
/// transfers.
/// With `limits`: the greedy passes stop at the deadline (keeping the best clique so far),
/// and when the congestion graph (transfers^2 bits) does not fit in a quarter of the memory
/// limit or the traffic has more than 16 384 transfers (building the graph alone would
/// take seconds), the result is the users of a most loaded link (size Λ).
std::vector<int> large_clique(const Traffic& traffic, int exact_limit = 48, const Limits* limits = nullptr);

/// Cliques that act as extra "virtual links" in the frame search: a greedy maximal clique
/// through every transfer, deduplicated, keeping only those not contained in one real
/// link's users (those add nothing to the link loads). At most `max_cliques`, largest first.
/// Like a link, a clique with more remaining members than frames left is a dead end, and
/// one with exactly as many is critical: the next frame must take one of its members.
/// Stops at the deadline, or after growing cliques from `max_seeds` transfers (0 = all),
/// with the cliques found so far (each is still a valid clique).
std::vector<std::vector<int>> virtual_link_cliques(const Traffic& traffic, std::size_t max_cliques, const Deadline& deadline = {},
                                                   std::size_t max_seeds = 0);

}  // namespace liquid::sched
