// `liquid schedule` and `liquid analyze` on weighted traffics, end to end: the JSON
// contract (time = frames' durations plus one overhead each; pieces deliver every byte),
// the `.traffic` sizes, --demand and the exit code of bad input.
#include <gtest/gtest.h>

#include "support/run.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using liquid::test::CommandResult;

using liquid::test::run_liquid;

std::string temp_file(const std::string& name, const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / name;
    std::ofstream(path) << text;
    return path.string();
}

/// A skewed 6 x 6 demand: row i sends 1 MiB to i+1 and 4 KiB · (j+1) to the others.
std::string demand_csv() {
    std::string csv;
    for (int i = 0; i < 6; ++i) {
        for (int j = 0; j < 6; ++j)
            csv += (j ? "," : "") + std::to_string(i == j ? 0 : j == (i + 1) % 6 ? 1048576 : 4096 * (j + 1));
        csv += "\n";
    }
    return csv;
}

TEST(WeightedCommand, JsonContractOnADemandMatrix) {
    const std::string csv = temp_file("liquid-weighted-demand.csv", demand_csv());
    const CommandResult r = run_liquid("schedule --network crossbar:6 --demand " + csv + " --frame-overhead 1e-5 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    for (const char* k : {"lower_bound_s", "time_s", "optimal", "bound_s", "gap", "candidates", "schedule"})
        EXPECT_TRUE(j.contains(k)) << k;
    double sum = 0;
    std::map<std::string, long long> delivered;
    for (const auto& f : j["schedule"]["frames"]) {
        double longest = 0;
        for (const auto& p : f["pieces"]) {
            delivered[p["transfer"].get<std::string>()] += p["bytes"].get<long long>();
            longest = std::max(longest, p["bytes"].get<double>() / 1.25e8);  // crossbar links: 1.25e8 B/s
        }
        EXPECT_NEAR(f["duration_s"].get<double>(), longest, 1e-12);
        sum += f["duration_s"].get<double>() + 1e-5;
    }
    EXPECT_NEAR(j["time_s"].get<double>(), sum, 1e-9);
    EXPECT_EQ(delivered.size(), 30u);
    EXPECT_EQ(delivered["h0-h1"], 1048576);
    EXPECT_EQ(delivered["h0-h3"], 4096 * 4);
    // h5 receives 1 MiB from h4 and 4 KiB · 6 from h0..h3, the most of any port: T* is
    // that over 1.25e8 B/s.
    EXPECT_NEAR(j["bound_s"].get<double>(), (1048576.0 + 4096 * 24) / 1.25e8, 1e-12);
    EXPECT_GE(j["time_s"].get<double>(), j["lower_bound_s"].get<double>() * (1 - 1e-12));
    for (const auto& c : j["candidates"])
        if (c["applicable"].get<bool>()) {
            EXPECT_LE(j["time_s"].get<double>(), c["time_s"].get<double>()) << c["name"];
        }
    std::filesystem::remove(csv);
}

TEST(WeightedCommand, TrafficFileSizesAndAnalyzeBound) {
    const std::string t =
        temp_file("liquid-weighted.traffic", "x1: l1 l2 @ 4096\nx2: l1 l3 @ 1000\nx3: l4 l2 @ 3000\nx4: l4 l3 @ 500\n");
    const CommandResult s = run_liquid("schedule --traffic " + t + " --json");
    ASSERT_EQ(s.exit_code, 0) << s.err;
    const auto j = nlohmann::json::parse(s.out);
    EXPECT_NEAR(j["time_s"].get<double>(), 7096 / 1.25e8, 1e-15);
    EXPECT_EQ(j["optimal"], true);
    const CommandResult a = run_liquid("analyze --traffic " + t + " --json");
    ASSERT_EQ(a.exit_code, 0) << a.err;
    const auto k = nlohmann::json::parse(a.out);
    EXPECT_NEAR(k["bound_s"].get<double>(), 7096 / 1.25e8, 1e-15);
    EXPECT_EQ(k["byte_bottlenecks"], nlohmann::json::array({"l2"}));
    std::filesystem::remove(t);
}

TEST(WeightedCommand, EqualSizesKeepTodaysJson) {
    const auto j = nlohmann::json::parse(run_liquid("schedule --json").out);
    EXPECT_FALSE(j.contains("time_s"));
    EXPECT_TRUE(j["schedule"].contains("length"));
    EXPECT_FALSE(nlohmann::json::parse(run_liquid("analyze --json").out).contains("bound_s"));
}

TEST(WeightedCommand, BadInputIsExitTwoNamingFileAndLine) {
    const std::string t = temp_file("liquid-weighted-bad.traffic", "x1: l1 l2 @ 4096\nx2: l1 l3 @ -5\n");
    const CommandResult r = run_liquid("schedule --traffic " + t);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("liquid-weighted-bad.traffic:2"), std::string::npos) << r.err;
    const std::string csv = temp_file("liquid-weighted-bad.csv", "0,1\n1,0\n");
    const CommandResult d = run_liquid("schedule --network crossbar:3 --demand " + csv);
    EXPECT_EQ(d.exit_code, 2);
    EXPECT_NE(d.err.find("liquid-weighted-bad.csv:1"), std::string::npos) << d.err;
    const CommandResult m = run_liquid("schedule --traffic " + t + " --frame-overhead -1");
    EXPECT_EQ(m.exit_code, 2);
    EXPECT_NE(m.err.find("--frame-overhead"), std::string::npos) << m.err;
    std::filesystem::remove(t);
    std::filesystem::remove(csv);
}

}  // namespace
