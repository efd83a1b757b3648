// Congestion-graph edges counted without the graph equal the materialised count and a
// brute-force pair count.
#include <gtest/gtest.h>

#include <random>

#include "liquid/net/generators.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/congestion_edges.hpp"
#include "liquid/testbed/network_spec.hpp"
#include "liquid/traffic/patterns.hpp"

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

}  // namespace
}  // namespace liquid
