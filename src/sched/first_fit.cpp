#include <bit>
#include <cstdint>

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
    // Per link, the appended frames it is busy in (bit f): a transfer's frame is the first
    // bit clear in the union of its links' sets, O(links · frames / 64) per transfer instead
    // of a link-set test per frame (hundreds of thousands of transfers arrive here when the
    // Kempe insertion runs out of time).
    using Word = std::uint64_t;
    const std::size_t first = s.frames.size();
    std::vector<std::vector<Word>> busy(static_cast<std::size_t>(traffic.link_count()));
    std::vector<Word> taken;
    for (int t : order) {
        const std::size_t frames = s.frames.size() - first;
        taken.assign(frames / 64 + 1, 0);
        traffic[t].links.for_each([&](std::size_t l) {
            for (std::size_t w = 0; w < busy[l].size(); ++w) taken[w] |= busy[l][w];
        });
        std::size_t f = 0;
        while (~taken[f / 64] == 0) f += 64;
        f += static_cast<std::size_t>(std::countr_one(taken[f / 64]));
        if (f == frames) s.frames.emplace_back();
        traffic[t].links.for_each([&](std::size_t l) {
            if (busy[l].size() <= f / 64) busy[l].resize(f / 64 + 1, 0);
            busy[l][f / 64] |= Word{1} << (f % 64);
        });
        s.frames[first + f].push_back(t);
    }
}

}  // namespace liquid::sched
