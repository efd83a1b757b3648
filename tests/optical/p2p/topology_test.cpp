// CCC and multi-ring structure, routing and the cycled pulse schedule (thesis §5.4, §5.6).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "liquid/base/error.hpp"
#include "optical/p2p/ccc.hpp"
#include "optical/p2p/multi_ring.hpp"

using namespace liquid::optical::p2p;
using liquid::Rng;

TEST(Ccc, SizesAndSymmetricNeighbours) {
    for (int d : {3, 4, 6, 8}) {
        CccTopology t(d);
        EXPECT_EQ(t.nodes(), std::uint32_t(d) * (1u << d));
        for (std::uint32_t v = 0; v < t.nodes(); ++v) {
            const auto set = t.receivers(v);
            EXPECT_EQ(std::set<std::uint32_t>(set.begin(), set.end()).size(), 3u);
            for (std::uint32_t u : set) {
                const auto back = t.receivers(u);
                EXPECT_NE(std::find(back.begin(), back.end(), v), back.end()) << v << " " << u;
            }
            // the outer neighbour differs in exactly bit `position` of the cycle (§5.4.2)
            EXPECT_EQ(t.cycle(t.outer(v)) ^ t.cycle(v), 1u << t.position(v));
            EXPECT_EQ(t.position(t.outer(v)), t.position(v));
        }
    }
}

TEST(Ccc, ThesisExampleNode) {
    // §5.4.2, D = 3: node (111,2) has inner neighbours (111,0), (111,1) and outer (011,2).
    CccTopology t(3);
    const std::uint32_t v = t.id(0b111, 2);
    const auto set = t.receivers(v);
    std::set<std::uint32_t> got(set.begin(), set.end());
    EXPECT_EQ(got, (std::set<std::uint32_t>{t.id(0b111, 0), t.id(0b111, 1), t.id(0b011, 2)}));
}

TEST(Ccc, RoutesReachDestinationWithinBounds) {
    // §5.5.1 bounds a route by 3D: D to reach position 0, D outer hops, D inner hops, and
    // "one step" in the last ring. That last step is really a walk of up to D-1 one-way
    // (D/2 the short way), so one-way walks need up to 4D-3 hops and short walks
    // 2*floor(D/2) + 2D-1.
    for (CccRouting routing : {CccRouting::Thesis, CccRouting::ShortestWalks, CccRouting::CurrentDimension}) {
        CccTopology t(5);
        const std::uint32_t bound = routing == CccRouting::Thesis          ? 4 * 5 - 3
                                    : routing == CccRouting::ShortestWalks ? 2 * 2 + 2 * 5 - 1
                                                                           : 3 * 5;
        std::uint32_t longest = 0;
        for (std::uint32_t s = 0; s < t.nodes(); s += 3)
            for (std::uint32_t d = 0; d < t.nodes(); ++d) {
                if (s == d) continue;
                std::uint32_t v = s, hops = 0;
                std::uint8_t phase = 1;
                while (v != d) {
                    const CccHop hop = ccc_route(t, routing, v, d, phase);
                    const auto set = t.receivers(v);
                    ASSERT_NE(std::find(set.begin(), set.end(), hop.next), set.end()) << "hop to a non-neighbour";
                    v = hop.next;
                    phase = hop.phase;
                    ASSERT_LE(++hops, bound);
                }
                EXPECT_EQ(hops, ccc_route_length(t, routing, s, d));
                longest = std::max(longest, hops);
            }
        if (routing != CccRouting::CurrentDimension) {
            EXPECT_EQ(longest, bound);  // the bounds are tight
        }
    }
}

