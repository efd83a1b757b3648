// `liquid testbed t1` as a user runs it: exit code 2 on bad input, JSON on stdout.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

namespace {

struct CommandRun {
    int status = -1;
    std::string out;
};

CommandRun run(const std::string& args) {
    const std::string cmd = std::string(LIQUID_BINARY) + " testbed t1 " + args + " 2>/dev/null";
    CommandRun r;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    const int st = pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return r;
}

const std::string kOut = " --out /tmp/liquid-testbed-test";

TEST(TestbedCommand, BadInputExitsWith2) {
    EXPECT_EQ(run("--time-limit 0" + kOut).status, 2);
    EXPECT_EQ(run("--threads -1" + kOut).status, 2);
    EXPECT_EQ(run("--max-categories 0" + kOut).status, 2);
    EXPECT_EQ(run("--allocation 9").status, 2);
    EXPECT_EQ(run("--allocation 44x00000").status, 2);
    EXPECT_EQ(run("--allocation 00000000").status, 2);
    EXPECT_EQ(run("--network /nonexistent/t1.json").status, 2);
    EXPECT_EQ(run("--out /proc/liquid-testbed-cannot-exist --sweep-only").status, 2);
}

TEST(TestbedCommand, SweepOnlyJson) {
    const CommandRun r = run("--sweep-only --json --threads 2 --out /tmp/liquid-testbed-test");
    ASSERT_EQ(r.status, 0);
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["sweep"]["distinct_liquid_throughputs"].get<int>(), 363);
    EXPECT_EQ(j["sweep"]["distinct_multi_switch"].get<int>(), 362);
    EXPECT_EQ(j["sweep"]["by_nodes"].size(), 32U);
}

TEST(TestbedCommand, OneAllocationJson) {
    const CommandRun r = run("--allocation 30000000 --json --max-categories 1000");
    ASSERT_EQ(r.status, 0);
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["transfers"].get<int>(), 9);
    EXPECT_EQ(j["duration"].get<int>(), 3);
    EXPECT_EQ(j["schedule"]["length"].get<int>(), 3);
    EXPECT_TRUE(j["schedule"]["liquid"].get<bool>());
    EXPECT_TRUE(j["verified"].get<bool>());
    EXPECT_EQ(j["schedule"]["frames"].size(), 3U);
}

}  // namespace
