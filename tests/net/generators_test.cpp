#include <gtest/gtest.h>

#include <bit>
#include <cstdlib>

#include "liquid/base/error.hpp"
#include "liquid/base/time_budget.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/net/generators.hpp"

namespace liquid {
namespace {

/// Routes every ordered host pair and returns the longest path (links).
std::size_t check_all_routes(const Network& net) {
    std::size_t longest = 0;
    for (int s : net.hosts())
        for (int r : net.hosts()) {
            auto p = net.route(s, r);
            EXPECT_EQ(net.link(p.front()).from, s);
            EXPECT_EQ(net.link(p.back()).to, r);
            for (std::size_t i = 1; i < p.size(); ++i) EXPECT_EQ(net.link(p[i - 1]).to, net.link(p[i]).from);
            longest = std::max(longest, p.size());
        }
    return longest;
}

TEST(Generators, StopAndTimeBudgetEndTheRoutingTables) {
    // The routing tables of fat-tree:4,5 and torus:32x32 hold 1.3 M and 1 M entries: a
    // signal (the stop flag) or a spent --time-limit ends their construction, no network
    // is returned.
    request_stop(2);
    EXPECT_THROW(make_network("fat-tree:4,5"), Interrupted);
    EXPECT_THROW(make_network("torus:32x32"), Interrupted);
    clear_stop_request();
    start_command_clock();
    set_time_budget(1e-9);
    EXPECT_THROW(make_network("fat-tree:4,5"), OutOfTime);
    EXPECT_THROW(make_network("torus:32x32"), OutOfTime);
    clear_time_budget();
    EXPECT_EQ(make_network("fat-tree:2,2").hosts().size(), 4u);
}

TEST(Generators, Crossbar) {
    Network net = make_crossbar(8);
    EXPECT_EQ(net.hosts().size(), 8u);
    EXPECT_EQ(net.switches().size(), 1u);
    EXPECT_EQ(net.link_count(), 16);
    EXPECT_EQ(check_all_routes(net), 2u);
}

TEST(Generators, TwoSwitchHasTwelveLinks) {
    Network net = make_two_switch();
    EXPECT_EQ(net.hosts().size(), 10u);
    EXPECT_EQ(net.link_count(), 12);
    EXPECT_DOUBLE_EQ(net.default_rate(), 1.25e8);
}

TEST(Generators, FatTreeUsesMinimalUpDownRoutes) {
    const int k = 3, n = 3;
    Network net = make_fat_tree(k, n);
    EXPECT_EQ(net.hosts().size(), 27u);
    EXPECT_EQ(net.switches().size(), 27u);  // n levels of k^(n-1)
    // Host cables 2·27, inter-level cables 2·(n-1)·k^n.
    EXPECT_EQ(net.link_count(), 2 * 27 + 2 * 2 * 27);
    auto hosts = net.hosts();
    for (int a = 0; a < 27; ++a)
        for (int b = 0; b < 27; ++b) {
            // Nearest common ancestor level: the highest base-k digit in which a and b differ.
            int level = 0;
            for (int d = 1, x = a / k, y = b / k; x != y; ++d, x /= k, y /= k) level = d;
            EXPECT_EQ(net.route(hosts[a], hosts[b]).size(), std::size_t(2 + 2 * level)) << a << "->" << b;
        }
}

TEST(Generators, FatTreeSpreadsUpLinksByDestination) {
    // Destination-mod-k: an all-to-all loads every up link of a 2-ary 2-tree equally.
    Network net = make_fat_tree(2, 2);
    std::vector<int> load(static_cast<std::size_t>(net.link_count()), 0);
    for (int s : net.hosts())
        for (int r : net.hosts())
            for (int l : net.route(s, r)) ++load[l];
    std::vector<int> up;
    for (int l = 0; l < net.link_count(); ++l)
        if (!net.is_host(net.link(l).from) && !net.is_host(net.link(l).to) && net.link(l).from < net.link(l).to)
            up.push_back(load[l]);
    ASSERT_EQ(up.size(), 4u);
    for (int x : up) EXPECT_EQ(x, up.front());
}

TEST(Generators, TorusAndMeshDimensionOrder) {
    Network torus = make_torus({4, 4}, true);
    EXPECT_EQ(torus.switches().size(), 16u);
    EXPECT_EQ(torus.link_count(), 2 * 16 + 2 * 32);
    EXPECT_EQ(check_all_routes(torus), std::size_t(2 + 4));  // diameter 2+2
    Network mesh = make_torus({3, 3, 2}, false);
    EXPECT_EQ(mesh.switches().size(), 18u);
    EXPECT_EQ(check_all_routes(mesh), std::size_t(2 + 2 + 2 + 1));
    auto h = mesh.hosts();
    // h0 = (0,0,0) to h17 = (2,2,1): x first, then y, then z.
    auto p = mesh.route(h[0], h[17]);
    ASSERT_EQ(p.size(), 7u);
    EXPECT_EQ(mesh.link(p[1]).name, "s0-s1");
    EXPECT_EQ(mesh.link(p[3]).name, "s2-s5");
    EXPECT_EQ(mesh.link(p[5]).name, "s8-s17");
}

TEST(Generators, HypercubeRoutesAreECube) {
    Network net = make_hypercube(4);
    auto h = net.hosts();
    for (int a = 0; a < 16; ++a)
        for (int b = 0; b < 16; ++b) {
            auto p = net.route(h[a], h[b]);
            ASSERT_EQ(p.size(), std::size_t(2 + std::popcount(unsigned(a ^ b))));
            // Dimensions are corrected lowest first.
            int at = a;
            for (std::size_t i = 1; i + 1 < p.size(); ++i) {
                int low = std::countr_zero(unsigned(at ^ b));
                at ^= 1 << low;
                EXPECT_EQ(net.link(p[i]).name, "s" + std::to_string(at ^ (1 << low)) + "-s" + std::to_string(at));
            }
        }
}

TEST(Generators, CubeConnectedCyclesAndChordalRing) {
    Network ccc = make_cube_connected_cycles(3);
    EXPECT_EQ(ccc.switches().size(), 24u);
    EXPECT_EQ(ccc.link_count(), 2 * 24 + 2 * 24 + 2 * 12);
    check_all_routes(ccc);
    Network ring = make_chordal_ring(12, 4);
    EXPECT_EQ(ring.switches().size(), 12u);
    EXPECT_EQ(ring.link_count(), 2 * 12 + 2 * 12 + 2 * 12);
    check_all_routes(ring);
}

TEST(Generators, ChordalRingRoutingIsInvariantUnderRotation) {
    // Every switch declares its links in the same relative order, so the route from host i
    // to host j, turned by one position, is the route from i+1 to j+1 (w = n/2 included:
    // its two chords are one cable).
    for (const auto& [n, w] : std::vector<std::pair<int, int>>{{12, 4}, {32, 5}, {10, 5}}) {
        const Network ring = make_chordal_ring(n, w);
        const auto hosts = ring.hosts();
        auto index_of = [&](int node) { return std::stoi(ring.node(node).name.substr(1)); };
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                if (i == j) continue;
                const auto a = ring.route(hosts[i], hosts[j]), b = ring.route(hosts[(i + 1) % n], hosts[(j + 1) % n]);
                ASSERT_EQ(a.size(), b.size()) << n << "," << w << ": " << i << "->" << j;
                for (std::size_t k = 1; k + 1 < a.size(); ++k) {  // switch-to-switch hops
                    EXPECT_EQ((index_of(ring.link(a[k]).from) + 1) % n, index_of(ring.link(b[k]).from));
                    EXPECT_EQ((index_of(ring.link(a[k]).to) + 1) % n, index_of(ring.link(b[k]).to));
                }
            }
    }
}

TEST(Generators, SpecsBuildTheSameNetworks) {
    EXPECT_EQ(make_network("fat-tree:2,3").link_count(), make_fat_tree(2, 3).link_count());
    EXPECT_EQ(make_network("torus:4x4").link_count(), make_torus({4, 4}, true).link_count());
    EXPECT_EQ(make_network("swiss-t1").link_count(), 96);
    for (const char* bad : {"torus", "crossbar:x", "fat-tree:4", "hypercube:0", "nonsense", "crossbar:3,4", "torus:4x"})
        EXPECT_THROW(make_network(bad), InputError) << bad;
}

}  // namespace
}  // namespace liquid
