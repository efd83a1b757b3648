// Moving hot spots (thesis §5.9.4): when and where the hot spot moves, what stays the same,
// and that a seed fixes everything.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <vector>

#include "liquid/optical/p2p/simulator.hpp"
#include "liquid/optical/p2p/traffic.hpp"
#include "short_run.hpp"

using namespace liquid::optical::p2p;
using liquid::Rng;

namespace {

/// The hot spot of each round 0 .. rounds-1.
std::vector<std::uint32_t> hotspot_trace(std::uint32_t nodes, std::uint32_t every, std::uint64_t seed, std::uint32_t rounds) {
    EventSource src(nodes, {8, 0.05, {every}}, seed);
    std::vector<std::uint32_t> trace;
    for (std::uint32_t t = 0; t < rounds; ++t) {
        src.begin_round(t);
        trace.push_back(src.hotspot());
    }
    return trace;
}

TrafficSpec moving(std::uint32_t spawn, double p, std::uint32_t every) { return {spawn, p, {every}}; }

MultiRingSpec ring_of(std::uint32_t nodes) {
    MultiRingSpec ring;
    ring.nodes = nodes;
    return ring;
}

using test::short_run;

}  // namespace

TEST(OpticalP2pMovingHotspot, MovesExactlyEveryPeriodToAnotherNode) {
    const std::uint32_t every = 7;
    const auto trace = hotspot_trace(16, every, 3, 700);
    EXPECT_EQ(trace[0], 0u);  // starts where the fixed hot spot is (§5.3.2: node 0)
    for (std::uint32_t t = 1; t < trace.size(); ++t) {
        if (t % every == 0) EXPECT_NE(trace[t], trace[t - 1]) << "round " << t << " must move the hot spot";
        else EXPECT_EQ(trace[t], trace[t - 1]) << "round " << t << " must not move it";
        EXPECT_LT(trace[t], 16u);
    }
}

TEST(OpticalP2pMovingHotspot, FixedWhenPeriodIsZero) {
    for (std::uint32_t h : hotspot_trace(16, 0, 3, 500)) EXPECT_EQ(h, 0u);
    EventSource src(16, {8, 0.05}, 3);
    for (std::uint32_t t = 0; t < 100; ++t) src.begin_round(t);
    EXPECT_EQ(src.moves(), 0u);
}

TEST(OpticalP2pMovingHotspot, NewPlaceIsUniformOverTheOtherNodes) {
    const std::uint32_t n = 8, moves = 14000;
    const auto trace = hotspot_trace(n, 1, 11, moves + 1);
    std::vector<int> count(n, 0);
    for (std::uint32_t t = 1; t <= moves; ++t) ++count[trace[t]];
    // Each node is the destination of a move with probability 1/N in the long run (a jump to
    // a uniform other node is a random walk on the complete graph, stationary uniform).
    const double expected = double(moves) / n;
    for (std::uint32_t v = 0; v < n; ++v) EXPECT_NEAR(count[v], expected, 5 * std::sqrt(expected)) << "node " << v;
}

TEST(OpticalP2pMovingHotspot, SameSeedSameMovesOtherSeedOtherMoves) {
    EXPECT_EQ(hotspot_trace(64, 10, 5, 1000), hotspot_trace(64, 10, 5, 1000));
    EXPECT_NE(hotspot_trace(64, 10, 5, 1000), hotspot_trace(64, 10, 6, 1000));
}

TEST(OpticalP2pMovingHotspot, HotShareFollowsTheCurrentHotSpot) {
    const std::uint32_t n = 64, every = 50;
    EventSource src(n, moving(10, 0.05, every), 2);
    Rng rng(9);
    int to_hot = 0, draws = 0;
    std::set<std::uint32_t> visited;
    for (std::uint32_t t = 0; t < 20000; ++t) {
        src.begin_round(t);
        visited.insert(src.hotspot());
        for (int k = 0; k < 10; ++k, ++draws) {
            const SendEvent e = src.draw(rng);
            ASSERT_NE(e.src, e.dst);
            to_hot += e.dst == src.hotspot();
        }
    }
    const double p_h = hotspot_probability(n, 0.05);
    EXPECT_NEAR(double(to_hot) / draws, p_h, 4 * std::sqrt(p_h * (1 - p_h) / draws));
    EXPECT_GT(visited.size(), n / 2);
}

// The moves have their own random stream: the same events are drawn, only the hot
// destination changes, so the offered load is the same with a moving and a fixed hot spot.
TEST(OpticalP2pMovingHotspot, OfferedLoadIsConserved) {
    const MultiRingSpec ring = ring_of(64);
    const RunSpec run = short_run(600, 4);
    const SimResult fixed = simulate_multi_ring(ring, moving(64, 0.05, 0), run);
    const SimResult moved = simulate_multi_ring(ring, moving(64, 0.05, 25), run);
    EXPECT_EQ(fixed.measured, moved.measured);
    EXPECT_EQ(moved.delivered, moved.measured);
    EXPECT_FALSE(moved.saturated);
    EXPECT_EQ(moved.collisions + moved.misroutes, 0u);
    EXPECT_EQ(moved.hotspot_moves, (moved.rounds_run - 1) / 25);
    EXPECT_EQ(fixed.hotspot_moves, 0u);
    // About p_H of the measured requests go to the hot spot in both runs.
    const double p_h = hotspot_probability(64, 0.05);
    for (const SimResult* r : {&fixed, &moved}) {
        const double share = double(r->hot_delivered) / double(r->delivered);
        EXPECT_NEAR(share, p_h, 5 * std::sqrt(p_h * (1 - p_h) / double(r->delivered)));
    }
}

TEST(OpticalP2pMovingHotspot, SimulationIsDeterministicWithTheSeed) {
    MultiRingSpec ring = ring_of(64);
    ring.reconfig.variant = Reconfig::GlobalAverage;
    const SimResult a = simulate_multi_ring(ring, moving(64, 0.05, 40), short_run(500, 7));
    const SimResult b = simulate_multi_ring(ring, moving(64, 0.05, 40), short_run(500, 7));
    const SimResult c = simulate_multi_ring(ring, moving(64, 0.05, 40), short_run(500, 8));
    EXPECT_EQ(a.mean_rounds, b.mean_rounds);
    EXPECT_EQ(a.hot_mean_rounds, b.hot_mean_rounds);
    EXPECT_EQ(a.reconfigurations, b.reconfigurations);
    EXPECT_EQ(a.hotspot_moves, b.hotspot_moves);
    EXPECT_NE(a.mean_rounds, c.mean_rounds);
}

// A moving hot spot spreads the hot load over many nodes: where a fixed one saturates the
// node it points at, one moving every few rounds does not.
TEST(OpticalP2pMovingHotspot, MovingSpreadsAnOverload) {
    const MultiRingSpec ring = ring_of(64);
    RunSpec run = short_run(600, 1);
    run.mmir = 4;
    run.drain_limit = 200;
    const SimResult fixed = simulate_multi_ring(ring, moving(64, 0.3, 0), run);
    const SimResult moved = simulate_multi_ring(ring, moving(64, 0.3, 5), run);
    EXPECT_GT(fixed.hot_mean_rounds, 3 * moved.hot_mean_rounds);
    EXPECT_LT(moved.hot_mean_rounds, 4 * moved.mean_hops);
}
