// assign_zeros_on_huge_pages: the table is zeros of the size asked for, whatever its size
// and alignment, and where the kernel has transparent huge pages its buffer carries the
// advice (the "hg" flag of its mapping in /proc/self/smaps).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "liquid/base/huge_pages.hpp"

namespace liquid {
namespace {

TEST(HugePages, TablesOfAnySizeAreZeros) {
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{3}, (std::size_t{2} << 20) / 8 + 5}) {
        std::vector<std::uint64_t> v(7, 9);
        assign_zeros_on_huge_pages(v, n);
        ASSERT_EQ(v.size(), n);
        EXPECT_TRUE(std::all_of(v.begin(), v.end(), [](std::uint64_t x) { return x == 0; })) << n;
    }
}

/// The VmFlags of the mapping holding `address` in /proc/self/smaps ("" when not found).
std::string mapping_flags(std::uintptr_t address) {
    std::ifstream smaps("/proc/self/smaps");
    bool inside = false;
    for (std::string line; std::getline(smaps, line);) {
        unsigned long long from = 0, to = 0;
        char dash = 0;
        std::istringstream head(line);
        if (head >> std::hex >> from >> dash >> to && dash == '-') inside = address >= from && address < to;
        else if (inside && line.rfind("VmFlags:", 0) == 0) return line;
    }
    return "";
}

TEST(HugePages, ALargeTableIsAdvised) {
    if (!std::filesystem::exists("/sys/kernel/mm/transparent_hugepage/enabled"))
        GTEST_SKIP() << "no transparent huge pages on this system";
    std::vector<std::uint64_t> v;
    assign_zeros_on_huge_pages(v, (std::size_t{16} << 20) / 8);  // 16 MB: whole huge pages inside
    const auto middle = reinterpret_cast<std::uintptr_t>(v.data() + v.size() / 2);
    const std::string flags = mapping_flags(middle);
    EXPECT_NE(flags.find(" hg"), std::string::npos) << flags;
}

}  // namespace
}  // namespace liquid
