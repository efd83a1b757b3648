// The multi ring's offered-load bound (load_bound.hpp): it accounts for every hop, and the
// hot-spot parameter it names is where the simulation stops having a steady state.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "liquid/optical/p2p/simulator.hpp"
#include "optical/p2p/load_bound.hpp"

using namespace liquid::optical::p2p;
using liquid::Rng;

namespace {

MultiRing random_ring(std::uint32_t n, std::uint64_t seed) {
    Rng rng(seed);
    return MultiRing(n, random_chords(n, rng));
}

double sum(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); }

}  // namespace

TEST(OpticalP2pLoadBound, OfferedLoadSumsToEventsTimesMeanDistance) {
    const MultiRing ring = random_ring(64, 3);
    const ShortestPaths paths(ring);
    const TrafficSpec uniform(64, 0.0);
    const double events = 32.5;  // (spawn + 1) / 2
    EXPECT_NEAR(sum(offered_link_load(ring, paths, 0, uniform)), events * paths.average_distance(), 1e-9);
    // p = 1: every message goes to the hot spot, from a uniform other node.
    const std::uint32_t hot = 17;
    double to_hot = 0;
    for (std::uint32_t s = 0; s < 64; ++s) to_hot += paths.dist(s, hot);
    EXPECT_NEAR(sum(offered_link_load(ring, paths, hot, TrafficSpec(64, 1.0))), events * to_hot / 63, 1e-9);
    // In between the load is linear in p.
    const auto mid = offered_link_load(ring, paths, hot, TrafficSpec(64, 0.25));
    EXPECT_NEAR(sum(mid), 0.75 * events * paths.average_distance() + 0.25 * events * to_hot / 63, 1e-9);
}

// The bound sums route counts over shortest-path trees; walking every route to the hot spot
// hop by hop must give the same count on every arc.
TEST(OpticalP2pLoadBound, TreeCountsEqualWalkedRoutes) {
    const MultiRing ring = random_ring(96, 5);
    const ShortestPaths paths(ring);
    for (std::uint32_t hot : {0u, 41u, 95u}) {
        std::vector<double> walked(2 * 96, 0.0);
        for (std::uint32_t s = 0; s < 96; ++s)
            for (std::uint32_t v = s; v != hot;) {
                const std::uint32_t next = paths.next_hop(ring, v, hot);
                walked[2 * v + (next == ring.ring_next(v) ? 0 : 1)] += 1.0;
                v = next;
            }
        const auto load = offered_link_load(ring, paths, hot, TrafficSpec(96, 1.0));
        const double per_pair = 48.5 / 95;  // events per round / (N - 1)
        for (std::size_t a = 0; a < load.size(); ++a) ASSERT_NEAR(load[a], walked[a] * per_pair, 1e-9) << "arc " << a;
    }
}

TEST(OpticalP2pLoadBound, UnlimitedMmirNeverSaturates) {
    const MultiRing ring = random_ring(64, 3);
    const ShortestPaths paths(ring);
    RunSpec run;
    run.mmir = 0;
    const LoadBound b = hotspot_load_bound(ring, paths, 0, TrafficSpec(64, 0.05), run);
    EXPECT_TRUE(std::isinf(b.saturation_p));
    EXPECT_GT(b.busiest, 0.0);
}

// Below the bound's p the mean latency does not depend on how long the run lasts; above it
// a link's queue grows all run long, so a three times longer run measures a much larger mean.
TEST(OpticalP2pLoadBound, SaturationPointSeparatesSteadyFromGrowingQueues) {
    MultiRingSpec spec;
    spec.nodes = 64;
    RunSpec run;
    run.mmir = 10;
    run.seed = 1;
    const SimResult probe = simulate_multi_ring(spec, TrafficSpec(64, 0.0), [&] {
        RunSpec r = run;
        r.rounds = 50;
        return r;
    }());
    const double p_star = probe.hot_saturation_p;
    ASSERT_GT(p_star, 0.05);
    ASSERT_LT(p_star, 0.6);
    auto mean = [&](double p, std::uint32_t rounds) {
        RunSpec r = run;
        r.rounds = rounds;
        return simulate_multi_ring(spec, TrafficSpec(64, p), r);
    };
    const SimResult below_short = mean(0.6 * p_star, 500), below_long = mean(0.6 * p_star, 1500);
    EXPECT_LT(below_short.busiest_link_utilization, 1.0);
    EXPECT_NEAR(below_long.mean_rounds, below_short.mean_rounds, 0.05 * below_short.mean_rounds);
    const SimResult above_short = mean(1.4 * p_star, 500), above_long = mean(1.4 * p_star, 1500);
    EXPECT_GT(above_short.busiest_link_utilization, 1.0);
    EXPECT_GT(above_long.mean_rounds, 1.8 * above_short.mean_rounds);
}
