// FIFO and random-order schedules.
#include <algorithm>
#include <numeric>
#include "liquid/base/rng.hpp"

#include "liquid/sched/baselines.hpp"

namespace liquid::sched {

Schedule fifo_schedule(const Traffic& traffic) {
    Schedule s;
    Bitset used(static_cast<std::size_t>(traffic.link_count()));
    for (int t = 0; t < traffic.size(); ++t) {
        if (s.frames.empty() || traffic[t].links.intersects(used)) {
            s.frames.emplace_back();
            used.clear();
        }
        s.frames.back().push_back(t);
        traffic[t].links.add_to(used);
    }
    return s;
}

Schedule random_schedule(const Traffic& traffic, std::uint64_t seed) {
    std::vector<int> order(traffic.size());
    std::iota(order.begin(), order.end(), 0);
    Rng rng(seed);
    liquid::shuffle(order.begin(), order.end(), rng);
    Schedule s;
    append_first_fit(traffic, order, s);
    return s;
}

}  // namespace liquid::sched
