// The per-representative experiment and its summary, on hand-checked small allocations.
#include <gtest/gtest.h>

#include "liquid/base/error.hpp"
#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/testbed/experiment.hpp"
#include "testbed/testbed_support.hpp"

namespace liquid::testbed {
namespace {

using test::rep_of;
using test::t1;

ExperimentOptions small_options() {
    ExperimentOptions o;
    o.time_limit_s = 5;
    o.max_categories = 20000;
    o.threads = 2;
    return o;
}

// Hand check, one switch with 3 nodes: the 9 transfers form a 3×3 crossbar exchange; a
// team must use all 6 bottlenecks tx0..2, rx0..2, i.e. be a permutation: 3! = 6 full
// teams; a liquid schedule is a Latin square of 3 frames.
TEST(Experiment, SingleSwitchHandChecked) {
    const RepresentativeResult r = run_representative(t1(), rep_of("30000000"), small_options());
    EXPECT_EQ(r.skeleton, 9U);
    EXPECT_EQ(r.bottlenecks, 6);
    EXPECT_EQ(r.congestion_edges, 18U);
    EXPECT_TRUE(r.all_verified());
    EXPECT_TRUE(r.exact.liquid);
    EXPECT_EQ(r.exact.schedule.length(), 3);
    EXPECT_GE(r.dsatur_length, 3);
    EXPECT_GE(r.round_robin_length, 3);
    for (const SearchSpace& s : r.search_space) {
        EXPECT_TRUE(s.complete);
        EXPECT_EQ(s.full_teams, 6U);
    }
    // Each optimisation only removes categories (report §6.3).
    EXPECT_LE(r.search_space[1].categories, r.search_space[0].categories);
    EXPECT_LE(r.search_space[2].categories, r.search_space[1].categories);
}

// Hand check, two adjacent switches, 4 nodes each: Λ = 16 (links s0s1, s1s0 carry 16
// each) and a liquid schedule of 16 frames exists: frame k pairs cross transfer k of
// s0->s1 with cross transfer k of s1->s0 and fills in intra-switch transfers (the
// command's --allocation 44000000 prints one).
TEST(Experiment, TwoAdjacentSwitchesHandChecked) {
    ExperimentOptions o = small_options();
    o.enumerate = false;
    const RepresentativeResult r = run_representative(t1(), rep_of("44000000"), o);
    EXPECT_EQ(r.skeleton, 32U);
    EXPECT_TRUE(r.all_verified());
    EXPECT_TRUE(r.exact.liquid);
    EXPECT_EQ(r.exact.schedule.length(), 16);
    EXPECT_GE(r.dsatur_length, 16);
    EXPECT_EQ(r.search_space[0].categories, 0U);  // not enumerated
}

// Both pivot rules (docs/reproduction/swiss-t1.md: search-space shares) on the small representatives: the same
// full teams at every level, pruning never adds categories under either rule, and the
// liquid search decides the same with either rule (every schedule verified).
TEST(Experiment, PivotRulesAgreeOnSmallRepresentatives) {
    const SweepResult sweep = sweep_distinct_throughputs(t1(), 2);
    int checked = 0;
    for (const Representative& rep : sweep.representatives) {
        if (rep.transfers > 36) continue;  // up to 6 nodes: 9 representatives
        ExperimentOptions low = small_options(), constrained = small_options();
        low.pivot = PivotRule::LowestIndex;
        constrained.pivot = PivotRule::Constrained;
        const RepresentativeResult a = run_representative(t1(), rep, low), b = run_representative(t1(), rep, constrained);
        for (std::size_t l = 0; l < a.search_space.size(); ++l) {
            if (a.search_space[l].complete && b.search_space[l].complete) {
                EXPECT_EQ(a.search_space[l].full_teams, b.search_space[l].full_teams) << rep.allocation.label();
            }
            if (l > 0 && l < 3) {  // +blank and +idle prune the previous level's tree
                EXPECT_LE(a.search_space[l].categories, a.search_space[l - 1].categories) << rep.allocation.label();
                EXPECT_LE(b.search_space[l].categories, b.search_space[l - 1].categories) << rep.allocation.label();
            }
        }
        const Traffic x = allocation_traffic(t1(), rep.allocation);
        bool liquid[2] = {false, false};
        for (PivotRule p : {PivotRule::LowestIndex, PivotRule::Constrained}) {
            SolveOptions so;
            so.method = Method::Liquid;
            so.constructions = false;
            so.pivot = p;
            const SolveResult r = solve(x, so);
            EXPECT_EQ(verify_schedule(x, r.schedule), "");
            EXPECT_FALSE(r.timed_out) << rep.allocation.label();
            liquid[p == PivotRule::Constrained] = r.liquid;
        }
        EXPECT_EQ(liquid[0], liquid[1]) << rep.allocation.label();
        ++checked;
    }
    EXPECT_GE(checked, 9);
}

TEST(Experiment, RejectsBadBudgets) {
    ExperimentOptions o = small_options();
    o.time_limit_s = 0;
    EXPECT_THROW(run_representative(t1(), rep_of("10000000"), o), InputError);
    o = small_options();
    o.max_categories = 0;
    EXPECT_THROW(run_representative(t1(), rep_of("10000000"), o), InputError);
}

TEST(Experiment, ParallelRunKeepsOrderAndVerifies) {
    std::vector<Representative> reps;
    for (const char* l : {"10000000", "11000000", "21000000", "10100000", "22000000", "20200000"}) reps.push_back(rep_of(l));
    ExperimentOptions o = small_options();
    o.max_categories = 5000;
    std::size_t last = 0;
    const auto results = run_experiment(t1(), reps, o, [&](std::size_t done) { last = done; });
    ASSERT_EQ(results.size(), reps.size());
    EXPECT_EQ(last, reps.size());
    for (std::size_t i = 0; i < reps.size(); ++i) {
        EXPECT_EQ(results[i].representative.allocation, reps[i].allocation);
        EXPECT_TRUE(results[i].all_verified());
        EXPECT_GE(results[i].exact.schedule.length(), reps[i].duration);
    }
}

// Bucket edges on frame counts: exactly 10 % (9 of 10) and exactly 20 % (8 of 10) belong to
// the next bucket; 1 − 9/10 is 0.0999… in floating point, which a ratio test got wrong.
TEST(Experiment, DsaturLossBucketEdgesAreExact) {
    EXPECT_EQ(dsatur_loss_bucket(10, 10), 0);
    EXPECT_EQ(dsatur_loss_bucket(10, 11), 1);  // 9.09 %
    EXPECT_EQ(dsatur_loss_bucket(9, 10), 2);   // exactly 10 %
    EXPECT_EQ(dsatur_loss_bucket(27, 30), 2);  // exactly 10 %
    EXPECT_EQ(dsatur_loss_bucket(8, 9), 2);    // 11.1 %
    EXPECT_EQ(dsatur_loss_bucket(8, 10), 3);   // exactly 20 %
    EXPECT_EQ(dsatur_loss_bucket(41, 50), 2);  // 18 %
    EXPECT_EQ(dsatur_loss_bucket(4, 5), 3);    // exactly 20 %
    EXPECT_EQ(dsatur_loss_bucket(5, 10), 3);
}

TEST(Experiment, SummaryPutsExactlyTenPercentLossInSecondBucket) {
    std::vector<RepresentativeResult> rs(1);
    rs[0].representative.transfers = 10;
    rs[0].exact.schedule.frames.assign(9, {0});
    rs[0].dsatur_length = 10;
    const ExperimentSummary s = summarize(rs);
    EXPECT_DOUBLE_EQ(s.dsatur_loss_share[1], 0.0);
    EXPECT_DOUBLE_EQ(s.dsatur_loss_share[2], 1.0);
}

// summarize() on hand-made results: the statistics are simple tallies checked by hand.
TEST(Experiment, SummaryTallies) {
    std::vector<RepresentativeResult> rs(4);
    const int dsatur[] = {10, 11, 12, 13};  // losses 0, 1/11 (< 10 %), 1/6 (10-19 %), 3/13 (>= 20 %)
    for (int i = 0; i < 4; ++i) {
        RepresentativeResult& r = rs[static_cast<std::size_t>(i)];
        r.representative.transfers = 100;
        r.skeleton = static_cast<std::size_t>(10 * (i + 1));  // shares 10, 20, 30, 40 %: mean 25 %
        r.exact.schedule.frames.assign(10, {0});
        r.exact.liquid = i < 3;
        r.exact.optimal = i < 3;
        r.exact.no_liquid_proven = i == 3;
        r.exact.elapsed_ms = i == 3 ? 500 : 5;
        r.dsatur_length = dsatur[i];
        r.round_robin_length = 20;  // loss 50 %
        for (int l = 0; l < kOptimisationLevels; ++l)
            r.search_space[static_cast<std::size_t>(l)] = SearchSpace{static_cast<std::uint64_t>(100 - 20 * l), 1, i != 0};
    }
    rs[3].dsatur_verification = "frame 1 congests";
    const ExperimentSummary s = summarize(rs);
    EXPECT_EQ(s.representatives, 4U);
    EXPECT_EQ(s.liquid, 3U);
    EXPECT_EQ(s.no_liquid_proven, 1U);
    EXPECT_EQ(s.optimal_proven, 3U);
    EXPECT_EQ(s.verified, 3U);
    EXPECT_DOUBLE_EQ(s.mean_skeleton_share, 0.25);
    for (double share : s.dsatur_loss_share) EXPECT_DOUBLE_EQ(share, 0.25);
    EXPECT_DOUBLE_EQ(s.mean_round_robin_loss, 0.5);
    EXPECT_DOUBLE_EQ(s.share_solved_under_100ms, 0.75);
    EXPECT_DOUBLE_EQ(s.median_solve_ms, 5);
    EXPECT_DOUBLE_EQ(s.max_solve_ms, 500);
    EXPECT_EQ(s.search_space_samples, 3U);  // the first one is incomplete
    EXPECT_DOUBLE_EQ(s.search_space_share[0], 1.0);
    EXPECT_DOUBLE_EQ(s.search_space_share[3], 0.4);
}

}  // namespace
}  // namespace liquid::testbed
