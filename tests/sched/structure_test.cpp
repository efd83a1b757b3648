// Structure: symmetry groups detected from the traffic, group-invariant
// schedules, the tabu search. Every schedule is checked by the independent verifier.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <random>
#include <set>

#include "liquid/base/stop.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sched/base_frame_search.hpp"
#include "sched/invariant_schedule.hpp"
#include "sched/symmetry.hpp"
#include "sched/tabu_descent.hpp"
#include "sched/tabu_search.hpp"
#include "test_support.hpp"

namespace liquid {
namespace {

using test::all_to_all_on;
using test::in_seconds;
using test::kMemory;
using test::link_traffic;

/// Two transfers congest iff their images do (checked on every pair).
bool preserves_congestion(const Traffic& t, const sched::TransferPermutation& p) {
    for (int a = 0; a < t.size(); ++a)
        for (int b = a + 1; b < t.size(); ++b)
            if (t[a].links.intersects(t[b].links) != t[p[a]].links.intersects(t[p[b]].links)) return false;
    return true;
}

/// Every non-identity element moves every transfer, and the set is closed under composition.
void expect_free_group(const std::vector<sched::TransferPermutation>& g) {
    for (std::size_t i = 1; i < g.size(); ++i)
        for (std::size_t t = 0; t < g[i].size(); ++t) ASSERT_NE(g[i][t], static_cast<int>(t)) << "element " << i;
    std::set<sched::TransferPermutation> members(g.begin(), g.end());
    ASSERT_EQ(members.size(), g.size());
    for (const auto& a : g)
        for (const auto& b : g) {
            sched::TransferPermutation c(b.size());
            for (std::size_t t = 0; t < b.size(); ++t) c[t] = a[static_cast<std::size_t>(b[t])];
            ASSERT_TRUE(members.count(c));
        }
}

TEST(Symmetry, TorusAndHypercubeTranslationsAreFound) {
    // The translations of a torus (a hypercube: XOR by a host label) map the all-to-all
    // traffic under dimension-order routing onto itself and act freely on the transfers.
    for (const auto& [spec, hosts] :
         std::vector<std::pair<std::string, int>>{{"torus:4x4", 16}, {"torus:3x5", 15}, {"hypercube:4", 16}}) {
        const Traffic t = all_to_all_on(spec);
        const sched::TrafficSymmetry s = sched::find_symmetry(t, in_seconds(10));
        ASSERT_FALSE(s.skipped);
        EXPECT_EQ(std::fmod(static_cast<double>(s.order), static_cast<double>(hosts)), 0.0)
            << spec << " order " << static_cast<double>(s.order);
        for (const auto& g : s.generators) EXPECT_TRUE(preserves_congestion(t, g)) << spec;
        const auto group = sched::free_abelian_subgroup(s, hosts, 1, in_seconds(10), kMemory);
        ASSERT_EQ(static_cast<int>(group.size()), hosts) << spec;
        expect_free_group(group);
    }
}

TEST(Symmetry, AsymmetricTrafficHasTheTrivialGroup) {
    // Transfer i uses links 0..i: every link has a different load, nothing can move.
    std::vector<std::vector<int>> chain;
    for (int i = 0; i < 8; ++i) {
        chain.emplace_back();
        for (int l = 0; l <= i; ++l) chain.back().push_back(l);
    }
    const Traffic t = link_traffic(chain, 8);
    const sched::TrafficSymmetry s = sched::find_symmetry(t, in_seconds(10));
    EXPECT_TRUE(s.generators.empty());
    EXPECT_EQ(static_cast<double>(s.order), 1.0);
    EXPECT_TRUE(sched::free_abelian_subgroup(s, 2, 1, in_seconds(10), kMemory).empty());
    const auto o = sched::search_invariant_schedule(t, s, 8, 1, in_seconds(10), kMemory);
    EXPECT_EQ(o.answer, sched::InvariantAnswer::NoGroup);
}

TEST(InvariantSchedule, SmallToriAreLiquid) {
    // torus:6x5: Λ 30 = |Z6 x Z5|, one base frame and its 30 translates. hypercube:4: Λ 15
    // is odd, no free 2-group permutes the frames; the 16 XOR translations fix each frame
    // (the XOR permutations are congestion-free under e-cube routing).
    for (const std::string spec : {"torus:3x3", "torus:6x5", "hypercube:4"}) {
        const Traffic t = all_to_all_on(spec);
        const int duration = analyze(t).duration;
        const auto s = sched::find_symmetry(t, in_seconds(10));
        const auto o = sched::search_invariant_schedule(t, s, duration, 1, in_seconds(20), kMemory);
        ASSERT_EQ(o.answer, sched::InvariantAnswer::Found) << spec;
        EXPECT_EQ(o.schedule.length(), duration) << spec;
        EXPECT_EQ(verify_schedule(t, o.schedule), "") << spec;
        if (o.frames_fixed) EXPECT_EQ(t.size() % o.group_order, 0) << spec;  // each frame a union of orbits
        else EXPECT_EQ(o.group_order * o.base_frames, duration) << spec;     // frames permuted freely
    }
}

TEST(InvariantSchedule, RefutesWhenNoInvariantScheduleExists) {
    // Two disjoint triangles of pairwise congesting transfers; the swap of the triangles is
    // a free symmetry of order 2. A 2-frame invariant schedule would need one transfer of
    // each swapped pair in one base frame, pairwise link-disjoint: two of the three come
    // from the same triangle, so none exists (nor does any 2-frame schedule).
    const Traffic t = link_traffic({{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}}, 6);
    const auto s = sched::find_symmetry(t, in_seconds(10));
    const auto swap = sched::free_abelian_subgroup(s, 2, 1, in_seconds(10), kMemory);
    ASSERT_EQ(swap.size(), 2U);
    const auto o = sched::invariant_schedule(t, swap, 2, in_seconds(10), kMemory);
    EXPECT_EQ(o.answer, sched::InvariantAnswer::NoInvariant);
    EXPECT_EQ(test::brute_chromatic_number(t), 3);
    const auto three = sched::search_invariant_schedule(t, s, 3, 1, in_seconds(10), kMemory);
    ASSERT_EQ(three.answer, sched::InvariantAnswer::Found);
    EXPECT_EQ(verify_schedule(t, three.schedule), "");
}

TEST(InvariantSchedule, AStopEndsTheSearchBeforeItsDeadline) {
    // SIGINT ends every phase of a search, including those that hold a plain time point:
    // the subgroup search and the invariant attempts once kept a stopped command busy until
    // their share of a ten-minute budget ran out.
    const Traffic t = all_to_all_on("torus:4x4");
    const auto s = sched::find_symmetry(t, in_seconds(10));
    request_stop(SIGINT);
    const auto group = sched::free_abelian_subgroup(s, 16, 1, in_seconds(3600), kMemory);
    const auto o = sched::search_invariant_schedule(t, s, analyze(t).duration, 1, in_seconds(3600), kMemory);
    clear_stop_request();
    EXPECT_TRUE(group.empty());
    EXPECT_EQ(o.answer, sched::InvariantAnswer::Unknown);
    // Without the stop the same calls answer.
    EXPECT_EQ(sched::free_abelian_subgroup(s, 16, 1, in_seconds(10), kMemory).size(), 16U);
}

TEST(InvariantSchedule, MemoryCapRefusesBeforeEncoding) {
    const Traffic t = all_to_all_on("torus:4x4");
    const auto s = sched::find_symmetry(t, in_seconds(10));
    const auto g = sched::free_abelian_subgroup(s, 16, 1, in_seconds(10), kMemory);
    ASSERT_EQ(g.size(), 16U);
    EXPECT_EQ(sched::invariant_schedule(t, g, 16, in_seconds(10), 1000).answer, sched::InvariantAnswer::TooLarge);
}

TEST(InvariantSchedule, BaseFrameSearchFindsAVerifiedScheduleAboveTheBound) {
    // torus:5x5: Λ 24 is not a multiple of the 25 translations; one base frame of 24
    // transfers and its 25 translates make 25 frames, which the local search finds. Every
    // (group, base frames) answer is expanded and checked by the verifier.
    const Traffic t = all_to_all_on("torus:5x5");
    const auto s = sched::find_symmetry(t, in_seconds(10));
    const auto g = sched::free_abelian_subgroup(s, 25, 1, in_seconds(10), kMemory);
    ASSERT_EQ(g.size(), 25U);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        const auto c = sched::search_base_frames(t, g, 1, seed, in_seconds(10));
        ASSERT_TRUE(c.found) << "seed " << seed << ": " << c.best_conflicts << " excess link uses";
        ASSERT_EQ(c.base_frames.size(), 1U);
        EXPECT_EQ(static_cast<int>(c.base_frames[0].size()), t.size() / 25);  // one transfer per orbit
        const Schedule expanded = sched::expand_base_frames(g, c.base_frames);
        EXPECT_EQ(expanded.length(), 25);
        EXPECT_EQ(verify_schedule(t, expanded), "") << "seed " << seed;
    }
    // Four transfers on one link, paired by the group: the one base frame must hold a
    // representative of both orbits, which share the link, and the search reports failure
    // instead of a schedule (2 frames for 4 transfers on one link cannot exist).
    const Traffic clash = link_traffic({{0}, {0}, {0}, {0}}, 1);
    const sched::TransferPermutation id{0, 1, 2, 3}, swap{1, 0, 3, 2};
    EXPECT_FALSE(sched::search_base_frames(clash, {id, swap}, 1, 1, in_seconds(0.05)).found);
}

TEST(InvariantSchedule, NextInvariantLengthIsTheFirstMultipleWithFewBaseFrames) {
    const Traffic t = all_to_all_on("torus:5x5");  // Λ 24, 600 transfers, translations of order 25
    const auto s = sched::find_symmetry(t, in_seconds(10));
    const int n = t.size();
    const int next = sched::next_invariant_length(t, s, 24, 100, 2);
    ASSERT_GT(next, 24);
    // Some usable order m >= 3 divides it with at most 2 base frames, and no length in
    // between has one: every shorter length is checked against every divisor of n.
    auto usable = [&](int L) {
        for (int m = 3; m <= n; ++m)
            if (n % m == 0 && L % m == 0 && L / m <= 2 && std::fmod(static_cast<double>(s.order), m) == 0) return true;
        return false;
    };
    EXPECT_TRUE(usable(next));
    for (int L = 25; L < next; ++L) EXPECT_FALSE(usable(L)) << L;
    EXPECT_EQ(sched::next_invariant_length(t, s, 24, next, 2), 0);  // nothing below `below`
    const Traffic chain = link_traffic({{0}, {0, 1}}, 2);           // trivial group
    EXPECT_EQ(sched::next_invariant_length(chain, sched::find_symmetry(chain, in_seconds(10)), 2, 100, 2), 0);
}

TEST(TabuSearch, NeverReturnsAnUnverifiedSchedule) {
    std::mt19937_64 rng(17);
    int found = 0;
    for (int trial = 0; trial < 60; ++trial) {
        const Traffic t = test::random_link_traffic(rng, 6 + static_cast<int>(rng() % 8), 4 + static_cast<int>(rng() % 6), 3);
        const int chi = test::brute_chromatic_number(t);
        const Schedule start = sched::dsatur_schedule(t);
        for (int L = std::max(1, chi - 1); L <= chi; ++L) {
            const auto o = sched::tabu_search(t, start, L, 7 + trial, in_seconds(0.02));
            if (!o.found) continue;
            ++found;
            EXPECT_EQ(verify_schedule(t, o.schedule), "") << "trial " << trial;
            EXPECT_LE(o.schedule.length(), L);
            EXPECT_GE(L, chi);  // a colouring below the chromatic number cannot exist
        }
    }
    EXPECT_GT(found, 30);
}

TEST(TabuSearch, ReachesTheDurationOnASmallTorus) {
    const Traffic t = all_to_all_on("torus:3x4");
    const int duration = analyze(t).duration;
    const Schedule start = sched::dsatur_schedule(t);
    ASSERT_GT(start.length(), duration);  // DSatur needs 12 frames: the search has work to do
    const auto o = sched::tabu_search(t, start, duration, 3, in_seconds(5));
    ASSERT_TRUE(o.found) << o.best_conflicts << " conflicts after " << o.iterations << " iterations";
    EXPECT_EQ(verify_schedule(t, o.schedule), "");
    EXPECT_EQ(o.schedule.length(), duration);
}

TEST(TabuSearch, ARaceOfTwoSeedsReachesTheDurationOnASmallTorus) {
    const Traffic t = all_to_all_on("torus:3x4");
    const int duration = analyze(t).duration;
    const auto o = sched::tabu_race(t, sched::dsatur_schedule(t), duration, 3, 2, in_seconds(5));
    ASSERT_TRUE(o.found) << o.best_conflicts << " conflicts";
    EXPECT_EQ(verify_schedule(t, o.schedule), "");
    EXPECT_EQ(o.schedule.length(), duration);
    EXPECT_TRUE(o.seed == 3 || o.seed == 4) << o.seed;
}

TEST(TabuDescent, StepsDownToTheDurationOnASmallTorus) {
    const Traffic t = all_to_all_on("torus:3x4");
    const int duration = analyze(t).duration;
    const Schedule start = sched::round_robin_schedule(t);
    ASSERT_GT(start.length(), duration + 1);  // more than one step down
    std::vector<int> tried;
    const auto d = sched::tabu_descent(t, start, duration, 3, Limits{}, in_seconds(10), [&](int L) { tried.push_back(L); });
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(verify_schedule(t, d->schedule), "");
    EXPECT_EQ(d->schedule.length(), duration);
    ASSERT_FALSE(tried.empty());
    EXPECT_EQ(tried.front(), start.length() - 1);  // one frame below the start first
    EXPECT_EQ(tried.back(), duration);
}

TEST(TabuDescent, NothingBelowALowerBoundAlreadyMet) {
    const Traffic t = all_to_all_on("torus:3x4");
    const Schedule start = sched::dsatur_schedule(t);
    bool told = false;
    EXPECT_FALSE(sched::tabu_descent(t, start, start.length(), 3, Limits{}, in_seconds(10), [&](int) { told = true; }));
    EXPECT_FALSE(told);
}

TEST(TabuDescent, EndsAfterARetryBelowTheChromaticNumber) {
    // Three pairwise congesting transfers need three frames: two are out of reach, and the
    // descent gives up after the length's retry, not trying one frame fewer. A second in
    // all: with 0.2 s the first race ran past the end on a busy machine (ctest -j2) and left
    // no time for the retry.
    const Traffic t = link_traffic({{0, 1}, {1, 2}, {0, 2}}, 3);
    std::vector<int> tried;
    const Schedule start = sched::dsatur_schedule(t);
    ASSERT_EQ(start.length(), 3);
    const auto d = sched::tabu_descent(t, start, 1, 5, Limits{}, in_seconds(1.0), [&](int L) { tried.push_back(L); });
    EXPECT_FALSE(d.has_value());
    EXPECT_EQ(tried, (std::vector<int>{2, 2}));
}

TEST(TabuSearch, StopsWhenItsFlagIsSet) {
    const Traffic t = all_to_all_on("torus:3x4");
    const Schedule start = sched::dsatur_schedule(t);
    const std::atomic<bool> stop{true};
    const auto o = sched::tabu_search(t, start, analyze(t).duration, 3, in_seconds(60), &stop);
    EXPECT_FALSE(o.found);
    EXPECT_EQ(o.iterations, 0U);  // the flag is read before the first move
}

}  // namespace
}  // namespace liquid
