// Weighted schedules: the byte-load bound, the independent verifier, and every method on
// small crossbars, fat trees and tori (values computed by hand or checked against the bound).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "liquid/base/error.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/sched/weighted.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/byte_load.hpp"
#include "liquid/traffic/demand_matrix.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sched/weighted_methods.hpp"

namespace liquid {
namespace {

/// x1: l1 l2 (4096 B), x2: l1 l3 (1000 B), x3: l4 l2 (3000 B), x4: l4 l3 (500 B).
Traffic square() {
    Traffic t({"l1", "l2", "l3", "l4"});
    t.add("x1", {0, 1}, -1, -1, 4096);
    t.add("x2", {0, 2}, -1, -1, 1000);
    t.add("x3", {3, 1}, -1, -1, 3000);
    t.add("x4", {3, 2}, -1, -1, 500);
    return t;
}

std::vector<std::vector<std::int64_t>> random_bytes(int n, std::uint32_t seed, bool skewed) {
    std::mt19937 rng(seed);
    std::vector<std::vector<std::int64_t>> m(static_cast<std::size_t>(n),
                                             std::vector<std::int64_t>(static_cast<std::size_t>(n), 0));
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            if (i == j) continue;
            const int k = static_cast<int>(rng() % 6);
            // Skewed: a few large entries (a hot pair per row), the rest small or empty.
            std::int64_t b = skewed ? (k == 0  ? (1 << 22) + static_cast<std::int64_t>(rng() % 65536)
                                       : k < 3 ? 4096 * (1 + rng() % 4)
                                               : 0)
                                    : 4096 * static_cast<std::int64_t>(1 + rng() % 256);
            m[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = b;
        }
    return m;
}

WeightedResult run(const Network& net, const std::vector<std::vector<std::int64_t>>& bytes, double overhead,
                   WeightedMethod method = WeightedMethod::Best, std::int64_t min_piece = 1) {
    const Traffic t = traffic_from_bytes(net, net.hosts(), bytes);
    WeightedOptions o;
    o.method = method;
    o.frame_overhead_s = overhead;
    o.min_piece = min_piece;
    o.time_limit_s = 5;
    return solve_weighted(t, link_rates(net), o);
}

double candidate_time(const WeightedResult& r, const std::string& name) {
    for (const auto& c : r.candidates)
        if (c.name == name && c.applicable) return c.time_s;
    ADD_FAILURE() << name << " did not run";
    return 0;
}

TEST(ByteLoad, BoundIsTheMostLoadedLinkOverItsRate) {
    const Traffic t = square();
    std::vector<double> rates{1000, 1000, 1000, 2000};
    const ByteLoad b = byte_load(t, rates);
    EXPECT_DOUBLE_EQ(b.bytes[1], 7096);  // l2: x1 + x3
    EXPECT_DOUBLE_EQ(b.time_s[0], 5.096);
    EXPECT_DOUBLE_EQ(b.bound_s, 7.096);
    EXPECT_EQ(b.bottlenecks, std::vector<int>{1});
    EXPECT_DOUBLE_EQ(transfer_rate(t, rates, 2), 1000);  // x3 over l4 (2000) and l2 (1000)
}

TEST(ByteLoad, EqualSizesGiveLambdaTimesSizeOverRate) {
    const Network net = make_fat_tree(2, 2);
    const Traffic t = all_to_all(net, net.hosts(), net.hosts(), false, 4096);
    const ByteLoad b = byte_load(t, link_rates(net));
    EXPECT_DOUBLE_EQ(b.bound_s, analyze(t).duration * 4096 / net.default_rate());
    EXPECT_FALSE(has_unequal_sizes(t));
}

TEST(ByteLoad, RejectsFractionalSizesAndZeroRates) {
    Traffic t({"a"});
    t.add("x", {0}, -1, -1, 10.5);
    EXPECT_THROW(check_byte_sizes(t, {1.0}, "t"), InputError);
    Traffic u({"a"});
    u.add("x", {0}, -1, -1, 10);
    EXPECT_THROW(check_byte_sizes(u, {0.0}, "t"), InputError);
    EXPECT_NO_THROW(check_byte_sizes(u, {1.0}, "t"));
}

TEST(WeightedVerifier, CatchesEveryKindOfFault) {
    const Traffic t = square();
    const WeightedProblem p{&t, {1000, 1000, 1000, 1000}, 0, 100};
    WeightedSchedule good{{{{{0, 4096}, {3, 500}}, 0}, {{{1, 1000}, {2, 3000}}, 0}}};
    set_frame_durations(p, good);
    EXPECT_EQ(verify_weighted_schedule(p, good), "");
    EXPECT_DOUBLE_EQ(good.frames[0].duration_s, 4.096);
    EXPECT_DOUBLE_EQ(total_time(p, good), 4.096 + 3.0);

    WeightedSchedule clash = good;
    std::swap(clash.frames[0].pieces[1], clash.frames[1].pieces[0]);  // x1 and x2 share l1
    set_frame_durations(p, clash);
    EXPECT_NE(verify_weighted_schedule(p, clash).find("shares link l1"), std::string::npos);

    WeightedSchedule missing = good;
    missing.frames[0].pieces[0].bytes = 4000;
    set_frame_durations(p, missing);
    EXPECT_NE(verify_weighted_schedule(p, missing).find("x1"), std::string::npos);

    WeightedSchedule stale = good;
    stale.frames[1].duration_s = 1.0;
    EXPECT_NE(verify_weighted_schedule(p, stale).find("duration"), std::string::npos);

    WeightedSchedule crumbs{{{{{0, 4046}, {3, 500}}, 0}, {{{1, 1000}, {2, 3000}}, 0}, {{{0, 50}}, 0}}};
    set_frame_durations(p, crumbs);
    EXPECT_NE(verify_weighted_schedule(p, crumbs).find("minimum piece"), std::string::npos);
}

TEST(WeightedSolve, TwoByTwoIsOptimalAtTheBound) {
    const Traffic t = square();
    WeightedOptions o;
    const WeightedResult r = solve_weighted(t, {1000, 1000, 1000, 1000}, o);
    // l2 carries x1 + x3 = 7096 bytes: T* = 7.096 s, reached by splitting x1 around x3.
    EXPECT_DOUBLE_EQ(r.bound_s, 7.096);
    EXPECT_NEAR(r.time_s, 7.096, 1e-9);
    EXPECT_TRUE(r.optimal);
    // The uniform plan runs x1 with x4 and x2 with x3: 4.096 + 3.0 s.
    EXPECT_NEAR(candidate_time(r, "uniform"), 7.096, 1e-9);
}

TEST(WeightedSolve, CrossbarWithoutOverheadReachesTheBound) {
    const Network net = make_crossbar(8);
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        const WeightedResult r = run(net, random_bytes(8, seed, seed % 2 == 0), 0);
        EXPECT_NEAR(r.time_s / r.bound_s, 1.0, 1e-6) << seed;
        EXPECT_NEAR(candidate_time(r, "bvn") / r.bound_s, 1.0, 1e-6) << seed;
        // The configuration LP alone: exact pricing on a crossbar, and its value is T*.
        const WeightedResult lp = run(net, random_bytes(8, seed, seed % 2 == 0), 0, WeightedMethod::Lp);
        EXPECT_TRUE(lp.lp_exact) << seed;
        EXPECT_NEAR(lp.lp_value_s / lp.bound_s, 1.0, 1e-9) << seed;
        // Rounding to whole bytes lengthens a frame by at most one byte.
        EXPECT_LE(lp.time_s, lp.bound_s + lp.schedule.length() / net.default_rate() * (1 + 1e-9)) << seed;
        for (const auto& c : r.candidates)
            if (c.applicable) {
                EXPECT_LE(r.time_s, c.time_s) << c.name;
            }
    }
}

TEST(WeightedSolve, BvnUsesAtMostNSquaredMinus2NPlus2Slots) {
    const Network net = make_crossbar(6);
    for (std::uint32_t seed = 1; seed <= 5; ++seed) {
        const WeightedResult r = run(net, random_bytes(6, seed, false), 0, WeightedMethod::Bvn);
        EXPECT_LE(r.schedule.length(), 6 * 6 - 2 * 6 + 2) << seed;
        EXPECT_EQ(r.method, "bvn");
    }
}

TEST(WeightedSolve, EclipseBeatsSolsticeOnSkewedMatricesWithLargeDelta) {
    // Eclipse's claim: with costly reconfiguration it serves a skewed demand in less time
    // than Solstice, which slices by powers of two into many configurations.
    const Network net = make_crossbar(16);
    int eclipse_wins = 0, runs = 0;
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        const WeightedResult r = run(net, random_bytes(16, seed, true), 1e-3);
        const double eclipse = candidate_time(r, "eclipse"), solstice = candidate_time(r, "solstice");
        eclipse_wins += eclipse <= solstice;
        ++runs;
        EXPECT_LE(r.time_s, std::min(eclipse, solstice)) << seed;
        EXPECT_GE(r.time_s, r.lower_bound_s * (1 - 1e-12)) << seed;
    }
    EXPECT_EQ(eclipse_wins, runs);
}

