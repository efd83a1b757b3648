#include <gtest/gtest.h>

#include "liquid/base/error.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/net/network.hpp"
#include "liquid/net/swiss_t1_network.hpp"

namespace liquid {
namespace {

std::vector<std::string> link_names(const Network& net, const std::vector<int>& path) {
    std::vector<std::string> v;
    for (int l : path) v.push_back(net.link(l).name);
    return v;
}

int node(const Network& net, const std::string& n) { return net.find_node(n).value(); }

/// a - s0 - s1 - s2 - b: the smallest network where a routing table can loop or dead-end.
Network switch_line() {
    Network net;
    int s0 = net.add_switch("s0"), s1 = net.add_switch("s1"), s2 = net.add_switch("s2");
    int a = net.add_host("a"), b = net.add_host("b");
    net.add_cable(a, s0);
    net.add_cable(s0, s1);
    net.add_cable(s1, s2);
    net.add_cable(b, s2);
    return net;
}

TEST(Routing, TwoSwitchRoutesAsInTheReport) {
    // Report §3: t4 -> r3 crosses l_t4, l_ba, l_r3; t1 -> r2 uses only l_t1, l_r2.
    Network net = make_two_switch();
    EXPECT_EQ(link_names(net, net.route(node(net, "t4"), node(net, "r3"))), (std::vector<std::string>{"lt4", "lba", "lr3"}));
    EXPECT_EQ(link_names(net, net.route(node(net, "t1"), node(net, "r2"))), (std::vector<std::string>{"lt1", "lr2"}));
}

TEST(Routing, ShortestTieBreakTakesFirstDeclaredLink) {
    // Two equal-length ways from s0 to s3 (via s1 or s2): s0-s1 is declared first.
    Network net;
    int s0 = net.add_switch("s0"), s1 = net.add_switch("s1"), s2 = net.add_switch("s2"), s3 = net.add_switch("s3");
    int a = net.add_host("a"), b = net.add_host("b");
    net.add_cable(a, s0);
    net.add_cable(s0, s1);
    net.add_cable(s0, s2);
    net.add_cable(s1, s3);
    net.add_cable(s2, s3);
    net.add_cable(b, s3);
    EXPECT_EQ(link_names(net, net.route(a, b)), (std::vector<std::string>{"a-s0", "s0-s1", "s1-s3", "s3-b"}));
}

TEST(Routing, HostsDoNotForward) {
    // a - s0 - h - s1 - b: the only path crosses host h, so there is none.
    Network net;
    int s0 = net.add_switch("s0"), s1 = net.add_switch("s1");
    int a = net.add_host("a"), h = net.add_host("h"), b = net.add_host("b");
    net.add_cable(a, s0);
    net.add_cable(s0, h);
    net.add_cable(h, s1);
    net.add_cable(s1, b);
    EXPECT_THROW(net.route(a, b), InputError);
}

TEST(Routing, SelfTransferCrossesTheAccessSwitch) {
    Network net = make_crossbar(2);
    EXPECT_EQ(link_names(net, net.route(node(net, "h0"), node(net, "h0"))), (std::vector<std::string>{"h0-x", "x-h0"}));
}

TEST(Routing, TableLoopIsAnErrorNamingThePair) {
    Network net = switch_line();
    int s0 = node(net, "s0"), s1 = node(net, "s1"), a = node(net, "a"), b = node(net, "b");
    // s0 sends b's traffic to s1 and s1 sends it back to s0.
    net.set_routing(Routing::table({{s0, {{b, s1}}}, {s1, {{b, s0}}}}));
    try {
        net.route(a, b);
        FAIL() << "loop not detected";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("a -> b"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("loops"), std::string::npos);
    }
}

TEST(Routing, TableDeadEndAndNonNeighbourAreErrors) {
    Network net = switch_line();
    int s0 = node(net, "s0"), s1 = node(net, "s1"), s2 = node(net, "s2"), a = node(net, "a"), b = node(net, "b");
    net.set_routing(Routing::table({}));
    EXPECT_THROW(net.route(a, b), InputError);  // s0 is not adjacent to b's switch: dead end
    net.set_routing(Routing::table({{s0, {{b, s2}}}}));
    EXPECT_THROW(net.route(a, b), InputError);  // s2 is not a neighbour of s0
    net.set_routing(Routing::table({{s0, {{s2, s1}}}}));
    auto p = net.route(a, b);  // keyed by the destination switch, then direct
    EXPECT_EQ(link_names(net, p), (std::vector<std::string>{"a-s0", "s0-s1", "s1-s2", "s2-b"}));
}

TEST(Routing, ExplicitPathsAreValidated) {
    Network net;
    int s0 = net.add_switch("s0");
    int a = net.add_host("a"), b = net.add_host("b");
    net.add_cable(a, s0);
    net.add_cable(b, s0);
    int up = net.find_link("a-s0").value(), down = net.find_link("s0-b").value(), back = net.find_link("s0-a").value();
    net.set_routing(Routing::paths({{{a, b}, {up, down}}, {{b, a}, {up, back}}}));
    EXPECT_EQ(net.route(a, b), (std::vector<int>{up, down}));
    EXPECT_THROW(net.route(b, a), InputError);  // does not start at b
    EXPECT_THROW(net.route(a, a), InputError);  // no path given
}

TEST(Routing, SwissT1TableRoutesEveryPairWithAtMostOneIntermediateSwitch) {
    Network net = make_swiss_t1();
    ASSERT_EQ(net.hosts().size(), 32u);
    ASSERT_EQ(net.link_count(), 96);
    for (int s : net.hosts())
        for (int r : net.hosts()) {
            auto p = net.route(s, r);
            EXPECT_GE(p.size(), 2u);
            EXPECT_LE(p.size(), 4u);  // tx, at most two inter-switch links, rx
            EXPECT_EQ(net.link(p.front()).from, s);
            EXPECT_EQ(net.link(p.back()).to, r);
        }
}

// One search per sender gives the routes of one search per pair, self-routes included.
TEST(Routing, RoutesFromASenderEqualRoutesPerPair) {
    for (const Network& net : {make_hypercube(4), make_cube_connected_cycles(3), make_chordal_ring(10, 3), make_swiss_t1(),
                               make_fat_tree(2, 3), make_torus({3, 4}, true), make_crossbar(5)}) {
        const std::vector<int> hosts = net.hosts();
        for (int s : hosts) {
            const auto routes = net.routing().routes_from(net, s, hosts);
            ASSERT_EQ(routes.size(), hosts.size());
            for (std::size_t j = 0; j < hosts.size(); ++j) EXPECT_EQ(routes[j], net.route(s, hosts[j])) << net.name();
        }
    }
}

// Routing per receiver (a table routing looks each switch's hop up once) gives the routes
// of routing per pair, self-routes included.
TEST(Routing, RoutesToAReceiverEqualRoutesPerPair) {
    for (const Network& net : {make_fat_tree(2, 3), make_fat_tree(4, 2), make_torus({3, 4}, true), make_torus({4, 4, 2}, false),
                               make_swiss_t1(), make_hypercube(4), make_crossbar(5)}) {
        const std::vector<int> hosts = net.hosts();
        for (int r : hosts) {
            const auto routes = net.routing().routes_to(net, r, hosts);
            ASSERT_EQ(routes.size(), hosts.size());
            for (std::size_t j = 0; j < hosts.size(); ++j) EXPECT_EQ(routes[j], net.route(hosts[j], r)) << net.name();
        }
    }
}

// A faulty table is reported as route() reports it, for the first faulty sender.
TEST(Routing, RoutesToAReceiverNameTheFaultLikeRoute) {
    Network net = switch_line();
    const int s0 = node(net, "s0"), s1 = node(net, "s1"), s2 = node(net, "s2"), a = node(net, "a"), b = node(net, "b");
    auto message = [&](auto&& f) {
        try {
            f();
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    for (const Routing& r :
         {Routing::table({{s0, {{b, s1}}}, {s1, {{b, s0}}}}), Routing::table({}), Routing::table({{s0, {{b, s2}}}})}) {
        net.set_routing(r);
        const std::string expected = message([&] { net.route(a, b); });
        EXPECT_NE(expected, "no error");
        EXPECT_EQ(message([&] { net.routing().routes_to(net, b, {b, a}); }), expected);
    }
}

}  // namespace
}  // namespace liquid
