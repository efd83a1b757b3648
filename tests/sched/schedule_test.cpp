// Schedules: liquid search (report §7), exact optimum, baselines, verifier, budgets.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <csignal>
#include <cstdlib>
#include <random>

#include "liquid/base/error.hpp"
#include "liquid/base/stop.hpp"
#include "liquid/base/time_budget.hpp"
#include "liquid/io/traffic_file.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/lower_bounds.hpp"
#include "liquid/sched/ring_arcs.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sched/fission.hpp"
#include "sched/frame_search.hpp"
#include "sched/portfolio.hpp"
#include "sched/sat_decision.hpp"
#include "support/sanitized.hpp"
#include "test_support.hpp"

namespace liquid {
namespace {

Traffic two_switch() { return make_pattern(make_two_switch(), PatternSpec{}); }

SolveResult run(const Traffic& t, Method m, bool sat = true, bool constructions = true) {
    SolveOptions o;
    o.method = m;
    o.sat_partner = sat;
    o.constructions = constructions;
    return solve(t, o);
}

TEST(FissionRows, AndCountMatchesABitByBitCount) {
    // row_and_count takes a POPCNT variant when the processor has one: it must count the
    // same bits as the definition, on any row length (a partial last word included).
    std::mt19937_64 rng(7);
    for (int w : {1, 2, 3, 63, 254}) {
        std::vector<sched::Word> a(static_cast<std::size_t>(w)), b(a.size());
        for (std::size_t i = 0; i < a.size(); ++i) a[i] = rng(), b[i] = rng() & rng();
        int bits = 0;
        for (int i = 0; i < 64 * w; ++i) bits += sched::row_test(a.data(), i) && sched::row_test(b.data(), i);
        EXPECT_EQ(sched::row_and_count(a.data(), b.data(), w), bits) << w;
    }
}

TEST(Schedule, TwoSwitchLiquidSixRoundRobinSeven) {
    const Traffic t = two_switch();
    // The liquid search itself (report §7), not the construction portfolio (DSatur already
    // reaches 6 here).
    const SolveResult liquid = run(t, Method::Liquid, true, false);
    EXPECT_EQ(liquid.duration, 6);
    EXPECT_EQ(liquid.schedule.length(), 6);  // report §3 / Fig. 10
    EXPECT_TRUE(liquid.liquid);
    EXPECT_TRUE(liquid.optimal);
    EXPECT_EQ(liquid.solver, "fission");
    EXPECT_EQ(verify_schedule(t, liquid.schedule), "");
    const SolveResult rr = run(t, Method::RoundRobin);
    EXPECT_EQ(rr.schedule.length(), 7);  // report §3: phases 3 and 4 need two frames each
    EXPECT_FALSE(rr.liquid);
    const SolveResult opt = run(t, Method::Optimal);
    EXPECT_EQ(opt.schedule.length(), 6);
    EXPECT_TRUE(opt.optimal);
}

TEST(Schedule, NoTeamExampleHasNoLiquidScheduleOptimumThree) {
    const Traffic t = read_traffic_file(std::string(LIQUID_SOURCE_DIR) + "/examples/no-team.traffic");
    ASSERT_EQ(t.size(), 3);
    for (Method m : {Method::Liquid, Method::Optimal}) {
        const SolveResult r = run(t, m);
        EXPECT_EQ(r.duration, 2);
        EXPECT_TRUE(r.no_liquid_proven) << method_name(m);
        EXPECT_EQ(r.schedule.length(), 3);
        EXPECT_TRUE(r.optimal);
        EXPECT_FALSE(r.liquid);
    }
    // The liquid search itself (not only the clique bound) exhausts without a schedule.
    sched::FrameSearch search(t);
    sched::Budget budget(5, 0);
    EXPECT_EQ(search.decide(2, budget, nullptr), sched::FrameSearch::Outcome::Exhausted);
    EXPECT_EQ(search.decide(3, budget, nullptr), sched::FrameSearch::Outcome::Found);
}

TEST(Schedule, SmallTrafficsAskTheLiquidSearchBeforeThePortfolio) {
    // Two-switch: the fission search finds 6 = Λ frames at once, no construction runs.
    const Traffic t = two_switch();
    for (Method m : {Method::Liquid, Method::Optimal}) {
        const SolveResult r = run(t, m);
        EXPECT_EQ(r.schedule.length(), 6) << method_name(m);
        EXPECT_TRUE(r.optimal);
        EXPECT_EQ(r.solver, "fission");
        EXPECT_TRUE(r.constructions.empty());
        EXPECT_EQ(verify_schedule(t, r.schedule), "");
    }
    // Beyond Λ (the clique bound exceeds it) the portfolio runs first.
    const Traffic no_team = read_traffic_file(std::string(LIQUID_SOURCE_DIR) + "/examples/no-team.traffic");
    const SolveResult r = run(no_team, Method::Optimal);
    EXPECT_FALSE(r.constructions.empty());
    EXPECT_EQ(r.schedule.length(), 3);
    EXPECT_TRUE(r.optimal);
}

TEST(Schedule, OptimalEqualsChromaticNumberOnRandomTraffics) {
    std::mt19937_64 rng(99);
    int non_liquid = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const int n = 4 + static_cast<int>(rng() % 9), links = 3 + static_cast<int>(rng() % 7);
        const Traffic t = test::random_link_traffic(rng, n, links, 4);
        const int chi = test::brute_chromatic_number(t);
        for (bool sat : {false, true}) {
            const SolveResult r = run(t, Method::Optimal, sat);
            ASSERT_EQ(verify_schedule(t, r.schedule), "");
            EXPECT_EQ(r.schedule.length(), chi) << "trial " << trial;
            EXPECT_TRUE(r.optimal);
            EXPECT_EQ(r.lower_bound, chi);
        }
        const SolveResult l = run(t, Method::Liquid);
        EXPECT_EQ(l.liquid, chi == l.duration) << "trial " << trial;
        EXPECT_EQ(l.no_liquid_proven, chi > l.duration);
        non_liquid += chi > l.duration;
    }
    EXPECT_GT(non_liquid, 5);  // the sample exercises the deepening beyond Λ
}

TEST(Schedule, SearchAblationsAgree) {
    // Symmetry breaking, memoisation, clique virtual links and the dynamic clique bound
    // never change the answer.
    std::mt19937_64 rng(5);
    for (int trial = 0; trial < 60; ++trial) {
        Traffic t = test::random_link_traffic(rng, 10, 5, 3);
        const int chi = test::brute_chromatic_number(t);
        for (int mask = 0; mask < 16; ++mask) {
            sched::FrameSearchOptions fo;
            fo.symmetry_breaking = mask & 1;
            fo.memo = mask & 2;
            fo.clique_links = (mask & 4) ? 4096 : 0;
            fo.dynamic_clique = mask & 8;
            sched::FrameSearch s(t, fo);
            sched::Budget b(10, 0);
            EXPECT_EQ(s.decide(chi - 1, b, nullptr), sched::FrameSearch::Outcome::Exhausted);
            Schedule out;
            EXPECT_EQ(s.decide(chi, b, &out), sched::FrameSearch::Outcome::Found);
            EXPECT_EQ(verify_schedule(t, out), "");
        }
    }
}

sched::FrameSearchOptions strategy_options(SearchStrategy s, PivotRule pivot, bool additions) {
    sched::FrameSearchOptions fo;
    fo.strategy = s;
    fo.pivot = pivot;
    if (!additions) fo.symmetry_breaking = false, fo.memo = false, fo.clique_links = 0;
    return fo;
}

constexpr SearchStrategy kStrategies[] = {SearchStrategy::OriginalTeams, SearchStrategy::RemainderTeams,
                                          SearchStrategy::FullTeams};

TEST(Schedule, SearchStrategiesAndPivotRulesAgree) {
    // ICON'04 §7.1–7.3 and both pivot rules decide "liquid?" alike (each search is
    // complete); found schedules pass the verifier. On exhausted searches the papers' bare
    // search tries at least as many frames with each earlier strategy: §7.3's candidates
    // are §7.2's, which are §7.1's.
    std::mt19937_64 rng(17);
    int no_liquid = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const Traffic t = test::random_link_traffic(rng, 4 + static_cast<int>(rng() % 6), 3 + static_cast<int>(rng() % 5), 3);
        const int duration = analyze(t).duration;
        const bool liquid = test::brute_chromatic_number(t) == duration;
        no_liquid += !liquid;
        for (PivotRule pivot : {PivotRule::LowestIndex, PivotRule::Constrained})
            for (bool additions : {false, true}) {
                std::uint64_t previous_nodes = ~std::uint64_t{0};
                for (SearchStrategy s : kStrategies) {
                    sched::FrameSearch search(t, strategy_options(s, pivot, additions));
                    sched::Budget b(10, 0);
                    Schedule out;
                    const auto outcome = search.decide(duration, b, &out);
                    const auto expected = liquid ? sched::FrameSearch::Outcome::Found : sched::FrameSearch::Outcome::Exhausted;
                    ASSERT_EQ(outcome, expected) << "trial " << trial << " strategy " << search_strategy_name(s);
                    if (liquid) {
                        EXPECT_EQ(verify_schedule(t, out), "");
                    }
                    if (liquid || additions) continue;
                    EXPECT_LE(search.nodes(), previous_nodes) << "trial " << trial << " strategy " << search_strategy_name(s);
                    previous_nodes = search.nodes();
                }
            }
    }
    EXPECT_GT(no_liquid, 5);
}

