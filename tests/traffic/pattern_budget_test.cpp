// Building a traffic (routing every pair) comes before any result: a stop request or a
// spent --time-limit ends it with Interrupted / OutOfTime, never a partial traffic.
#include <gtest/gtest.h>

#include "liquid/base/time_budget.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/traffic/patterns.hpp"

namespace liquid {
namespace {

TEST(PatternBudget, StopAndTimeBudgetEndTheRouting) {
    const Network net = make_hypercube(6);  // shortest-path routing: searched per sender
    request_stop(15);
    EXPECT_THROW(make_pattern(net, PatternSpec{}), Interrupted);
    clear_stop_request();
    start_command_clock();
    set_time_budget(1e-9);
    EXPECT_THROW(make_pattern(net, PatternSpec{}), OutOfTime);
    clear_time_budget();
    EXPECT_EQ(make_pattern(net, PatternSpec{}).size(), 64 * 63);
}

}  // namespace
}  // namespace liquid
