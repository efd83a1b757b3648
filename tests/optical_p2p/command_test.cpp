// The `liquid optical p2p` and `liquid optical p2p-tables` commands end to end.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

namespace {

struct CommandRun {
    int code;
    std::string out;
};

CommandRun run(const std::string& args) {
    const std::string cmd = std::string(LIQUID_BINARY) + " " + args + " 2>/dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    std::string out;
    std::array<char, 4096> buf{};
    while (std::size_t n = fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
    const int status = pclose(p);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace

TEST(OpticalP2pCommand, JsonHasSeedResultAndNoCollisions) {
    const CommandRun r = run("optical p2p -D 4 --discipline on-demand --spawn 50% --rounds 300 --seed 5 --json");
    ASSERT_EQ(r.code, 0);
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["parameters"]["seed"], 5);
    EXPECT_EQ(j["parameters"]["spawn"], 32);
    EXPECT_EQ(j["result"]["collisions"], 0);
    EXPECT_GT(j["result"]["mean_rounds"].get<double>(), j["result"]["mean_hops"].get<double>() - 1e-9);
}

TEST(OpticalP2pCommand, DynamicRunComparesWithStatic) {
    const CommandRun r = run("optical p2p --model multi-ring -N 64 --reconfig 1 --hotspot 5% --rounds 300 --json");
    ASSERT_EQ(r.code, 0);
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j.contains("static_baseline"));
    EXPECT_EQ(j["static_baseline"]["reconfigurations"], 0);
}

TEST(OpticalP2pCommand, BadModelOptionsExitTwo) {
    EXPECT_EQ(run("optical p2p --model torus").code, 2);
    EXPECT_EQ(run("optical p2p -D 2").code, 2);
    EXPECT_EQ(run("optical p2p --model multi-ring -N 64 --chords fixed -w 7").code, 2);
    EXPECT_EQ(run("optical p2p --model multi-ring -N 63").code, 2);
    EXPECT_EQ(run("optical p2p --spawn 0").code, 2);
    EXPECT_EQ(run("optical p2p --spawn lots").code, 2);
    EXPECT_EQ(run("optical p2p --hotspot 150%").code, 2);
    EXPECT_EQ(run("optical p2p --discipline chaos").code, 2);
}

TEST(OpticalP2pCommand, BadRunLengthsAndTableOptionsExitTwo) {
    EXPECT_EQ(run("optical p2p --rounds 100 --warmup 100").code, 2);
    EXPECT_EQ(run("optical p2p-tables --dimensions 2").code, 2);
    EXPECT_EQ(run("optical p2p-tables --dimensions 4 --out /proc/no-such-dir").code, 2);
}

TEST(OpticalP2pTables, SideBySideWithThesisValues) {
    const CommandRun r = run("optical p2p-tables --dimensions 4 --rounds 200 --threads 1 --json");
    ASSERT_EQ(r.code, 0);
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["table1"].size(), 1u);
    EXPECT_EQ(j["table1"][0]["thesis"]["cycled"], 21);
    EXPECT_EQ(j["table2"][0]["thesis"]["average_random"], 7);
    EXPECT_EQ(j["table3"][0]["thesis"]["multi_ring"], 7);
    EXPECT_EQ(j["collisions_total"], 0);
    // multi ring beats CCC (§5.8)
    EXPECT_LT(j["table3"][0]["ours"]["multi_ring"].get<double>(), j["table3"][0]["ours"]["ccc_cycled"].get<double>());
}