TEST(Schedule, StrategyAndPivotAreLiquidMethodOptions) {
    const Traffic t = two_switch();
    for (SearchStrategy s : kStrategies)
        for (PivotRule p : {PivotRule::LowestIndex, PivotRule::Constrained}) {
            SolveOptions o;
            o.method = Method::Liquid;
            o.constructions = false;
            o.strategy = s;
            o.pivot = p;
            const SolveResult r = solve(t, o);
            EXPECT_TRUE(r.liquid) << search_strategy_name(s);
            EXPECT_EQ(verify_schedule(t, r.schedule), "");
        }
    SolveOptions wrong;
    wrong.strategy = SearchStrategy::RemainderTeams;  // with Method::Optimal
    EXPECT_THROW(solve(t, wrong), InputError);
    for (SearchStrategy s : kStrategies) EXPECT_EQ(parse_search_strategy(search_strategy_name(s)), s);
    EXPECT_THROW(parse_search_strategy("greedy"), InputError);
}

TEST(Schedule, SatDecisionAgreesWithFissionOnRingArcs) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        const Traffic t = sched::make_ring_arc_traffic(8, 14, 2, 5, seed);
        const int chi = test::brute_chromatic_number(t);
        // The clique pins break the frame symmetry (without them L = chi-1 is a
        // pigeonhole formula, exponential for CDCL).
        const std::vector<int> clique = sched::large_clique(t);
        EXPECT_EQ(sched::sat_decide(t, chi - 1, clique, nullptr, 10).answer, sched::SatAnswer::Unschedulable);
        const sched::SatOutcome yes = sched::sat_decide(t, chi, clique, nullptr, 10);
        ASSERT_EQ(yes.answer, sched::SatAnswer::Schedulable);
        EXPECT_EQ(verify_schedule(t, yes.schedule), "");
        EXPECT_LE(yes.schedule.length(), chi);
    }
}

