// HelperThread: every index of a loop done once, by the caller and the helper, loop after
// loop; a body's exception reaches the caller.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "liquid/base/helper_thread.hpp"

namespace liquid {
namespace {

TEST(HelperThread, EveryIndexOnceInEveryLoop) {
    HelperThread helper;
    for (std::size_t count : {0U, 1U, 7U, 16U, 17U, 128U, 1000U})
        for (std::size_t chunk : {1U, 3U, 16U, 64U})
            for (int loop = 0; loop < 50; ++loop) {
                std::vector<std::atomic<int>> done(count);
                helper.run(count, chunk, [&](std::size_t begin, std::size_t end, int worker) {
                    ASSERT_TRUE(worker == 0 || worker == 1);
                    ASSERT_LE(end - begin, chunk);
                    for (std::size_t i = begin; i < end; ++i) ++done[i];
                });
                for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(done[i].load(), 1) << count << " " << chunk << " " << i;
            }
}

TEST(HelperThread, EachWorkerRunsItsChunksInTurn) {
    // Per-worker scratch is safe: one worker never runs two chunks at once.
    HelperThread helper;
    std::atomic<int> inside[2] = {0, 0};
    std::atomic<bool> overlap{false};
    for (int loop = 0; loop < 200; ++loop)
        helper.run(64, 4, [&](std::size_t, std::size_t, int worker) {
            if (++inside[worker] > 1) overlap = true;
            --inside[worker];
        });
    EXPECT_FALSE(overlap.load());
}

TEST(HelperThread, AnExceptionOfABodyReachesTheCaller) {
    HelperThread helper;
    for (std::size_t bad : {0U, 63U, 127U}) {
        EXPECT_THROW(helper.run(128, 8,
                                [&](std::size_t begin, std::size_t end, int) {
                                    if (begin <= bad && bad < end) throw std::runtime_error("bad index");
                                }),
                     std::runtime_error);
        // And the next loop runs whole.
        std::atomic<std::size_t> sum{0};
        helper.run(100, 7, [&](std::size_t begin, std::size_t end, int) { sum += end - begin; });
        EXPECT_EQ(sum.load(), 100U);
    }
}

}  // namespace
}  // namespace liquid
