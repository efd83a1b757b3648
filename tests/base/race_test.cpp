// race: every racer runs once, the first answer stops the others, one thread runs them in
// turn, and a racer's exception reaches the caller after every racer has returned.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <thread>
#include <vector>

#include "liquid/base/race.hpp"

namespace liquid {
namespace {

TEST(Race, EveryRacerRunsOnceOnItsOwnThreadOrInTurn) {
    for (std::size_t threads : {1U, 2U, 4U}) {
        std::atomic<bool> stop{false};
        std::vector<std::atomic<int>> runs(4);
        EXPECT_EQ(race(runs.size(), threads, WithoutThread::InTurn, stop, [&](std::size_t k) { ++runs[k]; }), runs.size());
        for (const std::atomic<int>& r : runs) EXPECT_EQ(r.load(), 1);
        EXPECT_FALSE(stop.load());
    }
}

TEST(Race, TheFirstAnswerStopsTheOthers) {
    // Racer 1 spins until it sees the flag that racer 0 sets: the race ends.
    std::atomic<bool> stop{false};
    std::atomic<bool> saw_stop{false};
    race(2, 2, WithoutThread::InTurn, stop, [&](std::size_t k) {
        if (k == 0) {
            stop.store(true);
            return;
        }
        while (!stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        saw_stop = true;
    });
    EXPECT_TRUE(saw_stop.load());
}

TEST(Race, AnExceptionStopsTheOthersAndIsRethrown) {
    std::atomic<bool> stop{false};
    std::atomic<bool> other_returned{false};
    EXPECT_THROW(race(2, 2, WithoutThread::Drop, stop,
                      [&](std::size_t k) {
                          if (k == 1) throw std::runtime_error("racer 1");
                          while (!stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
                          other_returned = true;
                      }),
                 std::runtime_error);
    EXPECT_TRUE(other_returned.load());
}

TEST(Race, AsManyRacersAsCoresAndMemoryAllow) {
    Limits roomy;
    roomy.memory_bytes = std::uint64_t{1} << 60;
    const std::size_t cores = std::max(1U, std::thread::hardware_concurrency());
    EXPECT_EQ(racers_that_fit(2, 1024, roomy), std::min<std::size_t>(2, cores));
    EXPECT_EQ(racers_that_fit(1, 1024, roomy), 1U);
    Limits tight;
    tight.memory_bytes = 0;  // nothing fits: still one racer, the caller's own
    EXPECT_EQ(racers_that_fit(2, 1024, tight), 1U);
}

TEST(Race, NoRacersRunNone) {
    std::atomic<bool> stop{false};
    EXPECT_EQ(race(0, 2, WithoutThread::InTurn, stop, [](std::size_t) { FAIL(); }), 0U);
}

}  // namespace
}  // namespace liquid
