// The incremental SAT partner agrees with the one-shot SAT decision and with
// brute force on small traffics, for every length of its range, asked in either order.
#include <gtest/gtest.h>

#include <random>

#include "liquid/sched/lower_bounds.hpp"
#include "liquid/sched/schedule.hpp"
#include "sched/sat_decision.hpp"
#include "test_support.hpp"

namespace liquid {
namespace {

using sched::SatAnswer;

TEST(SatDeepening, AgreesWithOneShotDecisionAndBruteForce) {
    std::mt19937_64 rng(41);
    const auto never = sched::SatDeepening::Clock::time_point::max();
    for (int trial = 0; trial < 80; ++trial) {
        const Traffic t = test::random_link_traffic(rng, 5 + static_cast<int>(rng() % 8), 3 + static_cast<int>(rng() % 6), 4);
        const int chi = test::brute_chromatic_number(t);
        const std::vector<int> clique = sched::large_clique(t);
        const int lo = static_cast<int>(clique.size()), hi = chi + 2;
        sched::SatDeepening upward(t, hi, lo, clique), downward(t, hi, lo, clique);
        for (int k = 0; k <= hi - lo; ++k) {
            for (auto* enc : {&upward, &downward}) {
                const int L = enc == &upward ? lo + k : hi - k;
                const sched::SatOutcome o = enc->decide(L, nullptr, never);
                ASSERT_NE(o.answer, SatAnswer::Unknown);
                EXPECT_EQ(o.answer == SatAnswer::Schedulable, L >= chi) << "trial " << trial << " L " << L;
                EXPECT_EQ(o.answer, sched::sat_decide(t, L, clique, nullptr, 10).answer) << "trial " << trial << " L " << L;
                if (o.answer == SatAnswer::Schedulable) {
                    EXPECT_EQ(verify_schedule(t, o.schedule), "");
                    EXPECT_LE(o.schedule.length(), L);
                }
            }
        }
    }
}

TEST(SatDeepening, MemoryEstimateGrowsWithTheFrames) {
    std::mt19937_64 rng(3);
    const Traffic t = test::random_link_traffic(rng, 40, 12, 4);
    EXPECT_GT(sched::SatDeepening::estimated_bytes(t, 20), sched::SatDeepening::estimated_bytes(t, 10));
    EXPECT_GT(sched::SatDeepening::estimated_bytes(t, 10), 0U);
}

}  // namespace
}  // namespace liquid
