#pragma once
// The tabu search stepping down one frame at a time: from a schedule, a tabu race
// (tabu_search.hpp) for one frame fewer, warm-started from the last schedule found, down
// to a lower bound. Aiming at the bound at once wastes the time when the bound is not
// achievable (torus:8x8, Λ 80), and stepping down costs little when it is (each step starts
// one frame away): from the Kempe chains' 135 frames of a 128-host dragonfly fragment
// (Λ 129), 129 in 0.11-0.19 s, where one race aiming at 129 took 0.03-4.8 s by seed.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>

#include "liquid/base/deadline.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid::sched {

struct TabuDescent {
    Schedule schedule;       // the shortest found (the caller verifies it)
    std::uint64_t seed = 0;  // the seed of the search that found it
};

/// Steps down from `start` towards `lower` until `end`: each length is a race of one search
/// per core, at most two, as many as fit `limits`' memory, on half the time left (the lower
/// bound on all of it). A length that fails gets one more race, with the next seeds, on all
/// the time left; then the descent ends. `trying(L)` is told each length first (progress).
/// nullopt when no length below start's was reached.
std::optional<TabuDescent> tabu_descent(const Traffic& traffic, const Schedule& start, int lower, std::uint64_t seed,
                                        const Limits& limits, std::chrono::steady_clock::time_point end,
                                        const std::function<void(int)>& trying = {});

}  // namespace liquid::sched