TEST(Schedule, CliqueBoundFindsCliquesWithoutACommonLink) {
    // Arcs that pairwise overlap around the ring without a common link: the greedy seeds
    // from links stop at Λ = 41; the colour-bounded branch and bound finds 42, which
    // proves at once that no liquid schedule exists.
    const Traffic t = sched::make_ring_arc_traffic(30, 90, 6, 18, 7);
    ASSERT_EQ(analyze(t).duration, 41);
    const std::vector<int> clique = sched::large_clique(t, 0);
    EXPECT_EQ(clique.size(), 42u);
    for (std::size_t i = 0; i < clique.size(); ++i)
        for (std::size_t j = i + 1; j < clique.size(); ++j) EXPECT_TRUE(t[clique[i]].links.intersects(t[clique[j]].links));
    const SolveResult liquid = run(t, Method::Liquid);
    EXPECT_TRUE(liquid.no_liquid_proven);
    EXPECT_EQ(liquid.lower_bound, 42);
    EXPECT_EQ(verify_schedule(t, liquid.schedule), "");
}

TEST(Schedule, CliqueLinksGrownFromTheFirstSeedsOnly) {
    // The seed bound makes the clique links independent of the machine's speed: the same
    // call gives the same cliques, each a clique without a common link, each grown from (so
    // holding) one of the first `seeds` transfers.
    const Traffic t = sched::make_ring_arc_traffic(30, 90, 6, 18, 7);
    constexpr std::size_t kSeeds = 12;
    const std::vector<std::vector<int>> cliques = sched::virtual_link_cliques(t, 4096, Deadline{}, kSeeds);
    ASSERT_FALSE(cliques.empty());
    EXPECT_EQ(cliques, sched::virtual_link_cliques(t, 4096, Deadline{}, kSeeds));
    EXPECT_LE(cliques.size(), kSeeds);
    for (const std::vector<int>& c : cliques) {
        EXPECT_LT(c.front(), static_cast<int>(kSeeds));  // members sorted: the seed or a smaller one
        std::vector<int> common = t[c.front()].links.to_vector();
        for (std::size_t i = 0; i < c.size(); ++i) {
            std::erase_if(common, [&](int l) { return !t[c[i]].links.test(static_cast<std::size_t>(l)); });
            for (std::size_t j = i + 1; j < c.size(); ++j) EXPECT_TRUE(t[c[i]].links.intersects(t[c[j]].links));
        }
        EXPECT_TRUE(common.empty());
    }
    // All seeds find at least as many.
    EXPECT_GE(sched::virtual_link_cliques(t, 4096).size(), cliques.size());
}