TEST(Ccc, MeanRouteLengthMatchesHandCount) {
    // Independent count for the thesis routing by brute force over all ordered pairs, D = 3.
    CccTopology t(3);
    double total = 0;
    for (std::uint32_t s = 0; s < t.nodes(); ++s)
        for (std::uint32_t d = 0; d < t.nodes(); ++d)
            if (s != d) total += ccc_route_length(t, CccRouting::Thesis, s, d);
    EXPECT_NEAR(ccc_mean_route_length(t, CccRouting::Thesis), total / (24.0 * 23.0), 1e-12);
    // shortcuts never lengthen the average
    for (int d : {4, 6, 8}) {
        CccTopology u(d);
        EXPECT_LT(ccc_mean_route_length(u, CccRouting::ShortestWalks), ccc_mean_route_length(u, CccRouting::Thesis));
        EXPECT_LT(ccc_mean_route_length(u, CccRouting::CurrentDimension), ccc_mean_route_length(u, CccRouting::Thesis));
    }
}

TEST(CccCycle, LengthsOfSection546) {
    // §5.4.6: 3 + D mod 3 inner slots and 2 outer slots for even D: "not more than 7, and 5
    // when D mod 3 = 0".
    EXPECT_EQ(cycle_schedule(4, CycleKind::Optimized).size(), 6u);
    EXPECT_EQ(cycle_schedule(6, CycleKind::Optimized).size(), 5u);
    EXPECT_EQ(cycle_schedule(8, CycleKind::Optimized).size(), 7u);
    EXPECT_EQ(cycle_schedule(12, CycleKind::Optimized).size(), 5u);
    for (int d = 4; d <= 16; d += 2) EXPECT_LE(cycle_schedule(d, CycleKind::Optimized).size(), 7u);
    EXPECT_EQ(cycle_schedule(6, CycleKind::Plain).size(), 12u);  // 2D (§5.4.5)
}

TEST(CccCycle, EveryPositionGetsOneInnerAndOneOuterSlot) {
    for (int d = 3; d <= 12; ++d)
        for (CycleKind k : {CycleKind::Optimized, CycleKind::Plain}) {
            std::vector<int> inner(d, 0), outer(d, 0);
            for (const auto& slot : cycle_schedule(d, k))
                for (int p = 0; p < d; ++p)
                    if ((slot.positions >> p) & 1u) ++(slot.outer ? outer : inner)[p];
            for (int p = 0; p < d; ++p) {
                EXPECT_EQ(inner[p], 1) << "D=" << d << " p=" << p;
                EXPECT_EQ(outer[p], 1) << "D=" << d << " p=" << p;
            }
        }
}

TEST(CccCycle, AddressedNodesHearOneSenderPerSlot) {
    // Brute force over the physical multicast: in every slot, every node that the slot's
    // mode may address hears exactly one transmitter.
    for (int d = 3; d <= 10; ++d) {
        CccTopology t(d);
        for (const auto& slot : cycle_schedule(d, CycleKind::Optimized)) {
            std::vector<int> heard(t.nodes(), 0);
            std::vector<std::uint32_t> addressed;
            for (std::uint32_t v = 0; v < t.nodes(); ++v) {
                if (!((slot.positions >> t.position(v)) & 1u)) continue;
                for (std::uint32_t u : t.receivers(v)) ++heard[u];
                if (slot.outer) addressed.push_back(t.outer(v));
                else {
                    addressed.push_back(t.inner_next(v));
                    addressed.push_back(t.inner_prev(v));
                }
            }
            for (std::uint32_t u : addressed) EXPECT_EQ(heard[u], 1) << "D=" << d << " node " << u;
        }
    }
}

TEST(CccTopology, RejectsBadDimension) {
    EXPECT_THROW(CccTopology(2), liquid::InputError);
    EXPECT_THROW(CccTopology(17), liquid::InputError);
}

TEST(MultiRing, DefaultChordLengthIsEvenNearestSqrt) {
    EXPECT_EQ(default_chord_length(64), 8u);
    EXPECT_EQ(default_chord_length(384), 20u);   // sqrt = 19.6
    EXPECT_EQ(default_chord_length(2048), 46u);  // sqrt = 45.25
    EXPECT_EQ(default_chord_length(16), 4u);
}

