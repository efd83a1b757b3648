// run_on_deep_stack: a recursion deeper than the usual 8 MB stack completes, the work runs
// on another thread, and its exception reaches the caller.
#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>
#include <thread>

#include "liquid/base/deep_stack.hpp"

namespace liquid {
namespace {

/// Recurses `depth` times with a 4 KB frame each; returns a sum the compiler cannot fold.
std::size_t deep(int depth) {
    volatile char frame[4096];
    frame[0] = static_cast<char>(depth);
    frame[sizeof(frame) - 1] = 1;
    if (depth == 0) return static_cast<std::size_t>(frame[0]) + static_cast<std::size_t>(frame[sizeof(frame) - 1]);
    return deep(depth - 1) + static_cast<std::size_t>(frame[sizeof(frame) - 1]);
}

TEST(DeepStack, ARecursionOfTwentyFourMegabytesCompletes) {
    // 6 000 frames of 4 KB: three times the usual main-thread stack.
    std::size_t sum = 0;
    run_on_deep_stack(std::size_t{256} << 20, [&] { sum = deep(6000); });
    EXPECT_EQ(sum, 6001U);
}

TEST(DeepStack, RunsOnAnotherThreadAndRethrows) {
    std::thread::id where;
    run_on_deep_stack(std::size_t{1} << 20, [&] { where = std::this_thread::get_id(); });
    EXPECT_NE(where, std::this_thread::get_id());
    EXPECT_THROW(run_on_deep_stack(std::size_t{1} << 20, [] { throw std::runtime_error("from the deep"); }), std::runtime_error);
}

}  // namespace
}  // namespace liquid
