// The commands' single library calls: run_t1_experiment (`liquid testbed t1`) and
// run_testbed_simulation (`liquid simulate testbed`) report their progress, merge the
// other processes' items before they summarise, and stop after the sweep when asked.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "liquid/testbed/t1_experiment.hpp"
#include "liquid/testbed/testbed_table.hpp"
#include "support/sanitized.hpp"
#include "testbed/testbed_support.hpp"

namespace liquid::testbed {
namespace {

using test::t1;

// Each test sweeps the 5^8 allocations (and run_t1_experiment their skeleton shares): about
// 15 s apiece under ASan, for code that only composes calls the sanitizer pass already
// covers (Sweep.*, Experiment.*, ResultCodec.*). The Release pass runs them.
#define SKIP_WHEN_SANITIZED() \
    if (liquid::test::sanitized_build()) GTEST_SKIP() << "sweeps every allocation: Release pass only (LIQUID_SANITIZED=1)"

TEST(T1Experiment, SweepOnlyStopsBeforeScheduling) {
    SKIP_WHEN_SANITIZED();
    T1ExperimentOptions o;
    o.experiment.threads = 2;
    o.sweep_only = true;
    std::uint64_t swept = 0;
    bool scheduling = false;
    T1ExperimentProgress p;
    p.swept = [&](std::uint64_t done) { swept = done; };
    p.scheduling = [&](std::size_t) { scheduling = true; };
    const T1Experiment x = run_t1_experiment(t1(), o, p);
    EXPECT_EQ(swept, kAllocationCount - 1);
    EXPECT_FALSE(scheduling);
    EXPECT_TRUE(x.results.empty());
    EXPECT_FALSE(x.sweep.representatives.empty());
    EXPECT_GT(x.skeleton_shares.representatives, 0);  // computed with the sweep
    EXPECT_LE(x.skeleton_shares.representatives, 1);
}

TEST(T1Experiment, SchedulesTheFirstRepresentativesAndSummarisesAfterTheMerge) {
    SKIP_WHEN_SANITIZED();
    T1ExperimentOptions o;
    o.experiment.threads = 2;
    o.experiment.enumerate = false;
    o.limit = 3;
    std::size_t announced = 0, done = 0;
    int merges = 0;
    T1ExperimentProgress p;
    p.scheduling = [&](std::size_t n) { announced = n; };
    p.scheduled = [&](std::size_t n) { done = n; };
    const T1Experiment x = run_t1_experiment(t1(), o, p, [&](std::vector<RepresentativeResult>& results) {
        ++merges;
        EXPECT_EQ(results.size(), 3U);
    });
    EXPECT_EQ(announced, 3U);
    EXPECT_EQ(done, 3U);
    EXPECT_EQ(merges, 1);
    ASSERT_EQ(x.results.size(), 3U);
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(x.results[i].representative.allocation, x.sweep.representatives[i].allocation);
    EXPECT_EQ(x.summary.representatives, 3U);
    EXPECT_EQ(x.summary.verified, 3U);
}

TEST(TestbedSimulation, ShardedRunMergesTheOtherRowsBeforeTheSummary) {
    SKIP_WHEN_SANITIZED();
    TestbedTableOptions o;
    o.random_runs = 1;
    o.threads = 2;
    o.shard = {1, 2};
    const TestbedSimulation other = run_testbed_simulation(t1(), 3, o);  // "process 1"
    o.shard = {0, 2};
    std::size_t announced = 0, rows_done = 0;
    TestbedSimulationProgress p;
    p.simulating = [&](std::size_t n) { announced = n; };
    p.row_done = [&] { ++rows_done; };
    const TestbedSimulation x = run_testbed_simulation(t1(), 3, o, p, [&](std::vector<TestbedRow>& rows) {
        for (std::size_t i : Shard{1, 2}.items(rows.size())) rows[i] = other.rows[i];
    });
    EXPECT_EQ(announced, 2U);  // rows 0 and 2
    EXPECT_EQ(rows_done, 2U);
    ASSERT_EQ(x.rows.size(), 3U);
    for (const TestbedRow& r : x.rows) {
        EXPECT_GT(r.liquid_throughput, 0);
        EXPECT_GE(r.rep.allocation.switches_used(), 2);  // testbed patterns only
    }
    const TestbedSummary expected = summarize_testbed(t1(), x.rows);
    EXPECT_EQ(x.summary.patterns, 3U);
    EXPECT_EQ(x.summary.liquid_found, expected.liquid_found);
    ASSERT_EQ(x.summary.ratios.size(), expected.ratios.size());
    for (std::size_t c = 0; c < expected.ratios.size(); ++c)
        EXPECT_EQ(x.summary.ratios[c].second.min, expected.ratios[c].second.min);
}

}  // namespace
}  // namespace liquid::testbed
