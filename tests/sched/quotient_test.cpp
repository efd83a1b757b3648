// The quotient traffic of a symmetry group: the stable invariant form scheduled
// by the engine's own searches. Every schedule is checked by the independent verifier.
#include <gtest/gtest.h>

#include <chrono>

#include "liquid/net/generators.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sched/quotient_search.hpp"
#include "sched/quotient_traffic.hpp"
#include "sched/symmetry.hpp"
#include "test_support.hpp"

namespace liquid {
namespace {

using test::in_seconds;
using test::link_traffic;

using test::kMemory;

/// A free abelian subgroup of `order` whose orbits do not congest with themselves.
std::vector<sched::TransferPermutation> stable_group(const Traffic& t, int order) {
    const sched::TrafficSymmetry s = sched::find_symmetry(t, in_seconds(10));
    const sched::ElementFilter no_self_congestion = [&t](const sched::TransferPermutation& g) {
        for (int x = 0; x < t.size(); ++x)
            if (t[x].links.intersects(t[g[static_cast<std::size_t>(x)]].links)) return false;
        return true;
    };
    return sched::SubgroupFinder(s, 1, in_seconds(10), kMemory)
        .restricted(no_self_congestion)
        .free_abelian(order, in_seconds(10));
}

TEST(QuotientTraffic, ExpandedSchedulesAreSchedulesOfTheTraffic) {
    // hypercube:4 all-to-all under e-cube routing: the 16 XOR translations map no transfer
    // onto one it congests with; 240 transfers, 15 orbits, the same Λ.
    const Traffic t = make_pattern(make_hypercube(4), PatternSpec{});
    for (int order : {16, 8, 4, 2}) {
        const auto group = stable_group(t, order);
        ASSERT_EQ(static_cast<int>(group.size()), order);
        const auto q = sched::quotient_traffic(t, group);
        ASSERT_TRUE(q.has_value()) << order;
        ASSERT_EQ(q->traffic.size(), t.size() / order);
        EXPECT_EQ(analyze(q->traffic).duration, analyze(t).duration) << order;  // link loads count orbits
        std::vector<int> covered(static_cast<std::size_t>(t.size()), 0);
        for (const auto& m : q->members) {
            EXPECT_EQ(static_cast<int>(m.size()), order);
            for (int x : m) ++covered[static_cast<std::size_t>(x)];
        }
        for (int c : covered) EXPECT_EQ(c, 1);
        // Any schedule of the quotient (here DSatur's) expands to one of the traffic.
        const Schedule qs = sched::dsatur_schedule(q->traffic);
        ASSERT_EQ(verify_schedule(q->traffic, qs), "");
        const Schedule s = sched::expand_quotient_schedule(*q, qs);
        EXPECT_EQ(s.length(), qs.length());
        EXPECT_EQ(verify_schedule(t, s), "") << order;
    }
}

TEST(QuotientTraffic, AnOrbitCongestingWithItselfHasNoQuotient) {
    // The swap of two transfers sharing link 1: their orbit would use link 1 twice.
    const Traffic t = link_traffic({{0, 1}, {1, 2}}, 3);
    const std::vector<sched::TransferPermutation> swap{{0, 1}, {1, 0}};
    EXPECT_FALSE(sched::quotient_traffic(t, swap).has_value());
    EXPECT_EQ(sched::stable_schedule_search(t, swap, 2, 1, in_seconds(10), kMemory).answer, sched::InvariantAnswer::NoGroup);
}

TEST(QuotientSearch, FindsLiquidStableSchedules) {
    // hypercube:4 (Λ 15) and torus:4x4 (Λ 16) all-to-all: the quotient by a stable group has a
    // liquid schedule, which the searches on the quotient find; one frame fewer is refuted
    // on the quotient's own link loads.
    for (const auto& [net, order] :
         std::vector<std::pair<Network, int>>{{make_hypercube(4), 16}, {make_torus({4, 4}, true), 4}}) {
        const Traffic t = make_pattern(net, PatternSpec{});
        const int duration = analyze(t).duration;
        const auto group = stable_group(t, order);
        ASSERT_EQ(static_cast<int>(group.size()), order);
        const auto o = sched::stable_schedule_search(t, group, duration, 1, in_seconds(20), kMemory);
        ASSERT_EQ(o.answer, sched::InvariantAnswer::Found) << order;
        EXPECT_TRUE(o.frames_fixed);
        EXPECT_FALSE(o.found_by.empty());
        EXPECT_EQ(o.schedule.length(), duration);
        EXPECT_EQ(verify_schedule(t, o.schedule), "");
        EXPECT_EQ(sched::stable_schedule_search(t, group, duration - 1, 1, in_seconds(20), kMemory).answer,
                  sched::InvariantAnswer::NoInvariant);
    }
}

}  // namespace
}  // namespace liquid
