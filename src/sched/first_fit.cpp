#include "liquid/sched/baselines.hpp"

namespace liquid::sched {

void append_first_fit(const Traffic& traffic, const std::vector<int>& order, Schedule& s) {
    const std::size_t base = s.frames.size();
    std::vector<LinkSet> used;  // links busy in each appended frame
    for (int t : order) {
        std::size_t f = 0;
        while (f < used.size() && used[f].intersects(traffic[t].links)) ++f;
        if (f == used.size()) {
            used.push_back(traffic[t].links);
            s.frames.emplace_back();
        } else {
            used[f] |= traffic[t].links;
        }
        s.frames[base + f].push_back(t);
    }
}

}  // namespace liquid::sched
