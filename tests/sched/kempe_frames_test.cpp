// Kempe-chain insertion (König's edge colouring generalised to transfers over links) and
// the fragments of fabrics it schedules: an all-to-all among a random subset of hosts.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>

#include "liquid/base/memory_watch.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sched/kempe_frames.hpp"
#include "support/sanitized.hpp"
#include "test_support.hpp"

namespace liquid {
namespace {

using test::bipartite_traffic;
using test::fragment;

TEST(KempeFrames, ColoursBipartiteMultigraphsWithExactlyDeltaFramesByChainsAlone) {
    // König: Δ colours always suffice; the alternating-path swaps find them without the
    // ejection walk (walk_steps_per_transfer = 0).
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 60; ++trial) {
        int delta = 0;
        const Traffic t = bipartite_traffic(rng, 3 + trial % 7, 2 + trial % 9, 10 + 7 * trial, delta);
        sched::KempeOptions o;
        o.seed = static_cast<std::uint64_t>(trial);
        o.walk_steps_per_transfer = 0;
        const std::optional<Schedule> s = sched::kempe_schedule(t, o, Limits{});
        ASSERT_TRUE(s.has_value());
        EXPECT_EQ(verify_schedule(t, *s), "") << "trial " << trial;
        EXPECT_EQ(s->length(), delta) << "trial " << trial;
        EXPECT_EQ(analyze(t).duration, delta);
    }
}

TEST(KempeFrames, AllToAllOnACrossbarIsLiquid) {
    // One switch: every transfer's links are its sender's and its receiver's host links.
    for (int hosts : {5, 16, 33}) {
        const Traffic t = make_pattern(make_crossbar(hosts), PatternSpec{});
        sched::KempeOptions o;
        o.walk_steps_per_transfer = 0;
        const std::optional<Schedule> s = sched::kempe_schedule(t, o, Limits{});
        ASSERT_TRUE(s.has_value());
        EXPECT_EQ(verify_schedule(t, *s), "");
        EXPECT_EQ(s->length(), hosts - 1);
    }
}

TEST(KempeFrames, AnyTrafficGetsAVerifiedScheduleOfAtLeastLambdaFrames) {
    std::mt19937_64 rng(5);
    for (int trial = 0; trial < 40; ++trial) {
        const Traffic t = test::random_link_traffic(rng, 20 + 3 * trial, 8 + trial % 5, 4);
        for (int L : {0, analyze(t).duration + 2}) {
            sched::KempeOptions o;
            o.frames = L;
            o.seed = static_cast<std::uint64_t>(trial);
            const std::optional<Schedule> s = sched::kempe_schedule(t, o, Limits{});
            ASSERT_TRUE(s.has_value());
            EXPECT_EQ(verify_schedule(t, *s), "") << "trial " << trial;
            EXPECT_GE(s->length(), analyze(t).duration);
        }
    }
}

TEST(KempeFrames, MemoryLimitSkipsInsteadOfAllocating) {
    const Traffic t = make_pattern(make_crossbar(8), PatternSpec{});
    Limits tight;
    // Beside what the process holds: half the estimate declines, the estimate and a margin
    // (the resident memory moves by pages meanwhile) is enough.
    const std::uint64_t need = sched::kempe_memory_bytes(t, 7);
    tight.memory_bytes = resident_bytes() + need / 2;
    EXPECT_FALSE(sched::kempe_schedule(t, sched::KempeOptions{}, tight).has_value());
    tight.memory_bytes = resident_bytes() + need + (std::uint64_t{16} << 20);
    EXPECT_TRUE(sched::kempe_schedule(t, sched::KempeOptions{}, tight).has_value());
}

TEST(KempeFrames, FragmentsOfSmallFabricsAreLiquidFromThePortfolio) {
    // 32 random hosts of fat-tree:4,3 (Λ 32 and 40: inner links are the bottleneck) and of
    // hypercube:7 (Λ 31: the host links): the Kempe construction reaches Λ, so the
    // portfolio stops there, proven.
    for (const char* spec : {"fat-tree:4,3", "hypercube:7"})
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            const Traffic t = fragment(spec, 32, seed);
            const std::optional<Schedule> s = sched::kempe_schedule(t, sched::KempeOptions{}, Limits{});
            ASSERT_TRUE(s.has_value());
            EXPECT_EQ(verify_schedule(t, *s), "") << spec << " seed " << seed;
            EXPECT_EQ(s->length(), analyze(t).duration) << spec << " seed " << seed;
            SolveOptions so;
            so.time_limit_s = 20;
            const SolveResult r = solve(t, so);
            EXPECT_EQ(verify_schedule(t, r.schedule), "");
            EXPECT_TRUE(r.liquid) << spec << " seed " << seed << ": " << r.schedule.length() << " frames by " << r.solver;
            EXPECT_TRUE(r.optimal);
        }
}

TEST(KempeFrames, A128RankFragmentIsNeverWorseThanDSaturAndRoundRobin) {
    // The job start-up case: 128 random ranks of hypercube:10 (16 256 transfers), on a
    // 5 s budget. Release pass only (seconds of work).
    if (liquid::test::sanitized_build()) GTEST_SKIP() << "16 256-transfer fragment: Release pass only";
    const Traffic t = fragment("hypercube:10", 128, 1);
    SolveOptions o;
    o.time_limit_s = 5;
    const SolveResult r = solve(t, o);
    EXPECT_EQ(verify_schedule(t, r.schedule), "");
    EXPECT_EQ(r.duration, 127);
    EXPECT_GE(r.schedule.length(), r.lower_bound);
    EXPECT_LE(r.schedule.length(), sched::round_robin_schedule(t).length());
    EXPECT_LE(r.schedule.length(), sched::dsatur_schedule(t).length());
}

}  // namespace
}  // namespace liquid
