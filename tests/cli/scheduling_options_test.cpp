// The scheduling options are one group: every command that solves offers the same
// --method (all methods), --time-limit, --memory-limit and --node-limit with one help text
// and one default, rejects the same values, and `simulate` solves with `schedule`'s method.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "liquid/sched/schedule.hpp"
#include "support/run.hpp"

namespace liquid {
namespace {

using test::run_liquid;

// Each solving command with the arguments it needs besides the scheduling options.
const std::vector<std::string> kSolvingCommands{"schedule", "simulate", "plan --network two-switch", "report -o /dev/null"};

/// The help line of `option` in `liquid <command> --help`, from the option's name on.
std::string help_line(const std::string& command, const std::string& option) {
    const auto r = run_liquid(command.substr(0, command.find(' ')) + " --help");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::smatch m;
    EXPECT_TRUE(std::regex_search(r.out, m, std::regex("  " + option + "[^\n]*"))) << command << "\n" << r.out;
    return m.empty() ? "" : m.str();
}

TEST(SchedulingOptions, OneHelpTextAndOneDefaultForEveryCommand) {
    for (const char* option : {"--method", "--time-limit", "--memory-limit", "--node-limit"}) {
        const std::string reference = help_line("schedule", option);
        for (const auto& command : kSolvingCommands) EXPECT_EQ(help_line(command, option), reference) << command;
    }
    const std::string method = help_line("schedule", "--method");
    for (const char* name : {"liquid", "optimal", "dsatur", "round-robin", "random", "fifo", "milp", "sat"})
        EXPECT_NE(method.find(name), std::string::npos) << name;
    EXPECT_NE(method.find(std::string("=") + method_name(SolveOptions{}.method) + " "), std::string::npos) << method;
}

TEST(SchedulingOptions, OneValidatorForEveryCommand) {
    for (const auto& command : kSolvingCommands)
        for (const char* bad : {"--time-limit 0", "--time-limit -1", "--time-limit nan", "--memory-limit -5", "--node-limit -1",
                                "--method fastest", "--solver glpk", "--pivot constrained --method dsatur"}) {
            const auto r = run_liquid(command + " " + bad);
            EXPECT_EQ(r.exit_code, 2) << command << " " << bad << "\n" << r.err;
            const std::string option = std::string(bad).substr(0, std::string(bad).find(' '));
            EXPECT_NE(r.err.find(option), std::string::npos) << command << " " << bad << "\n" << r.err;
        }
}

TEST(SchedulingOptions, SimulateSolvesWithScheduleDefaultMethod) {
    const auto s = run_liquid("schedule --network torus:3x3 --json");
    const auto m = run_liquid("simulate --network torus:3x3 --json");
    ASSERT_EQ(s.exit_code, 0) << s.err;
    ASSERT_EQ(m.exit_code, 0) << m.err;
    const auto sj = nlohmann::json::parse(s.out), mj = nlohmann::json::parse(m.out);
    EXPECT_EQ(sj["schedule"]["method"], method_name(SolveOptions{}.method));
    EXPECT_EQ(mj["method"], sj["schedule"]["method"]);
    EXPECT_EQ(mj["executor"], "frames");
}

}  // namespace
}  // namespace liquid
