#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/run.hpp"

namespace liquid {
namespace {

using test::run_liquid;
using test::source_path;
using test::temp_file;

TEST(AnalyzeCommand, DefaultIsTheTwoSwitchExample) {
    auto r = run_liquid("analyze --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["transfers"], 25);
    EXPECT_EQ(j["links"], 12);
    EXPECT_EQ(j["duration"], 6);
    EXPECT_EQ(j["bottlenecks"], nlohmann::json({"lab", "lba"}));
    EXPECT_NEAR(j["liquid_throughput"].get<double>(), 25.0 / 6.0, 1e-12);
    EXPECT_NEAR(j["liquid_throughput_bytes_per_s"].get<double>() * 8, 4.1667e9, 1e6);
    EXPECT_EQ(j["congestion_graph"]["vertices"], 25);
}

TEST(AnalyzeCommand, KRingAllToAllFromGeneratorAndFromFile) {
    auto a = run_liquid("analyze --network swiss-t1 --self --json");
    auto b = run_liquid("analyze --network " + source_path("data/swiss-t1.json") + " --self --json");
    ASSERT_EQ(a.exit_code, 0) << a.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    auto ja = nlohmann::json::parse(a.out), jb = nlohmann::json::parse(b.out);
    EXPECT_EQ(ja["transfers"], 1024);
    EXPECT_EQ(ja["congestion_graph"]["edges"], 48704);
    EXPECT_EQ(ja["duration"], jb["duration"]);
    EXPECT_EQ(ja["congestion_graph"], jb["congestion_graph"]);
}

TEST(AnalyzeCommand, TextOutputNamesBottlenecks) {
    auto r = run_liquid("analyze --traffic " + source_path("examples/two-switch.traffic"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("bottlenecks:        2 (lab lba)"), std::string::npos) << r.out;
}

TEST(AnalyzeCommand, BadInputExitsWithTwoAndSaysWhere) {
    std::string bad = temp_file("x1: a\nx1: b\n", ".traffic");
    auto r = run_liquid("analyze --traffic " + bad);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(bad + ":2"), std::string::npos) << r.err;
    EXPECT_EQ(run_liquid("analyze --traffic /nonexistent.traffic").exit_code, 2);
    EXPECT_EQ(run_liquid("analyze --network torus:0x3").exit_code, 2);
    EXPECT_EQ(run_liquid("analyze --network two-switch --senders t1,zz").exit_code, 2);
    EXPECT_EQ(run_liquid("analyze --no-such-option").exit_code, 2);
    EXPECT_EQ(run_liquid("analyze --traffic a --traffic-json b").exit_code, 2);
    auto j = run_liquid("analyze --traffic-json " + temp_file("{\"network\": \"two-switch\",", ".json"));
    EXPECT_EQ(j.exit_code, 2);
    EXPECT_NE(j.err.find(":1:"), std::string::npos) << j.err;
}

TEST(ExportCommands, NetworkAndTrafficRoundTripThroughTheCommand) {
    auto net = run_liquid("network two-switch");
    ASSERT_EQ(net.exit_code, 0) << net.err;
    std::string path = temp_file(net.out, ".json");
    auto t = run_liquid("traffic --network " + path);
    ASSERT_EQ(t.exit_code, 0) << t.err;
    std::string tpath = temp_file(t.out, ".traffic");
    auto a = run_liquid("analyze --json --traffic " + tpath);
    auto b = run_liquid("analyze --json --network " + path);
    auto ja = nlohmann::json::parse(a.out), jb = nlohmann::json::parse(b.out);
    EXPECT_EQ(ja["duration"], jb["duration"]);
    EXPECT_EQ(ja["bottlenecks"], jb["bottlenecks"]);
    EXPECT_EQ(ja["congestion_graph"], jb["congestion_graph"]);
}

}  // namespace
}  // namespace liquid
