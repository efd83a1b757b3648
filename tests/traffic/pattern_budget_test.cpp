// Building a traffic (routing every pair) comes before any result: a stop request or a
// spent --time-limit ends it with Interrupted / OutOfTime, never a partial traffic.
#include <gtest/gtest.h>

#include <string>

#include "liquid/base/error.hpp"
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

// The refusal names the transfers the pattern would really make: a host sends to itself
// only with include_self.
TEST(PatternBudget, TheLimitCountsThePairsTheAllToAllMakes) {
    // 4097 * 4096 pairs: just over kMaxPatternTransfers (one switch, beyond crossbar:N's 4096).
    Network net("star");
    const int hub = net.add_switch("x");
    for (int i = 0; i < 4097; ++i) net.add_cable(net.add_host("h" + std::to_string(i)), hub);
    for (const bool self : {false, true}) {
        PatternSpec spec;
        spec.include_self = self;
        try {
            make_pattern(net, spec);
            ADD_FAILURE() << "an all-to-all over 4097 hosts was not refused";
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(self ? "16785409 transfers" : "16781312 transfers"), std::string::npos)
                << e.what();
        }
    }
}

}  // namespace
}  // namespace liquid
