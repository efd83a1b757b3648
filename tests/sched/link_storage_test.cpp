// The constructions give the same schedules whether the traffic's link sets are bitsets
// or sorted lists, and the verifier accepts them either way.
#include <gtest/gtest.h>

#include "liquid/io/network_spec.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/patterns.hpp"

namespace liquid::sched {
namespace {

TEST(LinkStorage, BaselinesScheduleListsLikeBitsets) {
    for (const char* spec : {"two-switch", "torus:4x4", "fat-tree:4,3", "hypercube:5"}) {
        const Traffic dense = make_pattern(make_network(spec), PatternSpec{}).with_storage(LinkStorage::Bitset);
        const Traffic list = dense.with_storage(LinkStorage::List);
        const std::vector<std::pair<Schedule, Schedule>> pairs{{round_robin_schedule(dense), round_robin_schedule(list)},
                                                               {fifo_schedule(dense), fifo_schedule(list)},
                                                               {random_schedule(dense, 3), random_schedule(list, 3)},
                                                               {dsatur_schedule(dense), dsatur_schedule(list)}};
        for (const auto& [a, b] : pairs) {
            EXPECT_EQ(a.frames, b.frames) << spec;
            EXPECT_EQ(verify_schedule(dense, a), "") << spec;
            EXPECT_EQ(verify_schedule(list, b), "") << spec;
        }
        // A schedule with a conflict (a transfer moved next to one it shares a link with)
        // is refused by both, with the same message.
        Schedule bad = pairs.front().first;
        const int x = bad.frames[0][0];
        for (std::size_t f = 1; f < bad.frames.size(); ++f)
            for (std::size_t k = 0; k < bad.frames[f].size(); ++k)
                if (dense[bad.frames[f][k]].links.intersects(dense[x].links) && bad.frames[f].size() > 1) {
                    bad.frames[0].push_back(bad.frames[f][k]);
                    bad.frames[f].erase(bad.frames[f].begin() + static_cast<long>(k));
                    f = bad.frames.size() - 1;
                    break;
                }
        EXPECT_NE(verify_schedule(dense, bad), "") << spec;
        EXPECT_EQ(verify_schedule(dense, bad), verify_schedule(list, bad)) << spec;
    }
}

}  // namespace
}  // namespace liquid::sched
