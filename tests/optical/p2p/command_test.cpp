// The `liquid optical p2p` and `liquid optical p2p-tables` commands end to end.
#include <gtest/gtest.h>

#include "support/run.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace {

using liquid::test::CommandResult;

CommandResult run(const std::string& args) { return liquid::test::run_liquid(args); }

}  // namespace

TEST(OpticalP2pCommand, JsonHasSeedResultAndNoCollisions) {
    const CommandResult r = run("optical p2p -D 4 --discipline on-demand --spawn 50% --rounds 300 --seed 5 --json");
    ASSERT_EQ(r.exit_code, 0);
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["parameters"]["seed"], 5);
    EXPECT_EQ(j["parameters"]["spawn"], 32);
    EXPECT_EQ(j["result"]["collisions"], 0);
    EXPECT_GT(j["result"]["mean_rounds"].get<double>(), j["result"]["mean_hops"].get<double>() - 1e-9);
}

TEST(OpticalP2pCommand, DynamicRunComparesWithStatic) {
    const CommandResult r = run("optical p2p --model multi-ring -N 64 --reconfig 1 --hotspot 5% --rounds 300 --json");
    ASSERT_EQ(r.exit_code, 0);
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j.contains("static_baseline"));
    EXPECT_EQ(j["static_baseline"]["reconfigurations"], 0);
}

// --mmir 0 means no cap; the title once printed "MMIR 0", which reads as "nothing may pass".
TEST(OpticalP2pCommand, MmirZeroIsPrintedAsUnlimited) {
    const CommandResult r = run("optical p2p -D 4 --discipline on-demand --mmir 0 --rounds 100 --seed 1");
    ASSERT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("MMIR unlimited"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("MMIR 0"), std::string::npos) << r.out;
    const CommandResult capped = run("optical p2p -D 4 --mmir 35 --rounds 100 --seed 1");
    ASSERT_EQ(capped.exit_code, 0);
    EXPECT_NE(capped.out.find("MMIR 35 per link"), std::string::npos) << capped.out;
}

TEST(OpticalP2pCommand, BadModelOptionsExitTwo) {
    EXPECT_EQ(run("optical p2p --model torus").exit_code, 2);
    EXPECT_EQ(run("optical p2p -D 2").exit_code, 2);
    EXPECT_EQ(run("optical p2p --model multi-ring -N 64 --chords fixed -w 7").exit_code, 2);
    EXPECT_EQ(run("optical p2p --model multi-ring -N 63").exit_code, 2);
    EXPECT_EQ(run("optical p2p --spawn 0").exit_code, 2);
    EXPECT_EQ(run("optical p2p --spawn lots").exit_code, 2);
    EXPECT_EQ(run("optical p2p --hotspot 150%").exit_code, 2);
    EXPECT_EQ(run("optical p2p --discipline chaos").exit_code, 2);
}

TEST(OpticalP2pCommand, BadRunLengthsAndTableOptionsExitTwo) {
    EXPECT_EQ(run("optical p2p --rounds 100 --warmup 100").exit_code, 2);
    EXPECT_EQ(run("optical p2p-tables --dimensions 2").exit_code, 2);
    EXPECT_EQ(run("optical p2p-tables --dimensions 4 --out /proc/no-such-dir").exit_code, 2);
}

TEST(OpticalP2pTables, SideBySideWithThesisValues) {
    const CommandResult r = run("optical p2p-tables --dimensions 4 --rounds 200 --threads 1 --json");
    ASSERT_EQ(r.exit_code, 0);
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["table1"].size(), 1u);
    EXPECT_EQ(j["table1"][0]["thesis"]["cycled"], 21);
    EXPECT_EQ(j["table2"][0]["thesis"]["average_random"], 7);
    EXPECT_EQ(j["table3"][0]["thesis"]["multi_ring"], 7);
    EXPECT_EQ(j["collisions_total"], 0);
    // multi ring beats CCC (§5.8)
    EXPECT_LT(j["table3"][0]["ours"]["multi_ring"].get<double>(), j["table3"][0]["ours"]["ccc_cycled"].get<double>());
    // §5.9.4: every variant also runs against a moving hot spot, next to its static run
    int moving = 0;
    for (const auto& row : j["dynamic"])
        if (row["hotspot_move"].get<int>() > 0) {
            ++moving;
            EXPECT_GT(row["static_mean_rounds"].get<double>(), 0.0);
        }
    EXPECT_EQ(moving, 4);
}

TEST(OpticalP2pCommand, MovingHotspotOption) {
    const CommandResult r = run("optical p2p --model multi-ring -N 64 --hotspot 5% --hotspot-move 50 --rounds 300 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["parameters"]["hotspot_move"], 50);
    const auto rounds_run = j["result"]["rounds_run"].get<std::uint64_t>();
    EXPECT_EQ(j["result"]["hotspot"]["moves"], (rounds_run - 1) / 50);
    EXPECT_GT(j["result"]["hotspot"]["delivered"].get<std::uint64_t>(), 0u);
    const CommandResult text = run("optical p2p --model multi-ring -N 64 --hotspot 5% --hotspot-move 50 --rounds 300");
    ASSERT_EQ(text.exit_code, 0);
    EXPECT_NE(text.out.find("hot spot moves every 50 rounds"), std::string::npos) << text.out;
    // A moving hot spot without hot-spot traffic is a mistake, not a silent no-op.
    EXPECT_EQ(run("optical p2p --model multi-ring -N 64 --hotspot-move 50").exit_code, 2);
}
