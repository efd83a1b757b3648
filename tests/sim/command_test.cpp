// `liquid simulate` end to end: JSON output on the papers' two-switch example and the
// exit-2 paths for bad input.
#include <gtest/gtest.h>

#include "support/run.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using liquid::test::CommandResult;

CommandResult run(const std::string& args) { return liquid::test::run_liquid(args); }

TEST(SimulateCommand, LiquidScheduleOnTheTwoSwitchExampleReachesTheLiquidThroughput) {
    CommandResult r = run("simulate --network two-switch --size 1e6 --json");
    ASSERT_EQ(r.exit_code, 0);
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["status"], "done");
    EXPECT_EQ(j["frames"], 6);
    EXPECT_EQ(j["transfers"], 25);
    EXPECT_DOUBLE_EQ(j["ratio"].get<double>(), 1.0);
    // 6 frames of 1 MB at 1 Gb/s (125 MB/s).
    EXPECT_NEAR(j["makespan_s"].get<double>(), 6 * 1e6 / 1.25e8, 1e-12);
}

TEST(SimulateCommand, RoundRobinFramesTakeSevenFrameTimes) {
    CommandResult r = run("simulate --network two-switch --size 1e6 --method round-robin --executor frames --json");
    ASSERT_EQ(r.exit_code, 0);
    auto j = nlohmann::json::parse(r.out);
    EXPECT_NEAR(j["makespan_s"].get<double>(), 7 * 1e6 / 1.25e8, 1e-12);
    EXPECT_NEAR(j["ratio"].get<double>(), 6.0 / 7.0, 1e-12);
}

TEST(SimulateCommand, SavedScheduleRoundTrips) {
    CommandResult s = run("schedule --network two-switch --json");
    ASSERT_EQ(s.exit_code, 0);
    const std::string file = testing::TempDir() + "sim_saved_schedule.json";
    std::ofstream(file) << s.out;
    CommandResult r = run("simulate --network two-switch --schedule " + file + " --json");
    ASSERT_EQ(r.exit_code, 0);
    EXPECT_DOUBLE_EQ(nlohmann::json::parse(r.out)["ratio"].get<double>(), 1.0);
    std::ofstream(file) << R"({"schedule": {"frames": [["t1-r1", "nobody"]]}})";
    EXPECT_EQ(run("simulate --network two-switch --schedule " + file).exit_code, 2);
    std::ofstream(file) << "not json";
    EXPECT_EQ(run("simulate --network two-switch --schedule " + file).exit_code, 2);
}

TEST(SimulateCommand, BadInputExitsWithTwo) {
    EXPECT_EQ(run("simulate --method zigzag").exit_code, 2);
    EXPECT_EQ(run("simulate --method dsatur --executor queues").exit_code, 2);
    EXPECT_EQ(run("simulate --executor sideways").exit_code, 2);
    EXPECT_EQ(run("simulate --hop-latency -1").exit_code, 2);
    EXPECT_EQ(run("simulate --schedule /nonexistent/schedule.json").exit_code, 2);
    EXPECT_EQ(run(std::string("simulate --traffic ") + LIQUID_SOURCE_DIR + "/examples/two-switch.traffic --method round-robin")
                  .exit_code,
              2);
    EXPECT_EQ(run("simulate testbed --random-runs 0").exit_code, 2);
}

TEST(SimulateCommand, DeadlockingRoutingExitsWithTwoInsteadOfHanging) {
    // Shift-by-two on a 4-ring of a torus: every message waits for the next one's link.
    const std::string file = testing::TempDir() + "sim_ring.json";
    std::ofstream(file) << R"({"network": "torus:4x2", "size": 1000000, "transfers": [{"from": "h0", "to": "h2"},
        {"from": "h1", "to": "h3"}, {"from": "h2", "to": "h0"}, {"from": "h3", "to": "h1"}]})";
    EXPECT_EQ(run("simulate --traffic-json " + file + " --method fifo --hop-latency 1e-6").exit_code, 2);
    // As a schedule of one transfer per frame nothing congests, so the same traffic runs.
    EXPECT_EQ(run("simulate --traffic-json " + file + " --method dsatur").exit_code, 0);
}

// A demand matrix runs its weighted schedule; the saved schedule file runs the same pieces;
// the equal-size-only options are refused and a sending order still runs on queues.
TEST(SimulateCommand, DemandMatrixRunsItsWeightedScheduleAgainstTheBound) {
    const std::string demand = testing::TempDir() + "sim_demand.csv";
    std::ofstream(demand) << "0,1000000,10,5\n2000000,0,7,300000\n1,2,0,4000000\n50000,60000,70000,0\n";
    const std::string spec = "--network crossbar:4 --demand " + demand;
    CommandResult r = run("simulate " + spec + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    // The busiest link is x-h3, into h3 (column 4): T* = its bytes / 125 MB/s.
    EXPECT_NEAR(j["bound_s"].get<double>(), (5 + 300000 + 4000000) / 1.25e8, 1e-12);
    EXPECT_NEAR(j["makespan_s"].get<double>(), j["planned_time_s"].get<double>(), 1e-12);
    EXPECT_NEAR(j["ratio_to_bound"].get<double>(), j["bound_s"].get<double>() / j["makespan_s"].get<double>(), 1e-12);
    EXPECT_EQ(j["total_bytes"], 7480025);

    CommandResult s = run("schedule " + spec + " --frame-overhead 1e-4 --json");
    ASSERT_EQ(s.exit_code, 0) << s.err;
    const std::string file = testing::TempDir() + "sim_weighted_schedule.json";
    std::ofstream(file) << s.out;
    const auto saved = nlohmann::json::parse(s.out);
    r = run("simulate " + spec + " --schedule " + file + " --frame-overhead 1e-4 --barrier 1e-4 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto k = nlohmann::json::parse(r.out);
    EXPECT_EQ(k["frames"], saved["schedule"]["frames"].size());
    EXPECT_NEAR(k["makespan_s"].get<double>(), saved["time_s"].get<double>() - 1e-4, 1e-9);

    std::ofstream(file) << R"({"schedule": {"frames": [{"pieces": [{"transfer": "h0-h1", "bytes": 0}]}]}})";
    r = run("simulate " + spec + " --schedule " + file);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("/schedule/frames/0/pieces/0/bytes"), std::string::npos) << r.err;
    r = run("simulate " + spec + " --method dsatur");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--weighted-method"), std::string::npos) << r.err;
    r = run("simulate " + spec + " --method round-robin --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["executor"], "queues");
}

TEST(SimulateCommand, TestbedTableOnAFewPatterns) {
    const std::string dir = testing::TempDir() + "sim_testbed";
    CommandResult r = run("simulate testbed --limit 6 --threads 2 --random-runs 2 --json --out " + dir);
    ASSERT_EQ(r.exit_code, 0);
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["patterns"], 6);
    EXPECT_EQ(j["liquid_schedules_found"], 6);
    EXPECT_GE(j["ratio"]["liquid_schedule"]["min"].get<double>(), 0.98);
    std::ifstream csv(dir + "/testbed.csv");
    int lines = 0;
    for (std::string line; std::getline(csv, line);) ++lines;
    EXPECT_EQ(lines, 7);
}

}  // namespace