TEST(WeightedSolve, OverheadIsChargedOncePerFrame) {
    const Network net = make_crossbar(4);
    const WeightedResult r = run(net, random_bytes(4, 7, false), 1e-4);
    double data = 0;
    for (const auto& f : r.schedule.frames) data += f.duration_s;
    EXPECT_NEAR(r.time_s, data + 1e-4 * r.schedule.length(), 1e-12);
    // Λ = 3 frames at least (a host sends to 3 others), each costing the overhead.
    EXPECT_NEAR(r.lower_bound_s - r.bound_s, 3e-4, 1e-12);
}

TEST(WeightedSolve, MinimumPieceHoldsOnEveryMethod) {
    const Network net = make_crossbar(6);
    const auto bytes = random_bytes(6, 3, false);
    for (WeightedMethod m : {WeightedMethod::Lp, WeightedMethod::UnitSplit, WeightedMethod::Bvn, WeightedMethod::Solstice,
                             WeightedMethod::Eclipse}) {
        const WeightedResult r = run(net, bytes, 0, m, 65536);
        const Traffic t = traffic_from_bytes(net, net.hosts(), bytes);
        const WeightedProblem p{&t, link_rates(net), 0, 65536};
        EXPECT_EQ(verify_weighted_schedule(p, r.schedule), "") << weighted_method_name(m);
        for (const auto& f : r.schedule.frames)
            for (const Piece& x : f.pieces) EXPECT_TRUE(x.bytes >= 65536 || x.bytes == transfer_bytes(t[x.transfer]));
    }
}

