#pragma once
// Local search for schedules of a fixed length L on large traffics: tabu search
// over frame assignments minimising link conflicts (pairs of transfers of one frame sharing
// a link), in the manner of TabuCol (Hertz & de Werra, "Using tabu search techniques for
// graph coloring", Computing 39, 1987) but on link loads instead of congestion-graph
// edges, with Kempe-chain moves to leave plateaus. Warm-started from a schedule.
#include <atomic>
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
    std::uint64_t seed = 0;  // the seed of the search this outcome comes from
};

/// Working memory of one tabu_search: the (link, frame) user lists and per-transfer state.
std::uint64_t tabu_memory_bytes(const Traffic& traffic, int L);

/// Searches a conflict-free assignment of the transfers to L frames, starting from `start`
/// (its frames beyond the L largest are dissolved greedily). Seeded; stops at the deadline,
/// on a stop request (SIGINT/SIGTERM) or when `stop` is set.
TabuOutcome tabu_search(const Traffic& traffic, const Schedule& start, int L, std::uint64_t seed,
                        std::chrono::steady_clock::time_point deadline, const std::atomic<bool>* stop = nullptr);

/// `searches` tabu searches at once, one thread each, seeded seed, seed + 1, ...: the
/// first to find a schedule stops the others. How long a search takes to find one varies
/// by a factor of three or more between seeds (torus:6x6x6, 128 random hosts, 137 to 136
/// frames: 6.5 to over 20 s), so two seeds on two cores answer sooner than one seed on
/// one. Returns a found outcome (the lowest seed's when several found), else the one with
/// the fewest conflicts. One search runs on the calling thread; when a thread cannot be
/// started, fewer searches run.
TabuOutcome tabu_race(const Traffic& traffic, const Schedule& start, int L, std::uint64_t seed, int searches,
                      std::chrono::steady_clock::time_point deadline);

}  // namespace liquid::sched
