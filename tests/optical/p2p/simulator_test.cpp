// The round simulator: collision check, disciplines, statistics, determinism (thesis §5.3-5.9).
#include <gtest/gtest.h>

#include <cmath>

#include "liquid/base/error.hpp"
#include "liquid/optical/p2p/simulator.hpp"
#include "liquid/optical/p2p/traffic.hpp"
#include "optical/p2p/collision_check.hpp"
#include "short_run.hpp"

using namespace liquid::optical::p2p;
using liquid::Rng;

namespace {

using test::short_run;

}  // namespace

TEST(Rng, SameSeedSameNumbers) {
    Rng a(42), b(42), c(43);
    bool differs = false;
    for (int i = 0; i < 1000; ++i) {
        const auto x = a.next();
        EXPECT_EQ(x, b.next());
        differs |= x != c.next();
    }
    EXPECT_TRUE(differs);
    Rng r(5);
    for (int i = 0; i < 10000; ++i) EXPECT_LT(r.below(7), 7u);
}

TEST(Traffic, HotSpotProbabilityMatchesSection532) {
    const std::uint32_t n = 64;
    EventSource src(n, {10, 0.05});
    Rng rng(9);
    const int draws = 200000;
    int to_zero = 0;
    for (int i = 0; i < draws; ++i) {
        const SendEvent e = src.draw(rng);
        ASSERT_NE(e.src, e.dst);
        ASSERT_LT(e.src, n);
        to_zero += e.dst == 0;
    }
    const double expected = hotspot_probability(n, 0.05);  // p + (1-p)/N
    EXPECT_NEAR(expected, 0.05 + 0.95 / 64, 1e-12);
    EXPECT_NEAR(double(to_zero) / draws, expected, 4 * std::sqrt(expected * (1 - expected) / draws));
}

TEST(CollisionCheck, CountsOnlyAddressedDoubleReceptions) {
    CollisionCheck c(6);
    const std::uint32_t a[] = {1, 2}, b[] = {2, 3}, d[] = {4, 5};
    c.begin_round();
    c.transmit(0, a);
    c.address(0, 1);
    c.transmit(5, b);  // node 2 hears 0 and 5 but nobody addresses it: overlap
    c.address(5, 3);
    EXPECT_EQ(c.end_round(), 0u);
    EXPECT_EQ(c.overlaps(), 1u);
    c.begin_round();
    c.transmit(0, a);
    c.address(0, 2);
    c.transmit(5, b);  // node 2 addressed and hears two: collision
    c.address(5, 3);
    c.transmit(3, d);
    c.address(3, 1);  // 1 is not in 3's multicast set: misroute
    EXPECT_EQ(c.end_round(), 1u);
    EXPECT_EQ(c.collisions(), 1u);
    EXPECT_EQ(c.misroutes(), 1u);
}

TEST(Simulator, CccDisciplinesAreCollisionFree) {
    for (int d : {3, 4, 5}) {
        const std::uint32_t n = std::uint32_t(d) << d;
        for (CccDiscipline disc : {CccDiscipline::OnDemand, CccDiscipline::Cycled})
            for (CycleKind cycle : {CycleKind::Optimized, CycleKind::Plain}) {
                if (disc == CccDiscipline::OnDemand && cycle == CycleKind::Plain) continue;
                CccSpec spec{d, disc, cycle, CccRouting::Thesis};
                const SimResult r = simulate_ccc(spec, {n, 0.05}, short_run(300));
                EXPECT_EQ(r.collisions, 0u) << "D=" << d;
                EXPECT_EQ(r.misroutes, 0u);
                EXPECT_GT(r.delivered, 1000u);
                EXPECT_GT(r.transmissions, 0u);
                if (disc == CccDiscipline::OnDemand || cycle == CycleKind::Plain) {
                    EXPECT_EQ(r.overlaps, 0u);
                }
            }
    }
}

TEST(Simulator, BrokenCccDisciplineIsCaught) {
    CccSpec spec{4, CccDiscipline::Unsynchronized, CycleKind::Optimized, CccRouting::Thesis};
    const SimResult r = simulate_ccc(spec, {64, 0}, short_run(200));
    EXPECT_GT(r.collisions, 100u);
}

TEST(Simulator, MultiRingParityRuleIsCollisionFree) {
    for (ChordKind chords : {ChordKind::Fixed, ChordKind::Random}) {
        MultiRingSpec spec;
        spec.nodes = 64;
        spec.chords = chords;
        const SimResult r = simulate_multi_ring(spec, {64, 0.05}, short_run(300));
        EXPECT_EQ(r.collisions, 0u);
        EXPECT_EQ(r.overlaps, 0u);  // §5.6.2: no node ever hears two senders
        EXPECT_EQ(r.misroutes, 0u);
        EXPECT_GT(r.delivered, 1000u);
    }
}

TEST(Simulator, BrokenParityRuleIsCaught) {
    MultiRingSpec spec;
    spec.nodes = 64;
    spec.parity_rule = false;
    const SimResult r = simulate_multi_ring(spec, {64, 0}, short_run(200));
    EXPECT_GT(r.collisions, 100u);
}

