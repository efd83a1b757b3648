// Whole-torus all-to-alls from translation orbits: every schedule verified, never longer
// than round-robin, a multiple of the phase modulus, declined where it does not apply.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <tuple>

#include "liquid/base/bitset.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sched/offset_packing.hpp"
#include "sched/translation_orbits.hpp"
#include "support/sanitized.hpp"
#include "test_support.hpp"

namespace liquid {
namespace {

using test::all_to_all_on;

struct TorusCase {
    std::string spec;
    int q;  // the phase modulus: the largest divisor of every dimension >= half of each
};

TEST(TranslationOrbits, BuildsVerifiedSchedulesShorterThanRoundRobinOnWholeTori) {
    for (const TorusCase& c : {TorusCase{"torus:6x6", 6}, TorusCase{"torus:9x9", 9}, TorusCase{"torus:8x4", 4},
                               TorusCase{"torus:5x5x5", 5}, TorusCase{"torus:6x6x6", 6}, TorusCase{"torus:12", 12}}) {
        const Traffic t = all_to_all_on(c.spec);
        ASSERT_TRUE(sched::translation_orbits_apply(t)) << c.spec;
        // A short deadline: it cuts the local search, never the schedule.
        Limits limits;
        limits.deadline = Deadline::after(0.2);
        const std::optional<Schedule> s = sched::translation_orbits_schedule(t, limits);
        ASSERT_TRUE(s.has_value()) << c.spec;
        EXPECT_EQ(verify_schedule(t, *s), "") << c.spec;
        // G groups, each rotated through the q phases.
        EXPECT_EQ(s->length() % c.q, 0) << c.spec;
        EXPECT_GE(s->length(), analyze(t).duration) << c.spec;
        EXPECT_LT(s->length(), sched::round_robin_schedule(t).length()) << c.spec;
    }
}

TEST(TranslationOrbits, ReachesTheBoundWhereTheOffsetsPackIntoLambdaOverQGroups) {
    // torus:8x4: Λ = 40 (the 8-rings' +x links), q = 4: the 31 offsets pack into 10 groups.
    const Traffic t = all_to_all_on("torus:8x4");
    const std::optional<Schedule> s = sched::translation_orbits_schedule(t, Limits{});
    ASSERT_TRUE(s.has_value());
    EXPECT_EQ(verify_schedule(t, *s), "");
    EXPECT_EQ(s->length(), analyze(t).duration);
}

TEST(TranslationOrbits, ItsWorkCapLeavesTheWholeTorus6x6x6WithinTwelveFramesOfLambda) {
    if (test::sanitized_build()) GTEST_SKIP() << "46 440-transfer torus: Release pass only";
    // Λ 216, q = 6: 36 groups would be liquid. With 1 000 group-cells of work per transfer
    // the local search ended at 39 groups (234 frames), with 5 000 at 38 (228); the work,
    // not the time, ends it, so every machine gets the same answer.
    const Traffic t = all_to_all_on("torus:6x6x6");
    ASSERT_EQ(analyze(t).duration, 216);
    const std::optional<Schedule> s = sched::translation_orbits_schedule(t, Limits{});
    ASSERT_TRUE(s.has_value());
    EXPECT_EQ(verify_schedule(t, *s), "");
    EXPECT_LE(s->length(), 228);
}

TEST(TranslationOrbits, DeclinesMeshesFragmentsAndTorusesWithoutAPhaseModulus) {
    // A mesh has no translations.
    EXPECT_FALSE(sched::translation_orbits_apply(all_to_all_on("mesh:4x4")));
    // Dimensions 8 and 6: the only common divisors (1, 2) are below half of 8.
    EXPECT_FALSE(sched::translation_orbits_apply(all_to_all_on("torus:8x6")));
    // Not every pair: a fragment keeps the lattice but is not the whole all-to-all.
    const Traffic whole = all_to_all_on("torus:4x4");
    ASSERT_TRUE(whole.lattice());
    Bitset keep(static_cast<std::size_t>(whole.size()));
    for (int i = 0; i + 1 < whole.size(); ++i) keep.set(static_cast<std::size_t>(i));
    const Traffic part = whole.subset(keep);
    EXPECT_TRUE(part.lattice());
    EXPECT_FALSE(sched::translation_orbits_apply(part));
    EXPECT_FALSE(sched::translation_orbits_schedule(part, Limits{}).has_value());
    // Fabrics without a lattice.
    EXPECT_FALSE(all_to_all_on("fat-tree:4,2").lattice());
    EXPECT_FALSE(sched::translation_orbits_apply(all_to_all_on("fat-tree:4,2")));
    EXPECT_FALSE(sched::translation_orbits_apply(all_to_all_on("hypercube:4")));
}

TEST(TranslationOrbits, TheDefaultMethodStartsFromItOnAWholeTorus) {
    const Traffic t = all_to_all_on("torus:6x6x6");
    SolveOptions o;
    o.time_limit_s = 2.0;
    const SolveResult r = solve(t, o);
    EXPECT_EQ(verify_schedule(t, r.schedule), "");
    ASSERT_FALSE(r.constructions.empty());
    EXPECT_EQ(r.constructions.front().name, "translation-orbits");
    EXPECT_GT(r.constructions.front().length, 0);
    EXPECT_LE(r.schedule.length(), r.constructions.front().length);
}

TEST(TranslationOrbits, WithConstructionsOffDSaturAndRoundRobinRunAlone) {
    // The papers' experiment: no portfolio, DSatur and round-robin as its fallback, also on
    // a whole torus where the translation orbits would come first.
    for (const char* spec : {"torus:4x4", "fat-tree:4,2"}) {
        const Traffic t = all_to_all_on(spec);
        SolveOptions o;
        o.method = Method::Liquid;
        o.constructions = false;
        o.time_limit_s = 2.0;
        const SolveResult r = solve(t, o);
        EXPECT_EQ(verify_schedule(t, r.schedule), "") << spec;
        for (const auto& c : r.constructions)
            EXPECT_TRUE(c.name == "dsatur" || c.name == "round-robin") << spec << ": " << c.name;
    }
}

/// Every (group, class, phase) used at most once by the packing.
bool disjoint(const sched::OffsetPacking& p, const std::vector<std::vector<int>>& cells, int q) {
    std::set<std::tuple<int, int, int>> used;
    for (std::size_t i = 0; i < cells.size(); ++i)
        for (int c : cells[i])
            if (!used.emplace(p.group(static_cast<int>(i)), c / q, (c % q + p.rotation(static_cast<int>(i))) % q).second)
                return false;
    return true;
}

TEST(OffsetPacking, PacksDisjointlyAndShrinksToTheBoundWhereItemsAreSingleCells) {
    // 3 classes, q = 8: 40 one-cell items of each class fit in exactly 5 groups.
    const int q = 8;
    std::vector<std::vector<int>> cells;
    for (int cls = 0; cls < 3; ++cls)
        for (int i = 0; i < 40; ++i) cells.push_back({cls * q + i % q});
    sched::OffsetPacking p(cells, 3, q);
    EXPECT_EQ(p.bound(), 5);
    p.first_fit();
    EXPECT_TRUE(disjoint(p, cells, q));
    EXPECT_EQ(p.groups(), 5);  // first fit already fills every cell
}

TEST(OffsetPacking, StaysDisjointThroughShrinkingOnRandomItems) {
    std::mt19937_64 rng(5);
    for (const int q : {5, 16, 64}) {
        std::vector<std::vector<int>> cells(60);
        for (auto& item : cells) {
            std::set<int> c;
            for (int k = 0; k < 6; ++k)
                c.insert(static_cast<int>(rng() % 4) * q + static_cast<int>(rng() % static_cast<unsigned>(q)));
            item.assign(c.begin(), c.end());
        }
        sched::OffsetPacking p(cells, 4, q);
        p.first_fit();
        ASSERT_TRUE(disjoint(p, cells, q)) << "q " << q;
        Rng search(1);
        const int before = p.groups();
        while (p.groups() > p.bound() && p.shrink(2000, 50'000'000, search, Deadline{})) ASSERT_TRUE(disjoint(p, cells, q));
        EXPECT_TRUE(disjoint(p, cells, q)) << "q " << q;  // a failed attempt restores the packing
        EXPECT_LE(p.groups(), before);
        EXPECT_GE(p.groups(), p.bound());
    }
}

}  // namespace
}  // namespace liquid
