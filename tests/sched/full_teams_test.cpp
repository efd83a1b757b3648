// Full-team enumeration by fission (report §5–6) against brute force.
#include <gtest/gtest.h>

#include "liquid/base/error.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/sched/full_teams.hpp"
#include "liquid/traffic/patterns.hpp"
#include "test_support.hpp"

namespace liquid {
namespace {

std::vector<std::vector<int>> collect(const Traffic& t, const EnumerationOptions& o, EnumerationStats* st = nullptr) {
    std::vector<std::vector<int>> teams;
    EnumerationStats s = enumerate_full_teams(t, o, [&](const Bitset& team) {
        teams.push_back(team.to_vector());
        return true;
    });
    if (st) *st = s;
    return teams;
}

std::vector<EnumerationOptions> all_option_sets() {
    std::vector<EnumerationOptions> v;
    for (int mask = 0; mask < 16; ++mask) {
        EnumerationOptions o;
        o.blank_pruning = mask & 1;
        o.idle_pruning = mask & 2;
        o.skeleton = mask & 4;
        o.pivot = (mask & 8) ? PivotRule::LowestIndex : PivotRule::Constrained;
        v.push_back(o);
    }
    return v;
}

TEST(FullTeams, IdenticalToBruteForceOnRandomTraffics) {
    std::mt19937_64 rng(20240601);
    int nonempty = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const int n = 3 + static_cast<int>(rng() % 11), links = 3 + static_cast<int>(rng() % 8);
        const Traffic t = test::random_link_traffic(rng, n, links, 3);
        const auto expected = test::brute_full_teams(t);
        nonempty += !expected.empty();
        for (const auto& o : all_option_sets()) {
            EnumerationStats st;
            auto got = collect(t, o, &st);
            std::sort(got.begin(), got.end());
            // Same set, and each team produced exactly once (no duplicates after sorting).
            EXPECT_EQ(std::adjacent_find(got.begin(), got.end()), got.end()) << "duplicate team, trial " << trial;
            ASSERT_EQ(got, expected) << "trial " << trial << " blank=" << o.blank_pruning << " idle=" << o.idle_pruning
                                     << " skeleton=" << o.skeleton << " pivot=" << pivot_rule_name(o.pivot);
            EXPECT_EQ(st.full_teams, expected.size());
            EXPECT_EQ(count_full_teams(t, o).full_teams, expected.size());
        }
    }
    EXPECT_GT(nonempty, 100);  // the random traffics are not all team-less
}

TEST(FullTeams, PruningNeverTraversesMoreCategories) {
    // With the same pivot rule, blank and idle pruning only cut subtrees (§5.4, §5.5).
    std::mt19937_64 rng(7);
    for (PivotRule rule : {PivotRule::LowestIndex, PivotRule::Constrained})
        for (int trial = 0; trial < 100; ++trial) {
            const Traffic t = test::random_link_traffic(rng, 12, 8, 3);
            EnumerationOptions naive{false, false, false, 0, rule};
            EnumerationOptions blank{true, false, false, 0, rule};
            EnumerationOptions idle{true, true, false, 0, rule};
            const auto a = count_full_teams(t, naive).categories, b = count_full_teams(t, blank).categories,
                       c = count_full_teams(t, idle).categories;
            EXPECT_GE(a, b);
            EXPECT_GE(b, c);
        }
}

TEST(FullTeams, ConstrainedPivotRevealsBlankCategoriesSooner) {
    // The constrained pivot exists to make blank categories (§5.4) show up after fewer
    // fissions: over many random traffics +blank traverses fewer categories with it.
    std::mt19937_64 rng(11);
    std::uint64_t low = 0, constrained = 0;
    for (int trial = 0; trial < 100; ++trial) {
        const Traffic t = test::random_link_traffic(rng, 14, 8, 3);
        low += count_full_teams(t, EnumerationOptions{true, false, false, 0, PivotRule::LowestIndex}).categories;
        constrained += count_full_teams(t, EnumerationOptions{true, false, false, 0, PivotRule::Constrained}).categories;
    }
    EXPECT_LT(constrained, low);
}

TEST(FullTeams, TeamsNotOnlyFullOnesAgainstBruteForce) {
    // options.full = false: every team (ICON'04 §7.1–7.2's frame candidates), once each.
    std::mt19937_64 rng(31);
    for (int trial = 0; trial < 150; ++trial) {
        const Traffic t = test::random_link_traffic(rng, 3 + static_cast<int>(rng() % 9), 3 + static_cast<int>(rng() % 6), 3);
        const auto expected = test::brute_full_teams(t, false);
        for (const auto& base : all_option_sets()) {
            EnumerationOptions o = base;
            o.full = false;
            auto got = collect(t, o);
            std::sort(got.begin(), got.end());
            ASSERT_EQ(got, expected) << "trial " << trial << " idle=" << o.idle_pruning;
        }
    }
}

TEST(FullTeams, PivotRuleNames) {
    for (PivotRule r : {PivotRule::LowestIndex, PivotRule::Constrained}) EXPECT_EQ(parse_pivot_rule(pivot_rule_name(r)), r);
    EXPECT_THROW(parse_pivot_rule("random"), InputError);
}

TEST(FullTeams, LazyStopAndCategoryLimit) {
    const Traffic t = make_pattern(make_two_switch(), PatternSpec{});
    int seen = 0;
    const EnumerationStats st = enumerate_full_teams(t, {}, [&](const Bitset&) { return ++seen < 3; });
    EXPECT_EQ(seen, 3);
    EXPECT_EQ(st.full_teams, 3u);
    EXPECT_TRUE(st.stopped);
    EnumerationOptions lim;
    lim.max_categories = 10;
    const EnumerationStats st2 = count_full_teams(t, lim);
    EXPECT_TRUE(st2.stopped);
    EXPECT_LE(st2.categories, 12u);
}

TEST(FullTeams, SkeletonTwoPhaseStopsInsidePhaseTwo) {
    // Report §6.2: teams are emitted from phase 2 (extensions of the skeleton's full teams)
    // while phase 1 is still under way; stopping there must stop both phases.
    // Bottleneck b (load 3, the only one) is used by x0, x1, x2; x3..x6 are outside the
    // skeleton. Full teams: {x0,x5,x4|x6}, {x1,x3,x4|x6}, {x2,x3,x5,x4|x6}.
    Traffic t({"b", "e", "f", "g"});
    t.add("x0", {0, 1});
    t.add("x1", {0, 2});
    t.add("x2", {0});
    t.add("x3", {1});
    t.add("x4", {3});
    t.add("x5", {2});
    t.add("x6", {3});
    EnumerationOptions o;  // all optimisations, skeleton included
    EXPECT_EQ(test::brute_full_teams(t).size(), 6U);
    EXPECT_EQ(count_full_teams(t, o).full_teams, 6U);
    int seen = 0;
    const EnumerationStats st = enumerate_full_teams(t, o, [&](const Bitset&) { return ++seen < 2; });
    EXPECT_EQ(seen, 2);
    EXPECT_EQ(st.full_teams, 2U);
    EXPECT_TRUE(st.stopped);
}

TEST(FullTeams, TwoSwitchTeamsUseBothBottlenecks) {
    const Traffic t = make_pattern(make_two_switch(), PatternSpec{});
    std::uint64_t teams = 0;
    enumerate_full_teams(t, {}, [&](const Bitset& team) {
        ++teams;
        // every full team is a simultaneity that keeps l_ab and l_ba busy
        int uses = 0;
        team.for_each([&](std::size_t x) {
            team.for_each([&](std::size_t y) {
                if (x < y) {
                    EXPECT_FALSE(t[static_cast<int>(x)].links.intersects(t[static_cast<int>(y)].links));
                }
            });
            for (const char* b : {"lab", "lba"})
                for (int l = 0; l < t.link_count(); ++l)
                    if (t.link_name(l) == b && t[static_cast<int>(x)].links.test(l)) ++uses;
        });
        EXPECT_EQ(uses, 2);
        return true;
    });
    EXPECT_GT(teams, 0u);
    // All four option sets find the same number of full teams.
    for (const auto& o : all_option_sets()) EXPECT_EQ(count_full_teams(t, o).full_teams, teams);
}

TEST(FullTeams, NoTeamExampleHasNone) {
    Traffic t({"l1", "l2", "l3"});
    t.add("x1", {0, 1});
    t.add("x2", {1, 2});
    t.add("x3", {2, 0});
    for (const auto& o : all_option_sets()) EXPECT_EQ(count_full_teams(t, o).full_teams, 0u);
}

}  // namespace
}  // namespace liquid
