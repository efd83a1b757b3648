#include <gtest/gtest.h>

#include <random>
#include <set>

#include "liquid/base/bitset.hpp"

namespace liquid {
namespace {

TEST(Bitset, AgreesWithStdSetOnRandomOperations) {
    std::mt19937 rng(7);
    for (int round = 0; round < 200; ++round) {
        std::size_t n = 1 + rng() % 200;
        Bitset a(n), b(n);
        std::set<std::size_t> sa, sb;
        for (int i = 0; i < 40; ++i) {
            std::size_t x = rng() % n, y = rng() % n;
            a.set(x), sa.insert(x);
            b.set(y), sb.insert(y);
        }
        EXPECT_EQ(a.count(), sa.size());
        bool inter = false;
        for (auto x : sa) inter |= sb.count(x) > 0;
        EXPECT_EQ(a.intersects(b), inter);
        Bitset u = a | b, i = a & b, d = a;
        d.and_not(b);
        std::vector<int> ev;
        u.for_each([&](std::size_t x) { ev.push_back(int(x)); });
        std::set<std::size_t> su = sa;
        su.insert(sb.begin(), sb.end());
        EXPECT_EQ(ev.size(), su.size());
        for (auto x : su) EXPECT_TRUE(u.test(x));
        for (std::size_t x = 0; x < n; ++x) {
            EXPECT_EQ(i.test(x), sa.count(x) && sb.count(x));
            EXPECT_EQ(d.test(x), sa.count(x) && !sb.count(x));
        }
        EXPECT_EQ(a.first(), sa.empty() ? n : *sa.begin());
        EXPECT_EQ(i.subset_of(a), true);
    }
}

TEST(Bitset, FillSetsExactlyTheSizeBits) {
    for (std::size_t n : {1u, 63u, 64u, 65u, 130u}) {
        Bitset b(n);
        b.fill();
        EXPECT_EQ(b.count(), n);
        EXPECT_EQ(b.next(n - 1), n - 1);
        b.reset(n - 1);
        EXPECT_EQ(b.next(n - 1), n);
    }
}

}  // namespace
}  // namespace liquid
