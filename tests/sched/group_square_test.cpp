// The group's table as a Latin square of an all-to-all: the start of the Latin-square search.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "liquid/net/generators.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sched/group_square.hpp"
#include "support/run.hpp"
#include "test_support.hpp"

namespace liquid {
namespace {

/// Per frame, who sends to whom: dst[f][src] (-1: nothing), built from the square.
std::vector<std::vector<int>> receivers_per_frame(const Traffic& t, const std::vector<int>& frame, int nodes) {
    std::vector<std::vector<int>> dst;
    for (int x = 0; x < t.size(); ++x) {
        const auto f = static_cast<std::size_t>(frame[static_cast<std::size_t>(x)]);
        if (dst.size() <= f) dst.resize(f + 1, std::vector<int>(static_cast<std::size_t>(nodes), -1));
        dst[f][static_cast<std::size_t>(t[x].src)] = t[x].dst;
    }
    return dst;
}

TEST(GroupSquare, EachFrameIsAPermutationOfTheHosts) {
    // Powers of two (the XOR table), odd N and N = 2^k·m with m odd, both groups' tables.
    for (int hosts : {2, 3, 6, 8, 12, 15, 20, 64})
        for (std::uint64_t relabelling : {0, 5})
            for (sched::SquareGroup group : {sched::SquareGroup::Abelian, sched::SquareGroup::Dihedral}) {
                const Network net = make_crossbar(hosts);
                const Traffic t = make_pattern(net, PatternSpec{});
                const std::vector<int> frame = sched::group_square(t, relabelling, group);
                ASSERT_EQ(frame.size(), static_cast<std::size_t>(t.size())) << hosts;
                std::vector<std::vector<int>> sends(static_cast<std::size_t>(hosts - 1)), gets = sends;
                for (int x = 0; x < t.size(); ++x) {
                    const int f = frame[static_cast<std::size_t>(x)];
                    ASSERT_GE(f, 0);
                    ASSERT_LT(f, hosts - 1);
                    sends[static_cast<std::size_t>(f)].push_back(t[x].src);
                    gets[static_cast<std::size_t>(f)].push_back(t[x].dst);
                }
                for (int f = 0; f + 1 < hosts; ++f) {
                    auto& s = sends[static_cast<std::size_t>(f)];
                    auto& g = gets[static_cast<std::size_t>(f)];
                    std::sort(s.begin(), s.end());
                    std::sort(g.begin(), g.end());
                    EXPECT_EQ(s, net.hosts()) << hosts << " hosts, frame " << f;
                    EXPECT_EQ(g, net.hosts()) << hosts << " hosts, frame " << f;
                }
            }
}

TEST(GroupSquare, KempeCyclesAreAsShortAsTheGroupAllows) {
    // The cycle of frames a, b through sender i: i -> j in a, k -> j in b, k -> l in a, ...
    // It holds 2·ord(a - b) transfers, and the orders divide the product of N's distinct
    // primes: 4 transfers for N = 16 (the XOR table), at most 12 for 12 and 18, 10 for 25.
    for (const auto& [hosts, longest] : {std::pair{16, 4}, std::pair{12, 12}, std::pair{18, 12}, std::pair{25, 10}})
        for (std::uint64_t relabelling : {0, 9}) {
            const Network net = make_crossbar(hosts);
            const Traffic t = make_pattern(net, PatternSpec{});
            const auto dst = receivers_per_frame(t, sched::group_square(t, relabelling), net.node_count());
            std::vector<int> sender_of(static_cast<std::size_t>(net.node_count()));
            for (std::size_t a = 0; a < dst.size(); ++a)
                for (std::size_t b = 0; b < dst.size(); ++b) {
                    if (a == b) continue;
                    for (int h : net.hosts()) sender_of[static_cast<std::size_t>(dst[b][static_cast<std::size_t>(h)])] = h;
                    for (int i : net.hosts()) {
                        int length = 0, k = i;
                        do {
                            k = sender_of[static_cast<std::size_t>(dst[a][static_cast<std::size_t>(k)])];
                            length += 2;
                        } while (k != i && length <= 2 * hosts);
                        EXPECT_LE(length, longest) << hosts << " hosts, frames " << a << ", " << b << ", host " << i;
                    }
                }
        }
}

TEST(GroupSquare, InTheDihedralTableHalfTheFramesCloseACycleOfFourWithEachOther) {
    // The generalized dihedral group: every element outside A is an involution, so from a
    // transfer of frame a about half of the other frames b give a Kempe cycle of four (the
    // repair's shortest move). 200 = 2^3·5^2: the abelian table gives 6-7 of 198.
    for (int hosts : {12, 20, 200}) {
        const Network net = make_crossbar(hosts);
        const Traffic t = make_pattern(net, PatternSpec{});
        const auto dst = receivers_per_frame(t, sched::group_square(t, 0, sched::SquareGroup::Dihedral), net.node_count());
        ASSERT_EQ(dst.size(), static_cast<std::size_t>(hosts - 1));
        const std::vector<int> hosts_of = net.hosts();
        const int h = hosts_of.front();
        for (std::size_t a = 0; a < dst.size(); ++a) {
            int fours = 0;
            for (std::size_t b = 0; b < dst.size(); ++b) {
                if (a == b) continue;
                // h -> j in a, k -> j in b, k -> l in a: a cycle of four when h -> l in b.
                const int j = dst[a][static_cast<std::size_t>(h)];
                const auto k = std::find_if(hosts_of.begin(), hosts_of.end(),
                                            [&](int x) { return dst[b][static_cast<std::size_t>(x)] == j; });
                ASSERT_NE(k, hosts_of.end());
                fours += dst[b][static_cast<std::size_t>(h)] == dst[a][static_cast<std::size_t>(*k)] ? 1 : 0;
            }
            EXPECT_GE(fours, (hosts - 2) / 2) << hosts << " hosts, frame " << a;
        }
    }
}

/// Per transfer its links but the first and the last (the hosts'): where it can congest.
Incidence inner_links(const Traffic& t) {
    Incidence inner;
    for (int x = 0; x < t.size(); ++x) {
        const std::vector<int>& path = t[x].path;
        for (std::size_t i = 1; i + 1 < path.size(); ++i) inner.items.push_back(path[i]);
        inner.start.push_back(inner.items.size());
    }
    return inner;
}

/// The (link, frame) cells a square puts more than one transfer into, counted as the
/// transfers beyond the first (the Latin search's congestion).
long congested_cells(const Traffic& t, const Incidence& inner, const std::vector<int>& frame) {
    std::map<std::pair<int, int>, int> users;
    long congested = 0;
    for (int x = 0; x < t.size(); ++x)
        for (int l : inner.row(x)) congested += users[{l, frame[static_cast<std::size_t>(x)]}]++ > 0 ? 1 : 0;
    return congested;
}

TEST(GroupSquare, APackedLabellingIsASquareAndLessCongestedThanTheOthers) {
    // 128 random hosts of the 1 056-host dragonfly: the hosts of one group share their one
    // global link to another group. Still a Latin square (each frame a permutation), and
    // fewer congested cells than the fabric order's table and than random labellings'.
    const Traffic t = test::fragment(test::source_path("tests/data/fabrics/dragonfly-8-4-4.json"), 128, 1);
    const Incidence inner = inner_links(t);
    const std::vector<int> packed = sched::packed_group_square(t, inner, 1, Deadline{});
    ASSERT_EQ(packed.size(), static_cast<std::size_t>(t.size()));
    std::map<std::pair<int, int>, int> sends, gets;  // per (frame, host): transfers
    for (int x = 0; x < t.size(); ++x) {
        const int f = packed[static_cast<std::size_t>(x)];
        ASSERT_GE(f, 0);
        ASSERT_LT(f, 127);
        const int sent = ++sends[std::pair(f, t[x].src)], got = ++gets[std::pair(f, t[x].dst)];
        EXPECT_EQ(sent, 1) << "frame " << f;
        EXPECT_EQ(got, 1) << "frame " << f;
    }
    const long cells = congested_cells(t, inner, packed);
    for (std::uint64_t relabelling : {0, 1, 2, 3, 4, 5})
        EXPECT_LT(cells, congested_cells(t, inner, sched::group_square(t, relabelling))) << relabelling;
}

TEST(GroupSquare, TheRouteOrderFollowsAFatTreesDestinationDigits) {
    // Under destination-mod-k routing a destination's lowest digits pick its up-links:
    // labelled in the order of their routes from the first host, 128 random hosts of
    // fat-tree:2,10 get a square (still one) less congested than the fabric order's.
    const Traffic t = test::fragment("fat-tree:2,10", 128, 3);
    const std::vector<int> by_route = sched::route_order_group_square(t);
    ASSERT_EQ(by_route.size(), static_cast<std::size_t>(t.size()));
    std::map<std::pair<int, int>, int> sends, gets;  // per (frame, host): transfers
    for (int x = 0; x < t.size(); ++x) {
        const int f = by_route[static_cast<std::size_t>(x)];
        ASSERT_GE(f, 0);
        ASSERT_LT(f, 127);
        EXPECT_EQ(++sends[std::pair(f, t[x].src)], 1) << "frame " << f;
        EXPECT_EQ(++gets[std::pair(f, t[x].dst)], 1) << "frame " << f;
    }
    const Incidence inner = inner_links(t);
    EXPECT_LT(congested_cells(t, inner, by_route), congested_cells(t, inner, sched::group_square(t, 0)));
}

TEST(GroupSquare, APackedLabellingGivesWayToItsDeadline) {
    const Traffic t = make_pattern(make_crossbar(16), PatternSpec{});
    Deadline passed = Deadline::after(1e-9);
    while (!passed.expired()) {
    }
    EXPECT_TRUE(sched::packed_group_square(t, inner_links(t), 1, passed).empty());
    EXPECT_FALSE(sched::packed_group_square(t, inner_links(t), 1, Deadline{}).empty());
}

TEST(GroupSquare, OnlyForACompleteAllToAll) {
    const Network net = make_crossbar(6);
    PatternSpec part;
    part.senders = {net.hosts()[0], net.hosts()[1]};
    EXPECT_TRUE(sched::group_square(make_pattern(net, part), 0).empty());  // two senders only
    PatternSpec self;
    self.include_self = true;
    EXPECT_TRUE(sched::group_square(make_pattern(net, self), 0).empty());                  // i -> i
    EXPECT_TRUE(sched::group_square(test::link_traffic({{0, 1}, {1, 0}}, 2), 0).empty());  // no hosts
    EXPECT_FALSE(sched::group_square(make_pattern(net, PatternSpec{}), 0).empty());
    EXPECT_TRUE(sched::route_order_group_square(make_pattern(net, part)).empty());
    EXPECT_FALSE(sched::route_order_group_square(make_pattern(net, PatternSpec{})).empty());
}

}  // namespace
}  // namespace liquid
