// The command's time budget (liquid/base/time_budget.hpp). No wall time is asserted: the
// budgets are either already over (a nanosecond) or far away (an hour).
#include <gtest/gtest.h>

#include "liquid/base/time_budget.hpp"

namespace liquid {
namespace {

struct Budget : ::testing::Test {
    void SetUp() override { start_command_clock(); }
    void TearDown() override {
        clear_time_budget();
        clear_stop_request();
    }
};

TEST_F(Budget, NoBudgetNeverExpires) {
    EXPECT_EQ(time_budget_seconds(), 0.0);
    EXPECT_FALSE(time_budget_expired());
    EXPECT_NO_THROW(throw_if_out_of_budget());
    EXPECT_FALSE(search_deadline(0).limited());  // no limit of its own, none from the command
    EXPECT_LE(search_deadline(5).remaining_s(), 5.0);
}

TEST_F(Budget, AnExpiredBudgetThrowsOutOfTime) {
    set_time_budget(1e-9);
    EXPECT_EQ(time_budget_seconds(), 1e-9);
    EXPECT_TRUE(time_budget_expired());
    EXPECT_THROW(throw_if_out_of_budget(), OutOfTime);
    // A search still gets a deadline (a microsecond at most): it returns its first
    // verified result.
    const Deadline d = search_deadline(100);
    EXPECT_TRUE(d.limited());
    EXPECT_LE(d.remaining_s(), 1e-6);
}

TEST_F(Budget, ASignalComesFirst) {
    set_time_budget(1e-9);
    request_stop(2);
    try {
        throw_if_out_of_budget();
        FAIL() << "no throw";
    } catch (const OutOfTime&) {
        FAIL() << "a stop request is Interrupted, not OutOfTime";
    } catch (const Interrupted&) {
    }
}

TEST_F(Budget, SearchesLeaveTimeForTheRestOfTheCommand) {
    set_time_budget(3600);
    EXPECT_FALSE(time_budget_expired());
    // Ends within the budget, and not later than the search's own limit.
    EXPECT_LE(search_deadline(0).remaining_s(), 3600.0);
    EXPECT_GT(search_deadline(0).remaining_s(), 1800.0);  // at most half is kept back
    EXPECT_LE(search_deadline(10).remaining_s(), 10.0);
    clear_time_budget();
    EXPECT_FALSE(search_deadline(0).limited());
}

TEST_F(Budget, RestartingTheClockForgetsTheBudget) {
    set_time_budget(1e-9);
    start_command_clock();
    EXPECT_FALSE(time_budget_expired());
    EXPECT_EQ(time_budget_seconds(), 0.0);
    set_time_budget(-1);  // not a budget
    EXPECT_FALSE(time_budget_expired());
}

TEST_F(Budget, WorkThatCannotFinishInWhatIsLeftEndsAtOnce) {
    // No budget: any amount of work may start.
    EXPECT_NO_THROW(throw_unless_budget_left(1e9));
    EXPECT_EQ(time_budget_needed(), 0.0);
    set_time_budget(3600);
    EXPECT_LE(time_budget_left(), 3600.0);
    EXPECT_GT(time_budget_left(), 3000.0);
    EXPECT_NO_THROW(throw_unless_budget_left(60));
    EXPECT_EQ(time_budget_needed(), 0.0);
    // Two hours of work in an hour's budget: OutOfTime now, and the message's numbers kept.
    EXPECT_THROW(throw_unless_budget_left(7200), OutOfTime);
    EXPECT_EQ(time_budget_needed(), 7200.0);
    EXPECT_GT(time_budget_left_then(), 3000.0);
    EXPECT_LE(time_budget_left_then(), 3600.0);
    // A new command starts with no shortfall on record.
    start_command_clock();
    EXPECT_EQ(time_budget_needed(), 0.0);
    EXPECT_EQ(time_budget_left_then(), 0.0);
}

}  // namespace
}  // namespace liquid
