// `liquid testbed t1` as a user runs it: exit code 2 on bad input, JSON on stdout.
#include <gtest/gtest.h>

#include "liquid/io/sha256.hpp"
#include "support/run.hpp"

#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

using liquid::test::CommandResult;

CommandResult run(const std::string& args) { return liquid::test::run_liquid("testbed t1 " + args); }

const std::string kOut = " --out /tmp/liquid-testbed-test";

TEST(TestbedCommand, BadInputExitsWith2) {
    EXPECT_EQ(run("--time-limit 0" + kOut).exit_code, 2);
    EXPECT_EQ(run("--threads -1" + kOut).exit_code, 2);
    EXPECT_EQ(run("--max-categories 0" + kOut).exit_code, 2);
    EXPECT_EQ(run("--allocation 9").exit_code, 2);
    EXPECT_EQ(run("--pivot sideways" + kOut).exit_code, 2);
    EXPECT_EQ(run("--allocation 44x00000").exit_code, 2);
    EXPECT_EQ(run("--allocation 00000000").exit_code, 2);
    EXPECT_EQ(run("--network /nonexistent/t1.json").exit_code, 2);
    EXPECT_EQ(run("--out /proc/liquid-testbed-cannot-exist --sweep-only").exit_code, 2);
}

TEST(TestbedCommand, SweepOnlyJson) {
    const CommandResult r = run("--sweep-only --json --threads 2 --out /tmp/liquid-testbed-test");
    ASSERT_EQ(r.exit_code, 0);
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["sweep"]["distinct_liquid_throughputs"].get<int>(), 363);
    EXPECT_EQ(j["sweep"]["distinct_multi_switch"].get<int>(), 362);
    EXPECT_EQ(j["sweep"]["by_nodes"].size(), 32U);
}

TEST(TestbedCommand, PivotRuleCountsTheSameTeams) {
    // 30000000: 3! = 6 full teams at every level under both rules.
    for (const char* pivot : {"lowest-index", "constrained"}) {
        const CommandResult r = run(std::string("--allocation 30000000 --json --max-categories 1000 --pivot ") + pivot);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const auto j = nlohmann::json::parse(r.out);
        EXPECT_TRUE(j["verified"].get<bool>());
        for (const auto& level : j["search_space"]) EXPECT_EQ(level["full_teams"].get<int>(), 6) << pivot;
    }
}

TEST(TestbedCommand, OneAllocationJson) {
    const CommandResult r = run("--allocation 30000000 --json --max-categories 1000");
    ASSERT_EQ(r.exit_code, 0);
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["transfers"].get<int>(), 9);
    EXPECT_EQ(j["duration"].get<int>(), 3);
    EXPECT_EQ(j["schedule"]["length"].get<int>(), 3);
    EXPECT_TRUE(j["schedule"]["liquid"].get<bool>());
    EXPECT_TRUE(j["verified"].get<bool>());
    EXPECT_EQ(j["schedule"]["frames"].size(), 3U);
}

TEST(TestbedCommand, ARunNeverLeavesThePreviousRunsFilesBesideItsOwn) {
    // A full run writes five files; a later --sweep-only run writes two. Its
    // manifest lists what belongs to it, and the full run's other files are gone.
    const std::string dir = "/tmp/liquid-testbed-manifest-" + std::to_string(::getpid());
    std::filesystem::remove_all(dir);
    ASSERT_EQ(run("--limit 2 --no-enumerate --threads 2 --json --out " + dir).exit_code, 0);
    ASSERT_TRUE(std::filesystem::exists(dir + "/t1-summary.json"));
    const CommandResult r = run("--sweep-only --json --threads 2 --out " + dir);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"t1-manifest.json", "t1-sweep.json"}));
    const auto m = nlohmann::json::parse(liquid::test::slurp(dir + "/t1-manifest.json"));
    EXPECT_EQ(m["command_line"], nlohmann::json({"testbed", "t1", "--sweep-only", "--json", "--threads", "2", "--out", dir}));
    ASSERT_EQ(m["files"].size(), 1U);
    const std::string sweep = liquid::test::slurp(dir + "/t1-sweep.json");
    EXPECT_EQ(m["files"][0]["name"], "t1-sweep.json");
    EXPECT_EQ(m["files"][0]["bytes"].get<std::size_t>(), sweep.size());
    EXPECT_EQ(m["files"][0]["sha256"], liquid::sha256_hex(sweep));
    std::filesystem::remove_all(dir);
}

}  // namespace