TEST(Simulator, SameSeedSameResultOtherSeedOther) {
    CccSpec spec{4, CccDiscipline::OnDemand, CycleKind::Optimized, CccRouting::Thesis};
    const SimResult a = simulate_ccc(spec, {32, 0}, short_run(300, 7));
    const SimResult b = simulate_ccc(spec, {32, 0}, short_run(300, 7));
    const SimResult c = simulate_ccc(spec, {32, 0}, short_run(300, 8));
    EXPECT_EQ(a.mean_rounds, b.mean_rounds);
    EXPECT_EQ(a.created, b.created);
    EXPECT_EQ(a.p99, b.p99);
    EXPECT_NE(a.created, c.created);
    EXPECT_EQ(a.seed, 7u);
}

TEST(Simulator, LatencyEqualsRouteLengthWithoutLoad) {
    // One event per round on 2048 nodes: almost no contention, so the mean latency is the
    // mean route length (and never below the hop count).
    CccSpec spec{8, CccDiscipline::OnDemand, CycleKind::Optimized, CccRouting::Thesis};
    const SimResult r = simulate_ccc(spec, {1, 0}, short_run(3000));
    EXPECT_GE(r.mean_rounds, r.mean_hops);
    EXPECT_NEAR(r.mean_rounds, r.mean_hops, 0.05 * r.mean_hops);
    EXPECT_NEAR(r.mean_hops, r.static_average_distance, 1.0);
    EXPECT_LE(r.p50, r.p90);
    EXPECT_LE(r.p90, r.p99);
    EXPECT_LE(r.p99, r.max_rounds);
}

TEST(Simulator, MultiRingLightLoadCostsOneRoundPerRingHopTwoPerChord) {
    // Fixed chords, N = 16, w = 4, one event per round: a ring hop lands in the receiver's
    // own sending round (pipelined), a chord hop joins equal parity and waits one round.
    MultiRingSpec spec;
    spec.nodes = 16;
    spec.chords = ChordKind::Fixed;
    spec.w = 4;
    const SimResult r = simulate_multi_ring(spec, {1, 0}, short_run(4000));
    EXPECT_GT(r.mean_rounds, r.mean_hops);
    EXPECT_LT(r.mean_rounds, 2 * r.mean_hops + 1);
    EXPECT_EQ(r.collisions, 0u);
}

TEST(Simulator, MmirLimitsBatchesAndSaturationIsReported) {
    CccSpec spec{4, CccDiscipline::Cycled, CycleKind::Optimized, CccRouting::Thesis};
    RunSpec run = short_run(300);
    run.mmir = 2;
    run.drain_limit = 50;
    const SimResult r = simulate_ccc(spec, {64, 0}, run);
    EXPECT_LE(r.max_batch, 4u);  // two inner arcs, two messages each
    EXPECT_TRUE(r.saturated);
    EXPECT_GT(r.undelivered, 0u);
    run.mmir_scope = MmirScope::Node;
    EXPECT_LE(simulate_ccc(spec, {64, 0}, run).max_batch, 2u);
}

TEST(Simulator, MultiRingMeanRoundsGrowLogarithmicallyWithRandomChords) {
    // Simulated mean rounds at spawn 25% of N: random chords grow by a roughly constant step
    // per quadrupling of N, fixed w = sqrt N chords by a roughly constant factor.
    std::vector<double> fixed, random;
    for (std::uint32_t n : {64u, 256u, 1024u}) {
        MultiRingSpec spec;
        spec.nodes = n;
        spec.chords = ChordKind::Random;
        random.push_back(simulate_multi_ring(spec, {n / 4, 0}, short_run(150)).mean_rounds);
        spec.chords = ChordKind::Fixed;
        fixed.push_back(simulate_multi_ring(spec, {n / 4, 0}, short_run(150)).mean_rounds);
    }
    for (int i = 0; i < 2; ++i) {
        EXPECT_NEAR(fixed[i + 1] / fixed[i], 2.0, 0.35);
        EXPECT_GT(random[i + 1] - random[i], 1.0);
        EXPECT_LT(random[i + 1] / random[i], 1.6);
    }
}

TEST(Simulator, DynamicVariantsRunCollisionFreeAndChangeTheConfiguration) {
    for (Reconfig v : {Reconfig::LocalStrength, Reconfig::GlobalAverage, Reconfig::NearDestination, Reconfig::RandomRegenerate}) {
        MultiRingSpec spec;
        spec.nodes = 64;
        spec.reconfig.variant = v;
        spec.reconfig.gap = 2;
        spec.reconfig.regenerate_every = 10;
        const SimResult r = simulate_multi_ring(spec, {64, 0.05}, short_run(400));
        EXPECT_EQ(r.collisions, 0u);
        EXPECT_EQ(r.misroutes, 0u) << "messages must follow the configuration in force";
        EXPECT_GT(r.reconfig_attempts, 0u);
        EXPECT_FALSE(r.saturated);
        if (v == Reconfig::LocalStrength) {
            EXPECT_GT(r.reconfigurations, 0u);
        }
    }
}

TEST(Simulator, RejectsBadInput) {
    CccSpec spec{4, CccDiscipline::Cycled, CycleKind::Optimized, CccRouting::Thesis};
    EXPECT_THROW(simulate_ccc(spec, {0, 0}, short_run()), liquid::InputError);
    EXPECT_THROW(simulate_ccc(spec, {10, 1.5}, short_run()), liquid::InputError);
    RunSpec run = short_run(100);
    run.warmup = 100;
    EXPECT_THROW(simulate_ccc(spec, {10, 0}, run), liquid::InputError);
    MultiRingSpec ring;
    ring.nodes = 63;
    EXPECT_THROW(simulate_multi_ring(ring, {10, 0}, short_run()), liquid::InputError);
}