TEST(WeightedSolve, PacketFabricsStayWithinTheirBaselinesAndAboveTheBound) {
    for (const Network& net : {make_fat_tree(2, 3), make_torus({3, 3}, true)}) {
        const int n = static_cast<int>(net.hosts().size());
        const WeightedResult r = run(net, random_bytes(n, 11, true), 0);
        EXPECT_GE(r.time_s, r.lower_bound_s * (1 - 1e-12)) << net.name();
        for (const auto& c : r.candidates) {
            if (c.applicable) {
                EXPECT_LE(r.time_s, c.time_s) << net.name() << " " << c.name;
            }
            if (c.name == "bvn") {
                EXPECT_FALSE(c.applicable) << net.name();
            }
        }
        // The split LP schedule improves on whole transfers (greedy) on a skewed matrix (the
        // LP runs unless a schedule already meets the bound).
        if (!r.optimal) {
            EXPECT_LT(candidate_time(r, "lp"), candidate_time(r, "greedy")) << net.name();
        }
    }
}

/// An uneven transpose: host i holds a_i slabs, host j takes b_j, a and b in 1..4 blocks.
std::vector<std::vector<std::int64_t>> uneven_transpose(int n, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<std::int64_t> a, b;
    for (int i = 0; i < n; ++i) a.push_back(1 + rng() % 4), b.push_back(1 + rng() % 4);
    std::vector<std::vector<std::int64_t>> m(static_cast<std::size_t>(n), std::vector<std::int64_t>(static_cast<std::size_t>(n)));
    for (std::size_t i = 0; i < m.size(); ++i)
        for (std::size_t j = 0; j < m.size(); ++j) m[i][j] = i == j ? 0 : a[i] * b[j] * 4096;
    return m;
}

