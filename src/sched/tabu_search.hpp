#pragma once
// Local search for schedules of a fixed length L on large traffics: tabu search
// over frame assignments minimising link conflicts (pairs of transfers of one frame sharing
// a link), in the manner of TabuCol (Hertz & de Werra, "Using tabu search techniques for
// graph coloring", Computing 39, 1987) but on link loads instead of congestion-graph
// edges, with Kempe-chain moves to leave plateaus. Warm-started from a schedule.
#include <chrono>
#include <cstdint>

#include "liquid/sched/schedule.hpp"

namespace liquid::sched {

struct TabuOutcome {
    bool found = false;  // schedule has L frames and no conflicts (the caller verifies it)
    Schedule schedule;
    long best_conflicts = 0;  // fewest conflicting transfer pairs reached
    std::uint64_t iterations = 0;
    std::uint64_t kempe_moves = 0;
};

/// Searches a conflict-free assignment of the transfers to L frames, starting from `start`
/// (its frames beyond the L largest are dissolved greedily). Seeded; stops at the deadline.
TabuOutcome tabu_search(const Traffic& traffic, const Schedule& start, int L, std::uint64_t seed,
                        std::chrono::steady_clock::time_point deadline);

}  // namespace liquid::sched
