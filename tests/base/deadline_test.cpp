// The deadline every phase of a command polls (liquid/base/deadline.hpp).
#include <gtest/gtest.h>

#include <atomic>

#include "liquid/base/deadline.hpp"
#include "liquid/base/memory_watch.hpp"

namespace liquid {
namespace {

TEST(Deadline, UnlimitedSoonerAndStop) {
    const Deadline none;
    EXPECT_FALSE(none.limited());
    EXPECT_FALSE(none.expired());
    EXPECT_TRUE(Deadline::after(1e-9).sooner(100).limited());
    std::atomic<bool> stop{false};
    const Deadline d = Deadline::after(100, &stop);
    EXPECT_FALSE(d.expired());
    stop = true;
    EXPECT_TRUE(d.expired());
    EXPECT_LE(Deadline::after(100).sooner(1).remaining_s(), 1.0);
}

TEST(Deadline, PollReadsTheClockPeriodically) {
    std::atomic<bool> stop{false};
    const Deadline d = Deadline::after(0, &stop);
    DeadlinePoll poll(d, 4);
    for (int i = 0; i < 8; ++i) EXPECT_FALSE(poll.expired());
    stop = true;
    bool seen = false;
    for (int i = 0; i < 4; ++i) seen = poll.expired() || seen;
    EXPECT_TRUE(seen);
    EXPECT_TRUE(poll.expired());  // stays expired
}

TEST(Limits, DefaultMemoryIsAShareOfPhysicalMemory) {
    const Limits l;
    EXPECT_GT(l.memory_bytes, 0u);
    if (physical_memory_bytes() > 0) {
        EXPECT_LE(l.memory_bytes, physical_memory_bytes());
    }
    EXPECT_TRUE(l.fits(0));
    EXPECT_FALSE(l.fits(l.memory_bytes));  // the process already holds some of it
}

TEST(Limits, AStructureFitsBesideWhatTheProcessHolds) {
    Limits l;
    const std::uint64_t held = resident_bytes();
    ASSERT_GT(held, 0u);
    l.memory_bytes = held + (std::uint64_t{256} << 20);
    EXPECT_TRUE(l.fits(std::uint64_t{128} << 20));
    EXPECT_FALSE(l.fits(std::uint64_t{384} << 20));
    l.memory_bytes = held / 2;  // less than the process holds: nothing fits
    EXPECT_FALSE(l.fits(0));
}

}  // namespace
}  // namespace liquid
