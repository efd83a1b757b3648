// NameIndex: positions by name, looked up in the caller's own storage.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "liquid/base/error.hpp"
#include "liquid/traffic/name_index.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid {
namespace {

TEST(NameIndex, FindsEveryNameAcrossGrowthAndRefusesRepeats) {
    std::vector<std::string> names;
    NameIndex index;
    const auto name_of = [&](int p) -> std::string_view { return names[static_cast<std::size_t>(p)]; };
    EXPECT_EQ(index.find("h0-h1", name_of), -1);  // empty index
    for (int i = 0; i < 5000; ++i) {              // grows from 16 slots many times
        names.push_back("h" + std::to_string(i % 71) + "-h" + std::to_string(i));
        ASSERT_EQ(index.insert(names.back(), i, name_of), -1) << names.back();
    }
    for (int i = 0; i < 5000; ++i) EXPECT_EQ(index.find(names[static_cast<std::size_t>(i)], name_of), i);
    EXPECT_EQ(index.find("h0-h5000", name_of), -1);
    EXPECT_EQ(index.find("", name_of), -1);
    names.push_back(names[1234]);  // a repeated name: the first position is kept
    EXPECT_EQ(index.insert(names.back(), 5000, name_of), 1234);
    EXPECT_EQ(index.find(names[1234], name_of), 1234);
}

TEST(NameIndex, ReserveKeepsTheNames) {
    std::vector<std::string> names{"a", "b", "c"};
    const auto name_of = [&](int p) -> std::string_view { return names[static_cast<std::size_t>(p)]; };
    NameIndex index;
    for (int i = 0; i < 3; ++i) index.insert(names[static_cast<std::size_t>(i)], i, name_of);
    index.reserve(100000);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(index.find(names[static_cast<std::size_t>(i)], name_of), i);
}

TEST(NameIndex, ATrafficRefusesARepeatedTransferNameAndKeepsTheFirst) {
    Traffic t({"a", "b"});
    EXPECT_EQ(t.add("x", {0}), 0);
    EXPECT_EQ(t.add("y", {1}), 1);
    try {
        t.add("x", {1});
        ADD_FAILURE() << "a repeated name was accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("the name is used twice"), std::string::npos) << e.what();
    }
    ASSERT_EQ(t.size(), 2);
    EXPECT_EQ(t.find("x"), 0);
    EXPECT_EQ(t[0].path, std::vector<int>{0});
    EXPECT_EQ(t.add("z", {0, 1}), 2);
    EXPECT_EQ(t.find("z"), 2);
}

}  // namespace
}  // namespace liquid
