// The fission search's first dive as a construction: where it applies and what it returns.
#include <gtest/gtest.h>

#include <optional>

#include "liquid/base/deep_stack.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sched/fission_dive.hpp"
#include "support/run.hpp"
#include "support/sanitized.hpp"
#include "test_support.hpp"

namespace liquid {
namespace {

TEST(FissionDive, AppliesWhereTheHostsSetLambdaOnTrafficsItsTablesHold) {
    // 48 hosts of a fat tree: the hosts' links carry Λ = 47.
    EXPECT_TRUE(sched::fission_dive_applies(test::fragment("fat-tree:8,3", 48, 1)));
    // The whole torus:8x8: inner links set Λ = 80 above the hosts' 63.
    EXPECT_FALSE(sched::fission_dive_applies(make_pattern(make_torus({8, 8}, true), PatternSpec{})));
    // 160 hosts: 25 440 transfers, more than the frame search's tables hold.
    EXPECT_FALSE(sched::fission_dive_applies(test::fragment("fat-tree:8,3", 160, 1)));
    EXPECT_FALSE(sched::fission_dive_applies(Traffic{}));
}

TEST(FissionDive, FindsAVerifiedScheduleOfLambdaFramesOnHostBoundFragments) {
    for (int seed = 1; seed <= 3; ++seed) {
        const Traffic t = test::fragment("fat-tree:8,3", 48, seed);
        const std::optional<Schedule> s = sched::fission_dive_schedule(t, Limits{});
        ASSERT_TRUE(s.has_value()) << "seed " << seed;
        EXPECT_EQ(verify_schedule(t, *s), "") << "seed " << seed;
        EXPECT_EQ(s->length(), analyze(t).duration) << "seed " << seed;
    }
}

TEST(FissionDive, ReachesLambdaOnDragonflyFragmentsWhereAFirstDescentStalls) {
    // 128 hosts of a 342-host dragonfly (19 groups of 6 routers with 3 hosts; the wiring of
    // scripts/fabric-json.py): the Latin square misses these, and on the second the first
    // descent (no clique links) stalls at one node; the one with clique links answers.
    // Called from a thread with a 1 MB stack: the descent recurses once per transfer
    // placed (3-4 MB here), so it must move to a stack of its own.
    if (test::sanitized_build()) GTEST_SKIP() << "a dive of 16 256 transfers: the Release pass runs it";
    const std::string dragonfly = test::source_path("tests/data/fabrics/dragonfly-6-3-3.json");
    for (int seed = 1; seed <= 2; ++seed) {
        const Traffic t = test::fragment(dragonfly, 128, seed);
        ASSERT_TRUE(sched::fission_dive_applies(t));
        std::optional<Schedule> s;
        run_on_deep_stack(std::size_t{1} << 20, [&] { s = sched::fission_dive_schedule(t, Limits{}); });
        ASSERT_TRUE(s.has_value()) << "seed " << seed;
        EXPECT_EQ(verify_schedule(t, *s), "") << "seed " << seed;
        EXPECT_EQ(s->length(), analyze(t).duration) << "seed " << seed;
    }
}

TEST(FissionDive, DeclinesWhenTheMemoryOrTheDeadlineDoesNotAllowIt) {
    const Traffic t = test::fragment("fat-tree:8,3", 48, 1);
    Limits tiny;
    tiny.memory_bytes = 1;
    EXPECT_FALSE(sched::fission_dive_schedule(t, tiny).has_value());
    Limits expired;
    expired.deadline = Deadline::after(1e-9);
    EXPECT_FALSE(sched::fission_dive_schedule(t, expired).has_value());
}

}  // namespace
}  // namespace liquid