TEST(MultiRing, ParityRuleEnforced) {
    EXPECT_THROW(fixed_chords(64, 7), liquid::InputError);
    EXPECT_THROW(MultiRing(63, std::vector<std::uint32_t>(63, 0)), liquid::InputError);
    std::vector<std::uint32_t> bad = fixed_chords(16, 4);
    bad[0] = 3;  // even -> odd
    EXPECT_THROW(MultiRing(16, bad), liquid::InputError);
    std::vector<std::uint32_t> twice = fixed_chords(16, 4);
    twice[2] = 4;  // node 4 now has incoming chords from 0 and 2
    EXPECT_THROW(MultiRing(16, twice), liquid::InputError);
}

TEST(MultiRing, RandomChordsArePermutationsInsideParityClasses) {
    Rng rng(7);
    for (std::uint32_t n : {16u, 64u, 384u}) {
        const auto chord = random_chords(n, rng);
        std::vector<int> in(n, 0);
        for (std::uint32_t v = 0; v < n; ++v) {
            EXPECT_NE(chord[v], v);
            EXPECT_EQ(chord[v] % 2, v % 2);
            ++in[chord[v]];
        }
        for (int x : in) EXPECT_EQ(x, 1);
        EXPECT_NO_THROW(MultiRing(n, chord));
    }
}

TEST(MultiRing, BfsAgreesWithFloyd) {
    Rng rng(3);
    for (std::uint32_t n : {16u, 64u, 100u}) {
        for (std::uint32_t w : {0u, 2u, 4u, 8u}) {
            MultiRing ring(n, fixed_chords(n, w));
            EXPECT_NEAR(ShortestPaths(ring).average_distance(), floyd_average_distance(ring), 1e-12);
        }
        MultiRing ring(n, random_chords(n, rng));
        EXPECT_NEAR(ShortestPaths(ring).average_distance(), floyd_average_distance(ring), 1e-12);
    }
}

TEST(MultiRing, FixedChordDistancesByHand) {
    // N = 16, w = 4 (Figure 5.8): to reach 4a + b take a chords then b ring arcs, a, b in 0..3
    // (no shorter path exists on a one-way ring): mean over the 15 others = 2*(0+1+2+3)*4/15.
    MultiRing ring(16, fixed_chords(16, 4));
    ShortestPaths sp(ring);
    EXPECT_NEAR(sp.average_distance(), 48.0 / 15.0, 1e-12);
    EXPECT_EQ(sp.diameter(), 6u);
    EXPECT_EQ(sp.dist(0, 15), 6u);
    EXPECT_EQ(sp.next_hop(ring, 0, 1), 1u);  // ring arc
    EXPECT_EQ(sp.next_hop(ring, 0, 8), 4u);  // chord first (ring first would take 5 hops)
    EXPECT_EQ(sp.next_hop(ring, 0, 9), 1u);  // tie (3 hops either way): the ring arc
    // w = 0: a plain one-way ring
    ShortestPaths plain(MultiRing(16, fixed_chords(16, 0)));
    EXPECT_NEAR(plain.average_distance(), 8.0, 1e-12);
}

TEST(MultiRing, RandomLogarithmicFixedSqrtGrowth) {
    // §5.7: random chords give a mean distance that grows like log N, fixed w = sqrt N chords
    // like sqrt N. Quadrupling N: sqrt N doubles, log N adds a constant.
    Rng rng(11);
    std::vector<double> fixed, random;
    for (std::uint32_t n : {64u, 256u, 1024u}) {
        fixed.push_back(ShortestPaths(MultiRing(n, fixed_chords(n, default_chord_length(n)))).average_distance());
        random.push_back(ShortestPaths(MultiRing(n, random_chords(n, rng))).average_distance());
    }
    for (int i = 0; i < 2; ++i) {
        EXPECT_NEAR(fixed[i + 1] / fixed[i], 2.0, 0.25);
        const double step = random[i + 1] - random[i];  // ~ log_2(4) / log_2(avg out-degree 2)
        EXPECT_GT(step, 1.0);
        EXPECT_LT(step, 3.0);
    }
    EXPECT_NEAR(random[2] - random[1], random[1] - random[0], 0.6);
}
