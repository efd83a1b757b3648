// `liquid schedule` end to end: exit codes, JSON keys, text form.
#include <gtest/gtest.h>

#include "support/run.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using liquid::test::CommandResult;

CommandResult run(const std::string& args) { return liquid::test::run_liquid(args); }

const std::string kExample = std::string(LIQUID_SOURCE_DIR) + "/examples/no-team.traffic";

TEST(ScheduleCommand, JsonHasTheContractKeys) {
    const CommandResult r = run("schedule --json");
    ASSERT_EQ(r.exit_code, 0);
    const auto j = nlohmann::json::parse(r.out);
    for (const char* k : {"transfers", "links", "duration", "bottlenecks", "liquid_throughput", "schedule"})
        EXPECT_TRUE(j.contains(k)) << k;
    const auto& s = j["schedule"];
    for (const char* k : {"method", "length", "liquid", "optimal", "frames", "lower_bound", "categories", "full_teams",
                          "elapsed_ms", "timed_out"})
        EXPECT_TRUE(s.contains(k)) << k;
    EXPECT_EQ(j["transfers"], 25);
    EXPECT_EQ(s["length"], 6);
    EXPECT_EQ(s["liquid"], true);
    std::size_t names = 0;
    for (const auto& f : s["frames"]) names += f.size();
    EXPECT_EQ(names, 25u);
}

TEST(ScheduleCommand, MethodsAndNoTeam) {
    const auto rr = nlohmann::json::parse(run("schedule --method round-robin --json").out);
    EXPECT_EQ(rr["schedule"]["length"], 7);
    const CommandResult nt = run("schedule --traffic " + kExample + " --json");
    ASSERT_EQ(nt.exit_code, 0);
    const auto j = nlohmann::json::parse(nt.out);
    EXPECT_EQ(j["schedule"]["length"], 3);
    EXPECT_EQ(j["schedule"]["optimal"], true);
    EXPECT_EQ(j["schedule"]["no_liquid_proven"], true);
    const auto w = nlohmann::json::parse(run("schedule --wavelengths 4 --json").out);
    EXPECT_EQ(w["schedule"]["rounds"], 2);
    const auto rnd = nlohmann::json::parse(run("schedule --method random --seed 9 --json").out);
    EXPECT_EQ(rnd["schedule"]["seed"], 9);
}

TEST(ScheduleCommand, LiquidSearchStrategies) {
    // ICON'04 §7.1–7.3 as --strategy: same answers, reported in the JSON.
    for (const char* s : {"original-teams", "remainder-teams", "full-teams"}) {
        const CommandResult ok = run(std::string("schedule --method liquid --json --pivot lowest-index --strategy ") + s);
        ASSERT_EQ(ok.exit_code, 0) << ok.err;
        const auto j = nlohmann::json::parse(ok.out);
        EXPECT_EQ(j["schedule"]["liquid"], true) << s;
        EXPECT_EQ(j["schedule"]["strategy"], s);
        EXPECT_EQ(j["schedule"]["pivot"], "lowest-index");
        const auto none =
            nlohmann::json::parse(run("schedule --method liquid --json --traffic " + kExample + " --strategy " + s).out);
        EXPECT_EQ(none["schedule"]["no_liquid_proven"], true) << s;
    }
}

TEST(ScheduleCommand, TextListsFramesAndBottlenecks) {
    const CommandResult r = run("schedule --method liquid");
    ASSERT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("6 frames (liquid, proven optimal)"), std::string::npos);
    EXPECT_NE(r.out.find("[2/2: lab lba]"), std::string::npos);
}

TEST(ScheduleCommand, BadInputExitsTwo) {
    EXPECT_EQ(run("schedule --method fastest").exit_code, 2);
    EXPECT_EQ(run("schedule --strategy remainder-teams").exit_code, 2);  // --method optimal
    EXPECT_EQ(run("schedule --method liquid --strategy greedy").exit_code, 2);
    EXPECT_EQ(run("schedule --method liquid --pivot sideways").exit_code, 2);
    EXPECT_EQ(run("schedule --time-limit -1").exit_code, 2);
    EXPECT_EQ(run("schedule --time-limit 0").exit_code, 2);
    EXPECT_EQ(run("schedule --wavelengths -3").exit_code, 2);
    EXPECT_EQ(run("schedule --node-limit -1").exit_code, 2);
    EXPECT_EQ(run("schedule --time-limit abc").exit_code, 2);
    EXPECT_EQ(run("schedule --traffic /nonexistent/file.traffic").exit_code, 2);
    const std::string bad = testing::TempDir() + "bad.traffic";
    std::ofstream(bad) << "x1: a b\nx1: c\n";  // duplicate transfer name
    EXPECT_EQ(run("schedule --traffic " + bad).exit_code, 2);
    std::ofstream(bad) << "this line is not a transfer\n";
    EXPECT_EQ(run("schedule --traffic " + bad).exit_code, 2);
}

}  // namespace
