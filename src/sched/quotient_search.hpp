#pragma once
// The stable invariant form decided by the engine's own searches: the quotient
// traffic of a group (quotient_traffic.hpp) scheduled by DSatur, the exact fission search
// of the papers (Gabrielyan & Hersch, liquid schedule construction report (EPFL, 2006),
// §7) and the tabu search, in that order, each on a share of the window. On symmetric
// fabrics the quotient is a few hundred transfers, where the fission search answers in
// milliseconds when a liquid schedule exists; CaDiCaL (stable_schedule) remains the
// partner for the refutations.
#include <chrono>
#include <cstdint>
#include <vector>

#include "sched/invariant_schedule.hpp"

namespace liquid::sched {

/// Found: a G-stable schedule of L frames (expanded to the traffic; the caller verifies
/// it). NoInvariant: the fission search exhausted the quotient, or an orbit link carries
/// more than L orbits. NoGroup: an orbit congests with itself. Unknown: the deadline.
InvariantOutcome stable_schedule_search(const Traffic& traffic, const std::vector<TransferPermutation>& group, int L,
                                        std::uint64_t seed, std::chrono::steady_clock::time_point deadline,
                                        std::size_t memory_bytes);

}  // namespace liquid::sched
