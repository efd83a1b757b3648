#include "liquid/sched/baselines.hpp"

namespace liquid::sched {

bool place_first_fit(const Traffic& traffic, const std::vector<int>& order, Schedule& s, std::vector<Bitset>& busy,
                     std::size_t first, DeadlinePoll* poll) {
    for (int t : order) {
        if (poll && poll->expired()) return false;
        std::size_t f = 0;
        while (f < busy.size() && traffic[t].links.intersects(busy[f])) ++f;
        if (f == busy.size()) {
            busy.push_back(traffic[t].links.bits());
            s.frames.emplace_back();
        } else {
            traffic[t].links.add_to(busy[f]);
        }
        s.frames[first + f].push_back(t);
    }
    return true;
}

void append_first_fit(const Traffic& traffic, const std::vector<int>& order, Schedule& s) {
    std::vector<Bitset> busy;  // links busy in each appended frame
    place_first_fit(traffic, order, s, busy, s.frames.size(), nullptr);
}

}  // namespace liquid::sched
