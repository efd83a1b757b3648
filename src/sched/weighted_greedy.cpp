// Largest-first greedy: the longest remaining transfers open each frame, and every
// transfer that congests none of the frame's joins it whole.
#include <algorithm>
#include <numeric>

#include "liquid/sched/baselines.hpp"
#include "sched/weighted_methods.hpp"

namespace liquid::sched {

WeightedSchedule greedy_schedule(const WeightedProblem& p) {
    const Traffic& t = *p.traffic;
    std::vector<double> seconds(static_cast<std::size_t>(t.size()));
    for (int x = 0; x < t.size(); ++x) seconds[static_cast<std::size_t>(x)] = transfer_seconds(p, x);
    std::vector<int> order(static_cast<std::size_t>(t.size()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return seconds[static_cast<std::size_t>(a)] > seconds[static_cast<std::size_t>(b)]; });
    // Filling frame after frame in this order is first fit in this order: a transfer joins
    // the first frame none of whose earlier members it congests.
    Schedule whole;
    append_first_fit(t, order, whole);
    return whole_transfer_frames(p, whole.frames);
}

}  // namespace liquid::sched
