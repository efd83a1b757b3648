// The group's table as a Latin square of an all-to-all: the start of the Latin-square search.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "liquid/net/generators.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sched/group_square.hpp"
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
    // Powers of two (the XOR table) and N = 2^k·m with m odd (the product with Z_m).
    for (int hosts : {2, 3, 8, 12, 20, 64})
        for (std::uint64_t relabelling : {0, 5}) {
            const Network net = make_crossbar(hosts);
            const Traffic t = make_pattern(net, PatternSpec{});
            const std::vector<int> frame = sched::group_square(t, relabelling);
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
}

}  // namespace
}  // namespace liquid
