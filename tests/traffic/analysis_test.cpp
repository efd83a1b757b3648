#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "liquid/base/error.hpp"
#include "liquid/io/traffic_file.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"

namespace liquid {
namespace {

std::vector<std::string> names(const Traffic& t, const std::vector<int>& links) {
    std::vector<std::string> v;
    for (int l : links) v.push_back(t.link_name(l));
    return v;
}

TEST(Analysis, TwoSwitchAllToAllMatchesTheReport) {
    // Report §3: 25 transfers, the inter-switch links carry 6, the others 5; 25/6 at 1 Gb/s.
    Network net = make_two_switch();
    Traffic t = make_pattern(net, PatternSpec{});
    TrafficAnalysis a = analyze(t);
    EXPECT_EQ(t.size(), 25);
    EXPECT_EQ(a.duration, 6);
    EXPECT_EQ(names(t, a.bottlenecks), (std::vector<std::string>{"lab", "lba"}));
    EXPECT_EQ(a.skeleton.count(), 12u);  // 3·2 transfers sa->sb and 2·3 sb->sa
    EXPECT_NEAR(a.liquid_ratio() * net.default_rate() * 8 / 1e9, 4.17, 0.005);
    for (int l = 0; l < t.link_count(); ++l) {
        if (t.link_name(l) != "lab" && t.link_name(l) != "lba") {
            EXPECT_EQ(a.load[l], 5) << t.link_name(l);
        }
    }
}

TEST(Analysis, NoTeamExampleHasThreeBottlenecksOfLoadTwo) {
    // Report Fig. 11–12: three transfers pairwise sharing three bottleneck links.
    std::istringstream in("x1: a b\nx2: b c\nx3: c a\n");
    Traffic t = parse_traffic(in, "no-team");
    TrafficAnalysis a = analyze(t);
    EXPECT_EQ(a.duration, 2);
    EXPECT_EQ(a.bottlenecks.size(), 3u);
    EXPECT_EQ(CongestionGraph(t).edge_count(), 3u);
}

TEST(Analysis, SwissT1FullAllToAllHas48704CongestionEdges) {
    // The papers' Figure A for the real machine; the reconstructed routing table was chosen to match it.
    Network net = make_swiss_t1();
    PatternSpec spec;
    spec.include_self = true;
    Traffic t = make_pattern(net, spec);
    EXPECT_EQ(t.size(), 1024);
    EXPECT_EQ(analyze(t).duration, 64);
    EXPECT_EQ(CongestionGraph(t).edge_count(), 48704u);
}

TEST(Analysis, CongestionGraphAgreesWithPairwiseCheck) {
    std::mt19937 rng(3);
    for (int round = 0; round < 50; ++round) {
        int links = 3 + int(rng() % 20), n = 1 + int(rng() % 40);
        std::vector<std::string> link_names;
        for (int l = 0; l < links; ++l) link_names.push_back("l" + std::to_string(l));
        Traffic t(link_names);
        for (int i = 0; i < n; ++i) {
            std::vector<int> path;
            for (int l = 0; l < links; ++l)
                if (rng() % 4 == 0) path.push_back(l);
            if (path.empty()) path.push_back(int(rng() % links));
            t.add("x" + std::to_string(i), path);
        }
        CongestionGraph g(t);
        std::size_t edges = 0;
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                bool share = i != j && t[i].links.intersects(t[j].links);
                EXPECT_EQ(g.congest(i, j), share);
                edges += share && i < j;
            }
        EXPECT_EQ(g.edge_count(), edges);
        auto load = link_loads(t);
        Bitset all(static_cast<std::size_t>(n));
        all.fill();
        EXPECT_EQ(load, link_loads(t, all));
    }
}

TEST(Patterns, HalfToHalfPermutationRandomDemand) {
    Network net = make_crossbar(6);
    PatternSpec half;
    half.name = "half-to-half";
    Traffic h = make_pattern(net, half);
    EXPECT_EQ(h.size(), 9);  // h0..h2 -> h3..h5
    EXPECT_EQ(h[0].name, "h0-h3");

    PatternSpec perm;
    perm.name = "permutation";
    perm.seed = 42;
    Traffic p1 = make_pattern(net, perm), p2 = make_pattern(net, perm);
    ASSERT_EQ(p1.size(), 6);
    std::vector<int> hits(static_cast<std::size_t>(net.node_count()), 0);
    for (int i = 0; i < 6; ++i) {
        EXPECT_EQ(p1[i].name, p2[i].name);  // same seed, same traffic
        ++hits[p1[i].dst];
    }
    for (int h0 : net.hosts()) EXPECT_EQ(hits[h0], 1);  // every host receives exactly once

    PatternSpec rnd;
    rnd.name = "random";
    rnd.count = 30;
    Traffic r = make_pattern(net, rnd);
    EXPECT_EQ(r.size(), 30);  // repeated pairs get ".2", ".3" names

    PatternSpec dem;
    dem.name = "demand";
    auto hosts = net.hosts();
    dem.senders = {hosts[0], hosts[1]};
    dem.receivers = {hosts[2], hosts[3]};
    dem.demand = {{2, 0}, {1, 1}};
    Traffic d = make_pattern(net, dem);
    ASSERT_EQ(d.size(), 4);
    EXPECT_EQ(d[0].name, "h0-h2");
    EXPECT_EQ(d[1].name, "h0-h2.2");
    dem.demand = {{1}};
    EXPECT_THROW(make_pattern(net, dem), InputError);
    PatternSpec bad;
    bad.name = "gossip";
    EXPECT_THROW(make_pattern(net, bad), InputError);
}

TEST(Traffic, RejectsBadTransfers) {
    Traffic t({"a", "b"});
    t.add("x", {0, 1});
    EXPECT_THROW(t.add("x", {0}), InputError);     // duplicate name
    EXPECT_THROW(t.add("y", {}), InputError);      // no link
    EXPECT_THROW(t.add("y", {0, 0}), InputError);  // repeated link
    EXPECT_THROW(t.add("y", {5}), InputError);     // unknown link
    EXPECT_EQ(t.find("x").value(), 0);
    Bitset keep(1);
    keep.set(0);
    EXPECT_EQ(t.subset(keep).find("x").value(), 0);
}

}  // namespace
}  // namespace liquid
