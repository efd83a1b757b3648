// Largest-first greedy: the longest remaining transfers open each frame, and every
// transfer that congests none of the frame's joins it whole.
#include <algorithm>
#include <numeric>

#include "liquid/traffic/byte_load.hpp"
#include "sched/weighted_methods.hpp"

namespace liquid::sched {

WeightedSchedule greedy_schedule(const WeightedProblem& p) {
    const Traffic& t = *p.traffic;
    std::vector<double> seconds(static_cast<std::size_t>(t.size()));
    for (int x = 0; x < t.size(); ++x) seconds[static_cast<std::size_t>(x)] = t[x].size / transfer_rate(t, p.rates, x);
    std::vector<int> order(static_cast<std::size_t>(t.size()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return seconds[static_cast<std::size_t>(a)] > seconds[static_cast<std::size_t>(b)]; });
    std::vector<int> link_frame(static_cast<std::size_t>(t.link_count()), -1);
    WeightedSchedule s;
    while (!order.empty()) {
        const int frame = s.length();
        WeightedFrame f;
        std::vector<int> rest;
        for (int x : order) {
            bool free = true;
            t[x].links.for_each([&](std::size_t l) { free = free && link_frame[l] != frame; });
            if (!free) {
                rest.push_back(x);
                continue;
            }
            t[x].links.for_each([&](std::size_t l) { link_frame[l] = frame; });
            f.pieces.push_back({x, transfer_bytes(t[x])});
        }
        s.frames.push_back(std::move(f));
        order.swap(rest);
    }
    set_frame_durations(p, s);
    return s;
}

}  // namespace liquid::sched
