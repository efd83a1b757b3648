// The tabu search stepping down one frame at a time (see tabu_descent.hpp).
#include "sched/tabu_descent.hpp"

#include "liquid/base/deadline.hpp"
#include "liquid/base/race.hpp"
#include "sched/tabu_search.hpp"

namespace liquid::sched {
namespace {

using Clock = std::chrono::steady_clock;

/// Searches in one race: one per core, at most two (their tables must fit the memory limit
/// beside what the process holds).
constexpr std::size_t kMostSearches = 2;

}  // namespace

std::optional<TabuDescent> tabu_descent(const Traffic& traffic, const Schedule& start, int lower, std::uint64_t seed,
                                        const Limits& limits, Clock::time_point end, const std::function<void(int)>& trying) {
    std::optional<TabuDescent> best;
    bool retried = false;
    int L = start.length() - 1;
    while (L >= lower && !reached(end)) {
        const Clock::time_point now = Clock::now();
        const Clock::time_point until = L == lower || retried ? end : now + (end - now) / 2;
        const int searches = static_cast<int>(racers_that_fit(kMostSearches, tabu_memory_bytes(traffic, L), limits));
        const std::uint64_t first = seed + (retried ? static_cast<std::uint64_t>(searches) : 0);
        if (trying) trying(L);
        TabuOutcome tabu = tabu_race(traffic, best ? best->schedule : start, L, first, searches, until);
        if (tabu.found) {
            best = TabuDescent{std::move(tabu.schedule), tabu.seed};
            L = best->schedule.length() - 1;
            continue;
        }
        if (retried) break;
        retried = true;  // the same length once more, with the next seeds
    }
    return best;
}

}  // namespace liquid::sched
