// LinkSet: the bitset and the list encodings answer every question alike, and a traffic
// stored either way analyses the same.
#include <gtest/gtest.h>

#include <random>

#include "liquid/io/network_spec.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/congestion_edges.hpp"
#include "liquid/traffic/incidence.hpp"
#include "liquid/traffic/link_set.hpp"
#include "liquid/traffic/patterns.hpp"

namespace liquid {
namespace {

std::vector<int> random_links(std::mt19937_64& rng, int width) {
    std::vector<int> v;
    for (int l = 0; l < width; ++l)
        if (rng() % 5 == 0) v.push_back(l);
    return v;
}

TEST(LinkSet, BitsetAndListAnswerAlike) {
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 200; ++trial) {
        const int width = 1 + static_cast<int>(rng() % 150);
        const std::vector<int> a = random_links(rng, width), b = random_links(rng, width);
        const LinkSet da(width, a, LinkStorage::Bitset), la(width, a, LinkStorage::List);
        const LinkSet db(width, b, LinkStorage::Bitset), lb(width, b, LinkStorage::List);
        ASSERT_TRUE(da.dense());
        ASSERT_FALSE(la.dense());
        bool share = false;
        for (int l : a) share = share || std::find(b.begin(), b.end(), l) != b.end();
        for (const LinkSet* x : {&da, &la}) {
            EXPECT_EQ(x->size(), static_cast<std::size_t>(width));
            EXPECT_EQ(x->count(), a.size());
            EXPECT_EQ(x->to_vector(), a);
            EXPECT_EQ(x->first(), a.empty() ? static_cast<std::size_t>(width) : static_cast<std::size_t>(a.front()));
            for (int l = 0; l < width; ++l) EXPECT_EQ(x->test(l), std::find(a.begin(), a.end(), l) != a.end());
            for (const LinkSet* y : {&db, &lb}) EXPECT_EQ(x->intersects(*y), share);
            EXPECT_EQ(x->intersects(db.bits()), share);
            Bitset acc(static_cast<std::size_t>(width));
            x->add_to(acc);
            EXPECT_EQ(acc.to_vector(), a);
        }
        EXPECT_EQ(da, la);
    }
}

TEST(LinkSet, AutomaticStorageFollowsTheLinkWidth) {
    EXPECT_TRUE(LinkSet(kDenseLinkWidth, std::vector<int>{0, 3}).dense());
    EXPECT_FALSE(LinkSet(kDenseLinkWidth + 1, std::vector<int>{0, 3}).dense());
    const Traffic wide = make_pattern(make_network("fat-tree:4,4"), PatternSpec{});  // 2 048 links
    EXPECT_FALSE(wide[0].links.dense());
    const Traffic narrow = make_pattern(make_network("fat-tree:4,3"), PatternSpec{});  // 384 links
    EXPECT_TRUE(narrow[0].links.dense());
}

TEST(LinkSet, TrafficsStoredAsListsAnalyseLikeBitsets) {
    for (const char* spec : {"two-switch", "torus:4x4", "fat-tree:4,3", "hypercube:5", "chordal-ring:12,3"}) {
        const Traffic dense = make_pattern(make_network(spec), PatternSpec{}).with_storage(LinkStorage::Bitset);
        const Traffic list = dense.with_storage(LinkStorage::List);
        ASSERT_FALSE(list[0].links.dense()) << spec;
        const TrafficAnalysis a = analyze(dense), b = analyze(list);
        EXPECT_EQ(a.load, b.load) << spec;
        EXPECT_EQ(a.duration, b.duration) << spec;
        EXPECT_EQ(a.bottlenecks, b.bottlenecks) << spec;
        EXPECT_EQ(a.skeleton, b.skeleton) << spec;
        EXPECT_EQ(transfer_links(dense).items, transfer_links(list).items) << spec;
        EXPECT_EQ(count_congestion_edges_by_users(dense), count_congestion_edges_by_users(list)) << spec;
        const CongestionGraph gd(dense), gl(list);
        ASSERT_EQ(gd.edge_count(), gl.edge_count()) << spec;
        for (int v = 0; v < gd.vertex_count(); ++v) ASSERT_EQ(gd.neighbours(v), gl.neighbours(v)) << spec;
    }
}

}  // namespace
}  // namespace liquid