TEST(UnitSplit, MeetsTheBoundWhenTheSizesShareADivisor) {
    // Every size a multiple of 4 KiB: the quantum is one block, and a liquid schedule of the
    // blocks keeps the most loaded link busy all the time.
    for (const Network& net : {make_fat_tree(2, 3), make_torus({3, 3}, true), make_crossbar(8)}) {
        const int n = static_cast<int>(net.hosts().size());
        for (std::uint32_t seed = 1; seed <= 3; ++seed) {
            const WeightedResult r = run(net, uneven_transpose(n, seed), 0, WeightedMethod::UnitSplit);
            EXPECT_EQ(r.method, "unit-split");
            EXPECT_NEAR(r.time_s / r.bound_s, 1.0, 1e-9) << net.name() << " seed " << seed;
            EXPECT_TRUE(r.optimal) << net.name() << " seed " << seed;
        }
    }
}

TEST(UnitSplit, RoundsTheBottleneckUpByAtMostASixtyFourth) {
    // Sizes with no common divisor (random bytes): pieces of a quantum chosen so that the
    // most loaded link gains less than T*/64 (each of its transfers rounds up by less than
    // one quantum), provided the pieces are scheduled liquid, as on these small fabrics.
    for (const Network& net : {make_fat_tree(2, 3), make_torus({3, 3}, true)}) {
        const int n = static_cast<int>(net.hosts().size());
        std::mt19937 rng(5);
        std::vector<std::vector<std::int64_t>> m(static_cast<std::size_t>(n),
                                                 std::vector<std::int64_t>(static_cast<std::size_t>(n)));
        for (std::size_t i = 0; i < m.size(); ++i)
            for (std::size_t j = 0; j < m.size(); ++j) m[i][j] = i == j ? 0 : 1000 + static_cast<std::int64_t>(rng() % 900000);
        const WeightedResult r = run(net, m, 0, WeightedMethod::UnitSplit);
        EXPECT_LE(r.time_s, r.bound_s * (1 + 1.0 / 64) * (1 + 1e-9)) << net.name();
        EXPECT_GE(r.time_s, r.bound_s * (1 - 1e-12)) << net.name();
    }
}

TEST(UnitSplit, QuantaDoubleUntilEveryTransferIsWhole) {
    const Network net = make_fat_tree(2, 3);
    const Traffic t = traffic_from_bytes(net, net.hosts(), uneven_transpose(8, 2));
    const WeightedProblem p{&t, link_rates(net), 0, 1};
    const std::vector<double> q = sched::unit_quanta(p, 1 << 19);
    ASSERT_GE(q.size(), 2U);
    EXPECT_DOUBLE_EQ(q.front(), 4096 / net.default_rate());  // the common divisor, one block
    for (std::size_t i = 1; i < q.size(); ++i) EXPECT_DOUBLE_EQ(q[i], 2 * q[i - 1]);
    // The last quantum is the first at least as long as the longest transfer.
    double longest = 0;
    for (int x = 0; x < t.size(); ++x) longest = std::max(longest, t[x].size / 4096);
    EXPECT_GE(q.back() * net.default_rate() / 4096, longest);
    EXPECT_LT(q[q.size() - 2] * net.default_rate() / 4096, longest);
    // A cap on the pieces coarsens the finest quantum to a multiple of the block.
    const std::vector<double> capped = sched::unit_quanta(p, t.size() + 10);
    EXPECT_GT(capped.front(), q.front());
    EXPECT_DOUBLE_EQ(std::fmod(capped.front() / q.front(), 1.0), 0.0);
    // With a frame overhead the run may pick a coarser quantum, and the frames pay it.
    const WeightedResult r = run(net, uneven_transpose(8, 2), 1e-3, WeightedMethod::UnitSplit);
    double data = 0;
    for (const auto& f : r.schedule.frames) data += f.duration_s;
    EXPECT_NEAR(r.time_s, data + 1e-3 * r.schedule.length(), 1e-12);
}

TEST(WeightedSolve, RejectsBadOptionsAndPeersOffACrossbar) {
    const Network net = make_torus({3, 3}, true);
    EXPECT_THROW(run(net, random_bytes(9, 1, false), -1), InputError);
    EXPECT_THROW(run(net, random_bytes(9, 1, false), 0, WeightedMethod::Eclipse), InputError);
    EXPECT_THROW(run(net, random_bytes(9, 1, false), 0, WeightedMethod::Best, 0), InputError);
}

}  // namespace
}  // namespace liquid
