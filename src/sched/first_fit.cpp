#include "liquid/sched/baselines.hpp"

namespace liquid::sched {

bool place_first_fit(const Traffic& traffic, const std::vector<int>& order, Schedule& s, std::vector<LinkSet>& busy,
                     std::size_t first, DeadlinePoll* poll) {
    for (int t : order) {
        if (poll && poll->expired()) return false;
        std::size_t f = 0;
        while (f < busy.size() && busy[f].intersects(traffic[t].links)) ++f;
        if (f == busy.size()) {
            busy.push_back(traffic[t].links);
            s.frames.emplace_back();
        } else {
            busy[f] |= traffic[t].links;
        }
        s.frames[first + f].push_back(t);
    }
    return true;
}

void append_first_fit(const Traffic& traffic, const std::vector<int>& order, Schedule& s) {
    std::vector<LinkSet> busy;  // links busy in each appended frame
    place_first_fit(traffic, order, s, busy, s.frames.size(), nullptr);
}

}  // namespace liquid::sched