TEST(Schedule, OnLargeTrafficsTheInsertionTriesBeforeTheInnerLatinSearch) {
    // Above 2^17 transfers the Kempe insertion gets a short try before the Latin-square
    // search where inner links set Λ (portfolio.cpp, kKempeTrySeconds); below, it does not.
    const std::vector<sched::Construction> list = sched::standard_constructions();
    const auto at = [&](const std::string& name) {
        return std::find_if(list.begin(), list.end(), [&](const sched::Construction& c) { return c.name == name; }) -
               list.begin();
    };
    ASSERT_LT(at("kempe-try"), at("latin-inner"));
    const sched::Construction& attempt = list[static_cast<std::size_t>(at("kempe-try"))];
    EXPECT_TRUE(attempt.applies(make_pattern(make_crossbar(363), PatternSpec{})));   // 131 406 transfers
    EXPECT_FALSE(attempt.applies(make_pattern(make_crossbar(362), PatternSpec{})));  // 130 682
}

TEST(Schedule, A512RankFragmentOfCubeConnectedCyclesIsLiquid) {
    // 512 random hosts of ccc:7 (261 632 transfers, Λ 1 561 on inner links, 511 on the
    // hosts'): the insertion's short try answers it in about 0.5 s, where the Latin-square
    // search needs 8.6 s alone. Release pass only.
    if (test::sanitized_build()) GTEST_SKIP() << "261 632-transfer fragment: Release pass only";
    const Traffic t = test::fragment("ccc:7", 512, 1);
    SolveOptions o;
    o.time_limit_s = 60;
    const SolveResult r = solve(t, o);
    EXPECT_EQ(verify_schedule(t, r.schedule), "");
    EXPECT_TRUE(r.liquid) << r.schedule.length() << " frames by " << r.solver;
}

