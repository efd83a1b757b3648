// Traffic::add_many: the transfers, checks and errors of add() called for each in order,
// made on several threads.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "liquid/base/error.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid {
namespace {

constexpr int kLinks = 40;
// More than one block of add_many, so that the blocks run on several threads.
constexpr std::size_t kCount = 20000;
// More than one round of blocks.
constexpr std::size_t kRounds = 300000;

Traffic empty_traffic() {
    std::vector<std::string> links;
    for (int l = 0; l < kLinks; ++l) links.push_back("l" + std::to_string(l));
    return Traffic(links);
}

/// The i-th transfer: a distinct name, a path of 1 to 5 distinct links in travel order.
NewTransfer nth(std::size_t i) {
    NewTransfer x;
    x.name = "t" + std::to_string(i);
    const int hops = 1 + static_cast<int>(i % 5);
    for (int h = 0; h < hops; ++h) x.path.push_back(static_cast<int>((i * 7 + static_cast<std::size_t>(h) * 11) % kLinks));
    x.src = static_cast<int>(i % 13);
    x.dst = static_cast<int>(i % 17);
    x.size = 1.0 + static_cast<double>(i % 3);
    return x;
}

/// The message add_many throws for these transfers, or "" when it adds them.
std::string error_of(Traffic& t, const std::function<NewTransfer(std::size_t)>& make, std::size_t count = kCount) {
    try {
        t.add_many(count, make);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

TEST(AddMany, MakesTheTransfersAddOneByOneWould) {
    Traffic one = empty_traffic(), many = empty_traffic();
    one.add("first", {3, 4});
    many.add("first", {3, 4});
    for (std::size_t i = 0; i < kCount; ++i) {
        NewTransfer x = nth(i);
        one.add(x.name, x.path, x.src, x.dst, x.size);
    }
    many.add_many(kCount, nth);
    ASSERT_EQ(many.size(), one.size());
    for (int i = 0; i < one.size(); ++i) {
        EXPECT_EQ(many[i].name, one[i].name);
        EXPECT_EQ(many[i].path, one[i].path);
        EXPECT_TRUE(many[i].links == one[i].links);
        EXPECT_EQ(many[i].src, one[i].src);
        EXPECT_EQ(many[i].dst, one[i].dst);
        EXPECT_EQ(many[i].size, one[i].size);
        EXPECT_EQ(many.find(one[i].name), i);
    }
    EXPECT_EQ(many.add("last", {0}), one.size());
}

TEST(AddMany, ReportsTheFirstBadTransferInOrderAndKeepsTheTrafficAsItWas) {
    // A bad path in a later block and a repeated name before it: the name is reported, as
    // add() one by one would.
    Traffic t = empty_traffic();
    t.add("kept", {1});
    const std::string twice = error_of(t, [](std::size_t i) {
        NewTransfer x = nth(i);
        if (i == 15000) x.path = {};
        if (i == 9000) x.name = "t100";
        return x;
    });
    EXPECT_NE(twice.find("transfer t100"), std::string::npos) << twice;
    EXPECT_NE(twice.find("the name is used twice"), std::string::npos) << twice;
    ASSERT_EQ(t.size(), 1);
    EXPECT_EQ(t.find("kept"), 0);
    EXPECT_FALSE(t.find("t0"));

    // Two bad paths in different blocks: the earlier one, whatever block ends first.
    const std::string bad = error_of(t, [](std::size_t i) {
        NewTransfer x = nth(i);
        if (i == 12345) x.path = {0, 0};
        if (i == 4500) x.path = {kLinks};
        return x;
    });
    EXPECT_NE(bad.find("transfer t4500"), std::string::npos) << bad;
    EXPECT_NE(bad.find("link index out of range"), std::string::npos) << bad;

    // A name already in the traffic.
    const std::string taken = error_of(t, [](std::size_t i) {
        NewTransfer x = nth(i);
        if (i == 7) x.name = "kept";
        return x;
    });
    EXPECT_NE(taken.find("transfer kept"), std::string::npos) << taken;
    ASSERT_EQ(t.size(), 1);

    // Across rounds: a repeated name in the second round before a bad path in it, and a
    // bad path there alone.
    const std::string late = error_of(
        t,
        [](std::size_t i) {
            NewTransfer x = nth(i);
            if (i == 290000) x.path = {};
            if (i == 280000) x.name = "t270000";
            return x;
        },
        kRounds);
    EXPECT_NE(late.find("transfer t270000"), std::string::npos) << late;
    EXPECT_NE(late.find("the name is used twice"), std::string::npos) << late;
    const std::string empty = error_of(
        t,
        [](std::size_t i) {
            NewTransfer x = nth(i);
            if (i == 290000) x.path = {};
            return x;
        },
        kRounds);
    EXPECT_NE(empty.find("transfer t290000"), std::string::npos) << empty;
    EXPECT_NE(empty.find("it uses no link"), std::string::npos) << empty;
    ASSERT_EQ(t.size(), 1);

    // Still usable after the errors.
    t.add_many(kCount, nth);
    EXPECT_EQ(t.size(), static_cast<int>(kCount) + 1);
    EXPECT_EQ(t.find("t19999"), static_cast<int>(kCount));
}

}  // namespace
}  // namespace liquid
