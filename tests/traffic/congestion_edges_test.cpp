// Congestion-graph edges counted without the graph equal the materialised count and a
// brute-force pair count.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "liquid/io/infiniband.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/congestion_edges.hpp"
#include "liquid/traffic/patterns.hpp"
#include "support/run.hpp"

namespace liquid {
namespace {

std::uint64_t brute_edges(const Traffic& t) {
    std::uint64_t e = 0;
    for (int i = 0; i < t.size(); ++i)
        for (int j = i + 1; j < t.size(); ++j) {
            bool share = false;
            for (int l = 0; l < t.link_count() && !share; ++l) share = t[i].links.test(l) && t[j].links.test(l);
            e += share;
        }
    return e;
}

TEST(CongestionEdges, EqualsTheMaterialisedGraphAndBruteForce) {
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 30; ++trial) {
        const int links = 2 + static_cast<int>(rng() % 12);
        Traffic t([&] {
            std::vector<std::string> names;
            for (int l = 0; l < links; ++l) names.push_back("l" + std::to_string(l));
            return names;
        }());
        const int n = 1 + static_cast<int>(rng() % 40);
        for (int i = 0; i < n; ++i) {
            std::vector<int> path;
            for (int l = 0; l < links; ++l)
                if (rng() % 3 == 0) path.push_back(l);
            if (path.empty()) path.push_back(static_cast<int>(rng() % links));
            t.add("x" + std::to_string(i), path);
        }
        const std::uint64_t brute = brute_edges(t);
        EXPECT_EQ(count_congestion_edges(t, 1), brute);
        EXPECT_EQ(count_congestion_edges(t, 3), brute);
        EXPECT_EQ(CongestionGraph(t).edge_count(), brute);
    }
}

TEST(CongestionEdges, FabricsWithPathsSharingSeveralLinks) {
    for (const char* spec : {"torus:4x4", "fat-tree:2,3", "two-switch"}) {
        const Traffic t = make_pattern(make_network(spec), PatternSpec{});
        EXPECT_EQ(count_congestion_edges(t), CongestionGraph(t).edge_count()) << spec;
    }
}

/// Every exact method on one traffic; the run formula, when its check passes, included.
void expect_exact(const Traffic& t, bool runs_expected, const std::string& what) {
    const std::uint64_t brute = CongestionGraph(t).edge_count();
    EXPECT_EQ(count_congestion_edges_by_users(t, 2), brute) << what;
    EXPECT_EQ(count_congestion_edges(t), brute) << what;
    const auto runs = count_congestion_edges_by_runs(t);
    if (runs) {
        EXPECT_EQ(*runs, brute) << what;
    }
    if (runs_expected) {
        EXPECT_TRUE(runs.has_value()) << what << ": the run check should pass";
    }
}

TEST(CongestionEdges, RunFormulaOnGeneratedFabricsAndPatterns) {
    for (const char* spec : {"two-switch", "torus:4x4", "torus:5x3", "mesh:4x4", "torus:3x3x3", "fat-tree:2,3", "fat-tree:4,3",
                             "fat-tree:3,2", "hypercube:5", "ccc:3", "chordal-ring:12,3", "swiss-t1"}) {
        const Network net = make_network(spec);
        expect_exact(make_pattern(net, PatternSpec{}), true, spec);
        PatternSpec self;
        self.include_self = true;
        expect_exact(make_pattern(net, self), false, std::string(spec) + " with self");
        for (const char* pattern : {"permutation", "random", "half-to-half"}) {
            PatternSpec p;
            p.name = pattern;
            p.count = 200;
            p.seed = 5;
            expect_exact(make_pattern(net, p), false, std::string(spec) + " " + pattern);
        }
    }
}

TEST(CongestionEdges, RunFormulaOnImportedInfinibandFabrics) {
    const std::string dir = test::source_path("tests/data/ib/");
    for (const auto& [topo, tables] : std::vector<std::pair<std::string, std::string>>{{"topology.txt", "minhop-lfts.dump"},
                                                                                       {"topology.txt", "ftree-lfts.dump"},
                                                                                       {"tiny-topology.txt", "tiny-lfts.dump"}}) {
        const Network net = ib_network(read_ibnetdiscover(dir + topo), read_forwarding_tables({dir + tables}));
        expect_exact(make_pattern(net, PatternSpec{}), false, topo + " + " + tables);
    }
}

// Random explicit paths (random simple walks): shared links often form several runs,
// and the check must then refuse the formula.
TEST(CongestionEdges, RunFormulaOnRandomExplicitPaths) {
    std::mt19937_64 rng(3);
    int refused = 0, accepted = 0;
    for (int trial = 0; trial < 60; ++trial) {
        const int switches = 3 + static_cast<int>(rng() % 6), links = switches * 3;
        Traffic t([&] {
            std::vector<std::string> names;
            for (int l = 0; l < links; ++l) names.push_back("l" + std::to_string(l));
            return names;
        }());
        // Link l joins switch from[l] to to[l].
        std::vector<int> from(links), to(links);
        for (int l = 0; l < links; ++l) {
            from[l] = static_cast<int>(rng() % switches);
            to[l] = (from[l] + 1 + static_cast<int>(rng() % (switches - 1))) % switches;
        }
        const int n = 2 + static_cast<int>(rng() % 40);
        for (int i = 0; i < n; ++i) {
            std::vector<int> path;
            std::vector<char> used(links, 0);
            int at = static_cast<int>(rng() % switches);
            for (int hop = 0, hops = 1 + static_cast<int>(rng() % 6); hop < hops; ++hop) {
                std::vector<int> out;
                for (int l = 0; l < links; ++l)
                    if (from[l] == at && !used[l]) out.push_back(l);
                if (out.empty()) break;
                const int l = out[rng() % out.size()];
                used[l] = 1;
                path.push_back(l);
                at = to[l];
            }
            if (path.empty()) continue;
            t.add("x" + std::to_string(i), path);
        }
        if (t.empty()) continue;
        (count_congestion_edges_by_runs(t) ? accepted : refused)++;
        expect_exact(t, false, "random walks, trial " + std::to_string(trial));
    }
    EXPECT_GT(refused, 0);
    EXPECT_GT(accepted, 0);
}

// Two transfers around a one-way ring share two separate links in opposite orders: the
// run formula would count their pair twice, and the order check refuses it.
TEST(CongestionEdges, RunFormulaRefusesPathsSharingTwoSeparateStretches) {
    Traffic t({"a", "c", "b", "d"});  // ring 0 -a-> 1 -c-> 2 -b-> 3 -d-> 0
    t.add("i", {0, 1, 2});
    t.add("j", {2, 3, 0});
    EXPECT_FALSE(count_congestion_edges_by_runs(t).has_value());
    EXPECT_EQ(count_congestion_edges(t), 1U);
    // Same order, different detours between the shared links: the next-hop check refuses.
    Traffic u({"a", "c", "e", "f", "b"});  // 0 -a-> 1, 1 -c-> 2, 1 -e-> 4, 4 -f-> 2, 2 -b-> 3
    u.add("i", {0, 1, 4});
    u.add("j", {0, 2, 3, 4});
    EXPECT_FALSE(count_congestion_edges_by_runs(u).has_value());
    EXPECT_EQ(count_congestion_edges(u), 1U);
    // A path that leaves a node and comes back to it before the shared link.
    Traffic v({"a", "c", "e", "b"});  // 0 -a-> 1, 1 -c-> 2, 2 -e-> 1, 1 -b-> 3
    v.add("i", {0, 1, 2, 3});
    v.add("j", {0, 3});
    EXPECT_FALSE(count_congestion_edges_by_runs(v).has_value());
    EXPECT_EQ(count_congestion_edges(v), 1U);
}

}  // namespace
}  // namespace liquid
