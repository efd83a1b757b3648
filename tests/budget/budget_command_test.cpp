// --time-limit and --memory-limit bound the whole command, network building and routing
// included, for every command that takes them (docs/cli.md, "Budgets"). Nothing here
// asserts a wall time: a budget far shorter than building the input must end with the
// budget's exit code and message, not with a full run. The tests run alone (RUN_SERIAL in
// CMakeLists.txt): two budgets here are only a few times the build of their input.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "support/run.hpp"
#include "support/sanitized.hpp"

namespace liquid {
namespace {

using test::fresh_dir;
using test::run_liquid;
using test::sanitized_build;

TEST(BudgetCommand, TimeLimitEndsNetworkBuildingAndRouting) {
    // 10 ms cannot build the 1.3 M routing-table entries and the million routes of a
    // 1 024-host all-to-all: every command exits 4 with one line naming --time-limit.
    const auto dir = fresh_dir("budget-time");
    const std::string page = (dir / "page.html").string();
    const std::string exported = (dir / "graph.col").string();
    for (const std::string& cmd : std::vector<std::string>{
             "schedule --network fat-tree:4,5", "simulate --network torus:32x32", "plan --network hypercube:10",
             "report --network fat-tree:4,5 -o " + page, "analyze --network fat-tree:4,5", "traffic --network fat-tree:4,5",
             "export --network fat-tree:4,5 --format dimacs-graph -o " + exported}) {
        const auto r = run_liquid(cmd + " --time-limit 0.01");
        EXPECT_EQ(r.exit_code, 4) << cmd << "\n" << r.err;
        EXPECT_EQ(r.err.rfind("liquid: error: --time-limit: the budget of 0.01 s ran out", 0), 0u) << cmd << "\n" << r.err;
        EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << cmd << "\n" << r.err;
        EXPECT_EQ(r.out, "") << cmd;
    }
    EXPECT_TRUE(std::filesystem::is_empty(dir)) << "report or export left a file";
    std::filesystem::remove_all(dir);
}

TEST(BudgetCommand, CommandsThatDoNotSearchHaveNoTimeLimitUnlessGiven) {
    // analyze, export and traffic: no budget by default; a given one is checked like the
    // solving commands' (exit 2 naming the flag), and an ample one changes nothing.
    for (const std::string& cmd : std::vector<std::string>{"analyze --network torus:4x4", "traffic --network torus:4x4",
                                                           "export --network torus:4x4 --format dimacs-graph"}) {
        const auto plain = run_liquid(cmd);
        ASSERT_EQ(plain.exit_code, 0) << cmd << "\n" << plain.err;
        const auto ample = run_liquid(cmd + " --time-limit 60 --memory-limit 4096");
        EXPECT_EQ(ample.exit_code, 0) << cmd << "\n" << ample.err;
        EXPECT_EQ(ample.out, plain.out) << cmd;
        for (const std::string bad : {" --time-limit 0", " --time-limit -1", " --memory-limit 0.5", " --memory-limit nan"}) {
            const auto r = run_liquid(cmd + bad);
            EXPECT_EQ(r.exit_code, 2) << cmd << bad << "\n" << r.err;
            EXPECT_NE(r.err.find(bad.substr(1, bad.find(' ', 1) - 1)), std::string::npos) << cmd << bad << "\n" << r.err;
        }
    }
}

TEST(BudgetCommand, TimeLimitKeepsTheResultOfASmallInput) {
    // The same budget on an input built in microseconds: the search gets what is left and
    // returns its verified schedule.
    const auto r = run_liquid("schedule --network crossbar:4 --time-limit 0.5 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("\"verified\": true"), std::string::npos) << r.out;
}

TEST(BudgetCommand, TooLittleLeftForTheResultEndsAtOnce) {
    if (sanitized_build()) GTEST_SKIP() << "Release only: under the sanitizers building the traffic takes the whole budget";
    // fat-tree:4,5's all-to-all (1 047 552 transfers) is built in 0.5-1.3 s on an idle
    // 2-core VM; the rest of 2 s then leaves less than the ~2.1 s it needs to search,
    // verify and print a result (2 µs per transfer, less a 50 ms tolerance). The command ends at once with
    // both numbers in its message instead of printing its result long after the limit.
    // (With 1.2 s, a machine busy with other work built the traffic past the whole budget.)
    const auto r = run_liquid("schedule --network fat-tree:4,5 --time-limit 2");
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_EQ(r.err.rfind("liquid: error: --time-limit: after ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(" of the budget of 2 s were left, less than the "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(" s needed to search, verify and print a result"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
}

TEST(BudgetCommand, AReportKeepsBackTheDrawingOfItsNetwork) {
    if (sanitized_build()) GTEST_SKIP() << "Release only: under the sanitizers building the network takes the whole budget";
    // A permutation of fat-tree:8,4's 4 096 hosts is built and scheduled in a fraction of
    // a second, but its page draws 32 768 links (50 µs each kept back): half a second
    // cannot hold that, so the command ends at once instead of after its limit.
    const auto dir = fresh_dir("budget-drawing");
    const auto r =
        run_liquid("report --network fat-tree:8,4 --pattern permutation --time-limit 0.5 -o " + (dir / "page.html").string());
    EXPECT_EQ(r.exit_code, 4) << r.err;
    EXPECT_EQ(r.err.rfind("liquid: error: --time-limit: after ", 0), 0u) << r.err;
    EXPECT_TRUE(std::filesystem::is_empty(dir)) << "report left a file";
    std::filesystem::remove_all(dir);
}

TEST(BudgetCommand, MemoryLimitCountsNetworkRoutesAndTraffic) {
    if (sanitized_build()) GTEST_SKIP() << "Release only: the sanitizers' shadow memory is resident too";
    // The network, its routes and the traffic of a 1 024-host all-to-all exceed 60 MB long
    // before any search: exit 3 and the message, for every command that takes the limit.
    const auto dir = fresh_dir("budget-memory");
    const std::string page = (dir / "page.html").string();
    for (const std::string& cmd : std::vector<std::string>{
             "schedule --network fat-tree:4,5", "simulate --network fat-tree:4,5", "plan --network fat-tree:4,5",
             "report --network fat-tree:4,5 -o " + page, "analyze --network fat-tree:4,5", "traffic --network fat-tree:4,5"}) {
        const auto r = run_liquid(cmd + " --memory-limit 60");
        EXPECT_EQ(r.exit_code, 3) << cmd << "\n" << r.err;
        EXPECT_EQ(r.err.rfind("liquid: error: --memory-limit:", 0), 0u) << cmd << "\n" << r.err;
    }
    EXPECT_TRUE(std::filesystem::is_empty(dir)) << "report left a file";
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace liquid
