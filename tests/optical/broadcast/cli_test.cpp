// The `liquid optical broadcast|allgather|sweep` commands: JSON contract, CSV, exit codes.
#include <gtest/gtest.h>

#include "support/run.hpp"

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

namespace {

using liquid::test::CommandResult;

CommandResult run(const std::string& args) { return liquid::test::run_liquid(args); }

}  // namespace

TEST(OpticalCli, BroadcastJsonHasEveryAlgorithm) {
    auto r = run("optical broadcast -n 64 -s 100 --json");
    ASSERT_EQ(r.exit_code, 0);
    auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["algorithms"].size(), 5u);
    for (const auto& a : j["algorithms"]) {
        EXPECT_EQ(a["violation_count"], 0);
        EXPECT_TRUE(a.contains("completion_us"));
        EXPECT_TRUE(a.contains("thesis_form_us"));
        EXPECT_TRUE(a.contains("configuration_changes"));
        EXPECT_TRUE(a.contains("max_messages_per_node"));
    }
    // Ring (algorithm 2) with S = 100 B: 10 ms + 63 * 0.1 ms + 2 ms, as printed in the thesis;
    // its Tc^0.5 is (N-1) S*Tf + 2 S*Td = 6.3 ms + 2 ms.
    EXPECT_DOUBLE_EQ(j["algorithms"][1]["completion_us"].get<double>(), 18300.0);
    EXPECT_DOUBLE_EQ(j["algorithms"][1]["half_optimal_tc_us"]["executor"].get<double>(), 8300.0);
    EXPECT_EQ(j["params"]["nodes"], 64);
}

TEST(OpticalCli, AllgatherJsonRingFacts) {
    auto r = run("optical allgather -n 32 -a ring --json");
    ASSERT_EQ(r.exit_code, 0);
    auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["algorithms"].size(), 1u);
    EXPECT_EQ(j["algorithms"][0]["configuration_changes"], 1);
    EXPECT_EQ(j["algorithms"][0]["max_messages_per_node"], 31);
}

TEST(OpticalCli, SweepWritesCsvAndJson) {
    std::string csv = std::string(::testing::TempDir()) + "optical_sweep_test.csv";
    auto r = run("optical sweep --nodes 8:32 --tc 1ms,10ms --out " + csv + " --json");
    ASSERT_EQ(r.exit_code, 0);
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["rows"].size(), 3u * 2u * 5u);
    std::ifstream f(csv);
    std::string line, header;
    int lines = 0;
    while (std::getline(f, line)) {
        if (lines == 0) header = line;
        ++lines;
    }
    EXPECT_EQ(lines, 1 + 30);
    // One column list writes both: the CSV header names exactly the keys of a JSON row.
    std::set<std::string> csv_columns, json_keys;
    std::istringstream names(header);
    for (std::string name; std::getline(names, name, ',');) csv_columns.insert(name);
    for (const auto& item : j["rows"][0].items()) json_keys.insert(item.key());
    EXPECT_EQ(csv_columns, json_keys);
    std::remove(csv.c_str());
}

TEST(OpticalCli, SweepCsvOnStdout) {
    auto r = run("optical sweep --kind allgather --nodes 8:16 --tc 10ms");
    ASSERT_EQ(r.exit_code, 0);
    std::istringstream in(r.out);
    std::string header;
    std::getline(in, header);
    EXPECT_EQ(header.rfind("kind,number,algorithm,nodes", 0), 0u);
    int rows = 0;
    for (std::string line; std::getline(in, line);) ++rows;
    EXPECT_EQ(rows, 2 * 3);
}

TEST(OpticalCli, BadInputExitsWithTwo) {
    EXPECT_EQ(run("optical broadcast -n 12").exit_code, 2);                         // not a power of two
    EXPECT_EQ(run("optical broadcast --tc 5parsecs").exit_code, 2);                 // bad unit
    EXPECT_EQ(run("optical broadcast --tb 0.5us --no-half-optimal").exit_code, 2);  // Tb < Tf
    EXPECT_EQ(run("optical broadcast -a 9").exit_code, 2);                          // unknown algorithm
    EXPECT_EQ(run("optical allgather -m 20").exit_code, 2);                         // multicast too large
    EXPECT_EQ(run("optical sweep --nodes 8:100").exit_code, 2);                     // not powers of two
    EXPECT_EQ(run("optical allgather -n 4096").exit_code, 2);                       // above the memory cap
    EXPECT_EQ(run("optical broadcast --no-such-option").exit_code, 2);              // CLI11 parse error
}