TEST(Schedule, ConstructionsAimAtACliqueBoundAboveLambda) {
    // A clique of 42 arcs against Λ 41: the constructions that only build Λ frames are not
    // tried, and the Kempe insertion aims at the bound instead of walking in vain towards Λ.
    const Traffic t = sched::make_ring_arc_traffic(30, 90, 6, 18, 7);
    ASSERT_EQ(analyze(t).duration, 41);
    const sched::PortfolioOutcome p = sched::run_portfolio(t, sched::standard_constructions(42), Limits{}, 42);
    bool kempe = false;
    for (const sched::ConstructionRun& r : p.runs) {
        EXPECT_NE(r.name, "latin");
        EXPECT_NE(r.name, "latin-inner");
        EXPECT_NE(r.name, "fission-dive");
        if (r.name.rfind("kempe", 0) != 0) continue;  // kempe or kempe-tabu
        kempe = true;
        EXPECT_GE(r.length, 42);
    }
    EXPECT_TRUE(kempe);
    EXPECT_EQ(verify_schedule(t, p.best), "");
    EXPECT_GE(p.best.length(), 42);
}

/// The largest clique by trying every subset of transfers (tiny traffics only).
std::size_t brute_max_clique(const Traffic& t) {
    std::size_t best = 0;
    for (std::uint32_t mask = 1; mask < (1U << t.size()); ++mask) {
        bool clique = true;
        for (int i = 0; i < t.size() && clique; ++i)
            for (int j = i + 1; j < t.size() && clique; ++j)
                if (((mask >> i) & 1U) && ((mask >> j) & 1U)) clique = t[i].links.intersects(t[j].links);
        if (clique) best = std::max(best, static_cast<std::size_t>(std::popcount(mask)));
    }
    return best;
}

TEST(Schedule, PortfolioImprovesTheShortestScheduleSoFar) {
    // A construction that improves starts from the shortest schedule built before it (it is
    // skipped while there is none), and its schedule wins when shorter.
    const Traffic t = test::all_to_all_on("torus:3x3");
    const Schedule shorter = sched::round_robin_schedule(t);
    Schedule longer;  // a transfer per frame
    for (int x = 0; x < t.size(); ++x) longer.frames.push_back({x});
    ASSERT_LT(shorter.length(), longer.length());
    std::vector<int> seen;
    sched::Construction improve{"improve", {}};
    improve.improve = [&](const Traffic&, const Schedule& best, const Limits&) -> std::optional<Schedule> {
        seen.push_back(best.length());
        return shorter;
    };
    std::vector<sched::Construction> list{
        improve, {"longer", [&](const Traffic&, const Limits&) { return std::optional<Schedule>(longer); }}, improve};
    const sched::PortfolioOutcome p = sched::run_portfolio(t, list, Limits{}, 0);
    EXPECT_EQ(seen, std::vector<int>{longer.length()});
    ASSERT_EQ(p.runs.size(), 2U);
    EXPECT_EQ(p.best_by, "improve");
    EXPECT_EQ(p.best.length(), shorter.length());
    EXPECT_EQ(verify_schedule(t, p.best), "");
}

TEST(Schedule, CliqueBranchAndBoundMatchesTheExhaustiveSearch) {
    // Above exact_limit the greedy passes are followed by the budgeted branch and bound;
    // on ring arcs of these sizes it finishes and must find a maximum clique.
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        const Traffic t = sched::make_ring_arc_traffic(8, 14, 2, 5, seed);
        EXPECT_EQ(sched::large_clique(t, 0).size(), brute_max_clique(t)) << "seed " << seed;
        EXPECT_EQ(sched::large_clique(t).size(), brute_max_clique(t)) << "seed " << seed;
    }
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        const Traffic t = sched::make_ring_arc_traffic(16, 56, 3, 9, seed);
        EXPECT_EQ(sched::large_clique(t, 0).size(), sched::large_clique(t, 1000).size()) << "seed " << seed;
    }
}

TEST(Schedule, BaselinesAreValidAndDeterministic) {
    std::mt19937_64 rng(3);
    for (int trial = 0; trial < 50; ++trial) {
        const Traffic t = test::random_link_traffic(rng, 20, 10, 4);
        for (Method m : {Method::DSatur, Method::RoundRobin, Method::Random, Method::Fifo}) {
            const SolveResult r = run(t, m);
            EXPECT_EQ(verify_schedule(t, r.schedule), "") << method_name(m);
            EXPECT_GE(r.schedule.length(), r.duration);
        }
        SolveOptions o;
        o.method = Method::Random;
        o.seed = 42;
        EXPECT_EQ(solve(t, o).schedule.frames, solve(t, o).schedule.frames);
    }
    // FIFO never overtakes: frame k's transfers all precede frame k+1's.
    const Traffic t = two_switch();
    const Schedule f = sched::fifo_schedule(t);
    for (int k = 0; k + 1 < f.length(); ++k) EXPECT_LT(f.frames[k].back(), f.frames[k + 1].front());
}

TEST(Schedule, UnlimitedBaselinesStoppedBySignalThrowInterrupted) {
    // A stop request ends even an unlimited construction; the caller must get Interrupted
    // (exit 130), never a half-built schedule.
    const Traffic t = make_pattern(make_torus({6, 6}, true), PatternSpec{});
    request_stop(SIGINT);
    for (Method m : {Method::DSatur, Method::RoundRobin}) EXPECT_THROW(run(t, m), Interrupted) << method_name(m);
    // The default method too: its construction portfolio builds nothing once stopped (this
    // ended `liquid simulate testbed` with an internal error instead of exit 130).
    EXPECT_THROW(run(t, Method::Optimal), Interrupted);
    clear_stop_request();
    EXPECT_EQ(verify_schedule(t, run(t, Method::RoundRobin).schedule), "");
}

bool g_exit_hook_called = false;

TEST(Schedule, StopDuringABoundReturnsTheScheduleHeld) {
    // A signal that arrives while the clique bound builds its congestion graph (a step with
    // no result of its own) must not end the command through its exit hook: the search
    // already holds a verified schedule (Ctrl-C once printed nothing here).
    const Traffic t = make_pattern(make_torus({9, 9}, true), PatternSpec{});
    g_exit_hook_called = false;
    set_out_of_budget_exit([] { g_exit_hook_called = true; });
    SolveOptions o;
    o.progress = [](int, int, const std::string& phase) {
        if (phase == "clique bound") request_stop(SIGINT);
    };
    const SolveResult r = solve(t, o);
    set_out_of_budget_exit(nullptr);
    const bool stopped = stop_requested();
    clear_stop_request();
    EXPECT_TRUE(stopped);
    EXPECT_FALSE(g_exit_hook_called);
    EXPECT_EQ(verify_schedule(t, r.schedule), "");
    EXPECT_TRUE(r.timed_out);
    EXPECT_FALSE(r.optimal);
}

TEST(Schedule, SpentCommandBudgetStillGivesAVerifiedSchedule) {
    // --time-limit ran out while the traffic was built, after its last poll: the search
    // has no time left but returns its first verified construction, never nothing.
    const Traffic t = make_pattern(make_torus({6, 6}, true), PatternSpec{});
    start_command_clock();
    set_time_budget(1e-9);
    const SolveResult r = run(t, Method::Optimal);
    clear_time_budget();
    EXPECT_EQ(verify_schedule(t, r.schedule), "");
    EXPECT_GE(r.schedule.length(), r.duration);
}

TEST(Schedule, WhatTheCallerNeedsAfterTheSearchIsKeptBackFromTheBudget) {
    // An hour's budget: the torus's 1 260 transfers leave room for the default reserve, not
    // for a caller that needs an hour per transfer, or two hours in all, after the search
    // (a page far larger than any); that caller gets OutOfTime at once instead of a result
    // long after its limit.
    const Traffic t = make_pattern(make_torus({6, 6}, true), PatternSpec{});
    start_command_clock();
    set_time_budget(3600);
    SolveOptions o;
    o.method = Method::RoundRobin;
    EXPECT_EQ(verify_schedule(t, solve(t, o).schedule), "");
    o.seconds_after_search_per_transfer = 3600;
    EXPECT_THROW(solve(t, o), OutOfTime);
    // The same with a reserve that does not depend on the traffic (a report's drawing).
    o.seconds_after_search_per_transfer = 0;
    o.seconds_after_search = 7200;
    EXPECT_THROW(solve(t, o), OutOfTime);
    o.seconds_after_search = 60;
    EXPECT_EQ(verify_schedule(t, solve(t, o).schedule), "");
    clear_time_budget();
}

TEST(Schedule, VerifierNamesTheProblem) {
    const Traffic t = two_switch();
    Schedule good = run(t, Method::Liquid).schedule;
    EXPECT_EQ(verify_schedule(t, good), "");
    Schedule dup = good;
    dup.frames[1].push_back(good.frames[0][0]);
    EXPECT_NE(verify_schedule(t, dup).find("appears in frame"), std::string::npos);
    Schedule missing = good;
    missing.frames[0].pop_back();
    EXPECT_NE(verify_schedule(t, missing).find("is in no frame"), std::string::npos);
    Schedule clash = good;
    clash.frames[0].insert(clash.frames[0].end(), clash.frames[1].begin(), clash.frames[1].end());
    clash.frames.erase(clash.frames.begin() + 1);
    EXPECT_NE(verify_schedule(t, clash).find("both use link"), std::string::npos);
    Schedule bad_index = good;
    bad_index.frames[0].push_back(1000);
    EXPECT_NE(verify_schedule(t, bad_index).find("does not exist"), std::string::npos);
    Schedule empty_frame = good;
    empty_frame.frames.emplace_back();
    EXPECT_NE(verify_schedule(t, empty_frame).find("empty"), std::string::npos);
}

TEST(Schedule, BudgetsReturnBestKnownNotOptimal) {
    // A ring-arc traffic whose optimum is above Λ; fission only, tiny node budget.
    const Traffic t = sched::make_ring_arc_traffic(20, 70, 3, 9, 11);
    SolveOptions o;
    o.method = Method::Optimal;
    o.sat_partner = false;
    o.node_limit = 20;
    const SolveResult r = solve(t, o);
    EXPECT_EQ(verify_schedule(t, r.schedule), "");
    if (!r.optimal) {
        EXPECT_TRUE(r.timed_out);
    }
    EXPECT_LE(r.nodes, 20u + 1);
    SolveOptions quick = o;
    quick.node_limit = 0;
    quick.time_limit_s = 0.02;
    const SolveResult q = solve(t, quick);
    EXPECT_EQ(verify_schedule(t, q.schedule), "");
    EXPECT_GE(q.schedule.length(), q.lower_bound);
}

TEST(Schedule, WavelengthRounds) {
    const Traffic t = two_switch();
    SolveOptions o;
    o.wavelengths = 4;
    const SolveResult r = solve(t, o);
    EXPECT_EQ(r.rounds, 2);  // 6 frames on 4 wavelengths
    EXPECT_EQ(r.rounds_lower_bound, 2);
    const auto rounds = group_into_rounds(r.schedule, 4);
    ASSERT_EQ(rounds.size(), 2u);
    EXPECT_EQ(rounds[0].size(), 4u);
    EXPECT_EQ(rounds[1].size(), 2u);
}

TEST(Schedule, MethodNames) {
    for (Method m : {Method::Liquid, Method::Optimal, Method::DSatur, Method::RoundRobin, Method::Random, Method::Fifo})
        EXPECT_EQ(parse_method(method_name(m)), m);
    EXPECT_THROW(parse_method("fastest"), InputError);
}

TEST(Schedule, EmptyTraffic) {
    Traffic t({"l1"});
    const SolveResult r = solve(t, {});
    EXPECT_EQ(r.schedule.length(), 0);
    EXPECT_TRUE(r.optimal);
}

TEST(Schedule, SwissT1FullAllToAllIsLiquid) {
    PatternSpec spec;
    spec.include_self = true;
    const Traffic t = make_pattern(make_swiss_t1(), spec);
    ASSERT_EQ(t.size(), 1024);
    const SolveResult r = run(t, Method::Liquid);
    EXPECT_EQ(r.duration, 64);
    EXPECT_EQ(verify_schedule(t, r.schedule), "");
    EXPECT_TRUE(r.liquid);
    EXPECT_EQ(r.schedule.length(), 64);
    const SolveResult o = run(t, Method::Optimal);
    EXPECT_TRUE(o.liquid);
    EXPECT_TRUE(o.optimal);
}

}  // namespace
}  // namespace liquid
