// Regression tests of bad input through the built command: every input that
// once crashed, hung or was silently accepted now exits 2 naming the option, file or JSON
// path; write errors exit 2 naming the output; signals stop the work with 130/143.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "child.hpp"
#include "support/run.hpp"
#include "support/sanitized.hpp"

namespace liquid {
namespace {

using test::fresh_dir;
using test::run_liquid;
using test::sanitized_build;
using test::source_path;
using test::temp_file;

/// Expects exit code 2 and `needle` in the error message.
void expect_input_error(const std::string& args, const std::string& needle) {
    const auto r = run_liquid(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(needle), std::string::npos) << args << "\n" << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << args << "\n" << r.err;
}

TEST(HardeningCommand, NumericOptionsMustBeFiniteAndInRange) {
    expect_input_error("simulate --hop-latency nan", "--hop-latency");
    expect_input_error("simulate --overhead inf", "--overhead");
    expect_input_error("simulate --barrier -1", "--barrier");
    expect_input_error("simulate --time-limit 0", "--time-limit");
    expect_input_error("simulate --time-limit -1", "--time-limit");
    expect_input_error("schedule --time-limit nan", "--time-limit");
    for (const char* size : {"nan", "inf", "0", "-5", "1e300"})
        expect_input_error(std::string("analyze --size ") + size, "--size");
    expect_input_error("analyze --rate 0", "--rate");
    expect_input_error("analyze --rate -1", "--rate");
    expect_input_error("analyze --seed -1", "--seed");
    expect_input_error("analyze --count -2", "--count");
    expect_input_error("schedule --node-limit -1", "--node-limit");
    expect_input_error("optical allgather -m 0", "--multicast");
    expect_input_error("testbed t1 --time-limit nan", "--time-limit");
    expect_input_error("simulate testbed --unaware-size inf", "--unaware-size");
}

TEST(HardeningCommand, EmptyValuesAreNotTheDefault) {
    expect_input_error("analyze --network ''", "--network");
    expect_input_error("analyze --traffic ''", "--traffic");
    expect_input_error("analyze --pattern ''", "--pattern");
}

TEST(HardeningCommand, GeneratorOverflowIsAnInputErrorWithTheLimit) {
    expect_input_error("analyze --network fat-tree:2,32", "65536");
    expect_input_error("analyze --network fat-tree:2,31", "65536");
    expect_input_error("analyze --network fat-tree:65536,2 --senders h0,h1,h2", "65536");
}

TEST(HardeningCommand, HugeNameInALinkSetFile) {
    const auto path = temp_file(std::string(30000, 'n') + ": l1 l2\n", ".traffic");
    for (const char* cmd : {"analyze", "schedule", "simulate"})
        expect_input_error(std::string(cmd) + " --traffic " + path, path + ":1");
}

TEST(HardeningCommand, HugeJsonNumberIsAnInputError) {
    const auto path = temp_file(R"({"network": "crossbar:3", "pattern": "all-to-all", "size": -1e400})", ".json");
    expect_input_error("analyze --traffic-json " + path, path);
}

TEST(HardeningCommand, SilentAcceptanceCasesOfTrafficJson) {
    expect_input_error("analyze --traffic-json " + temp_file(R"({"network": "crossbar:3", "transfers": []})", ".json"),
                       "no transfer");
    expect_input_error("analyze --traffic-json " +
                           temp_file(R"({"network": "crossbar:3", "pattern": {"name": "random", "count": 4294967297}})", ".json"),
                       "/count");
    expect_input_error("analyze --traffic-json " +
                           temp_file(R"({"network": "crossbar:3", "pattern": {"name": "random", "count": -4}})", ".json"),
                       "/count");
    expect_input_error("analyze --network " + temp_file(R"({"hosts": ["a b", "c"], "switches": ["s"]})", ".json"), "a b");
}

TEST(HardeningCommand, MisspeltRoutingKeyNoLongerChangesTheResult) {
    const auto j = nlohmann::json::parse(test::slurp(source_path("data/swiss-t1.json")));
    nlohmann::json bad = j;
    bad["routnig"] = bad["routing"];
    bad.erase("routing");
    expect_input_error("analyze --network " + temp_file(bad.dump(), ".json"), "routnig");
}

TEST(HardeningCommand, ByteOrderMarkAndDirectories) {
    const auto bom = temp_file(
        "\xEF\xBB\xBF"
        "a: l1\nb: l1\n",
        ".traffic");
    const auto r = run_liquid("analyze --json --traffic " + bom);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["bottlenecks"], nlohmann::json({"l1"}));
    const std::string dir = std::filesystem::temp_directory_path().string();
    expect_input_error("analyze --traffic " + dir, "is a directory");
    expect_input_error("analyze --traffic-json " + dir, "is a directory");
}

TEST(HardeningCommand, EmptyTrafficIsAnError) { expect_input_error("analyze --network crossbar:1", "no transfer"); }

TEST(HardeningCommand, DuplicateSendersAreAnError) {
    expect_input_error("analyze --network crossbar:4 --senders h1,h2,h1", "listed twice");
}

TEST(HardeningCommand, PermutationOverALargeTorusIsQuick) {
    if (sanitized_build()) GTEST_SKIP() << "Release only: builds a 4 096-switch torus";
    const auto r = run_liquid("traffic --network torus:64x64 --pattern permutation --seed 3");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 4096 + 1);
}

TEST(HardeningCommand, NodeLimitBoundsTheSearchWork) {
    if (sanitized_build()) GTEST_SKIP() << "Release only: a 64-host all-to-all search";
    // Once: nodes stayed at 64 while categories were enumerated until the time limit. The
    // count is what is checked; the time limit only keeps the rest of the portfolio short.
    const auto r = run_liquid("schedule --network torus:8x8 --node-limit 1000 --time-limit 20 --no-sat --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out)["schedule"];
    EXPECT_TRUE(j["verified"].get<bool>());
    EXPECT_LE(j["nodes"].get<long long>(), 1000);
}

TEST(HardeningCommand, TimeLimitHoldsOnLargeFabrics) {
    if (sanitized_build()) GTEST_SKIP() << "Release only: four 1 000-261 000-transfer fabrics, about 12 s";
    // --time-limit bounds the whole scheduling, bounds and constructions included,
    // within the 0.5 s the issue allows (parsing aside: the solver's own elapsed_ms). Once
    // torus:8x8 took 3.5 s for a 2 s limit (the SAT encoding and bliss could not be
    // interrupted). Every phase polls the deadline or runs in a child process it kills, so
    // the margin holds under load too: what overruns is unpolled work, not waiting.
    // torus:8x8x8 (261 632 transfers) with 5 s: once the Kempe insertion took the whole
    // budget and its extra frames, the verification and the output ran past it (building
    // its routes and checking a schedule take about a second there, so 2 s is too short).
    for (const auto& [spec, limit] :
         {std::pair{"torus:8x8", 2}, {"chordal-ring:32,5", 2}, {"fat-tree:4,4", 2}, {"torus:8x8x8", 5}}) {
        const auto r =
            run_liquid(std::string("schedule --network ") + spec + " --time-limit " + std::to_string(limit) + " --json");
        ASSERT_EQ(r.exit_code, 0) << spec << "\n" << r.err;
        const auto j = nlohmann::json::parse(r.out)["schedule"];
        EXPECT_TRUE(j["verified"].get<bool>()) << spec;
        EXPECT_LE(j["elapsed_ms"].get<double>(), limit * 1000.0 + 500.0) << spec;
    }
}

TEST(HardeningOutput, FullDiskOnStdoutIsAnError) {
    test::Child c({"traffic", "--network", "crossbar:64"}, "/dev/full");
    EXPECT_EQ(c.wait(), 2);
    EXPECT_NE(c.err().find("standard output"), std::string::npos) << c.err();
}

TEST(HardeningOutput, ClosedPipeIsAnError) {
    test::Child c({"traffic", "--network", "crossbar:64"}, "");
    EXPECT_EQ(c.wait(), 2);
    EXPECT_NE(c.err().find("standard output"), std::string::npos) << c.err();
}

TEST(HardeningOutput, FullDiskOnAnOutputFileNamesTheFile) {
    const auto r = run_liquid("optical sweep --kind broadcast -n 4:8 -o /dev/full");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("/dev/full"), std::string::npos) << r.err;
}

TEST(HardeningOutput, OutputFileIsReplacedWhole) {
    const auto path = temp_file("previous content\n", ".csv");
    const auto r = run_liquid("optical sweep --kind broadcast -n 4:8 -o " + path);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string csv = test::slurp(path);
    EXPECT_EQ(csv.find("previous"), std::string::npos);
    EXPECT_NE(csv.find("algorithm"), std::string::npos) << csv.substr(0, 200);
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(path).parent_path()))
        EXPECT_EQ(e.path().string().find(path + ".tmp-"), std::string::npos) << "temporary file left: " << e.path();
}

TEST(HardeningSignals, SigintStopsASearchWithTheBestVerifiedSchedule) {
    const auto out = temp_file("", ".json");
    // torus:9x9: its first construction (the translation orbits' first fit, 99 frames) comes
    // within 0.2 s in Release, and no search reaches its bound of 90 in minutes (torus:8x8,
    // liquid in 2.4 s in Release, was once liquid within 5 s in the sanitizer build, since
    // its SAT solver runs uninstrumented). The signal must come after the first
    // construction: stopped before it, the command has nothing to print.
    test::Child c({"schedule", "--network", "torus:9x9", "--method", "optimal", "--time-limit", "600", "--json"}, out);
    const auto after = std::chrono::milliseconds(sanitized_build() ? 8000 : 1500);
    ASSERT_TRUE(c.running_after(after)) << c.err();
    const auto sent = std::chrono::steady_clock::now();
    c.signal(SIGINT);
    EXPECT_EQ(c.wait(), 130) << c.err();
    EXPECT_LT(std::chrono::steady_clock::now() - sent, std::chrono::seconds(30));
    EXPECT_NE(c.err().find("stopped by SIGINT"), std::string::npos) << c.err();
    // What was printed is a complete, verified schedule (the best known one).
    const auto j = nlohmann::json::parse(test::slurp(out));
    EXPECT_TRUE(j["schedule"]["verified"].get<bool>());
    EXPECT_FALSE(j["schedule"]["optimal"].get<bool>());
}

TEST(HardeningSignals, SigtermStopsASweepAndLeavesNoFile) {
    const auto dir = fresh_dir("harden-t1");
    std::ofstream(dir / "t1-summary.json") << "previous run\n";
    test::Child c({"testbed", "t1", "--out", dir.string(), "--time-limit", "60", "--threads", "1", "--json"}, "/dev/null");
    ASSERT_TRUE(c.running_after(std::chrono::milliseconds(1500))) << c.err();
    c.signal(SIGTERM);
    EXPECT_EQ(c.wait(), 143) << c.err();
    EXPECT_NE(c.err().find("stopped by SIGTERM"), std::string::npos) << c.err();
    std::vector<std::string> left;
    for (const auto& e : std::filesystem::directory_iterator(dir)) left.push_back(e.path().filename().string());
    EXPECT_EQ(left, std::vector<std::string>{"t1-summary.json"});
    EXPECT_EQ(test::slurp((dir / "t1-summary.json").string()), "previous run\n");
}

/// Runs `args` writing to DIR/out (by -o, or as its standard output), interrupts it after `after`, and expects exit 130 within
/// a few seconds (not minutes: the work it was doing polls for the stop) and DIR left empty.
void expect_sigint_stops(const std::string& tag, std::vector<std::string> args, bool out_option,
                         std::chrono::milliseconds after) {
    const auto dir = fresh_dir(tag);
    const std::string file = (dir / "out").string();
    if (out_option) args.insert(args.end(), {"-o", file});
    test::Child c(args, out_option ? "/dev/null" : file);
    ASSERT_TRUE(c.running_after(after)) << c.err();
    const auto sent = std::chrono::steady_clock::now();
    c.signal(SIGINT);
    EXPECT_EQ(c.wait(), 130) << c.err();
    EXPECT_LT(std::chrono::steady_clock::now() - sent, std::chrono::seconds(10)) << args[0];
    if (out_option) EXPECT_TRUE(std::filesystem::is_empty(dir)) << args[0];
    else EXPECT_EQ(std::filesystem::file_size(file), 0U) << args[0] << ": nothing partial on standard output";
}

TEST(HardeningSignals, SigintStopsWritingAnExport) {
    // Once the MILP of a 256-host all-to-all (minutes, gigabytes) ran to its end.
    expect_sigint_stops("export", {"export", "--network", "fat-tree:4,4", "--format", "lp"}, true,
                        std::chrono::milliseconds(1500));
}

TEST(HardeningSignals, SigintStopsPrintingALargeNetwork) {
    if (sanitized_build()) GTEST_SKIP() << "Release only: a 4 096-host network";
    // Once the JSON of a 4 096-host fabric (a 225 MB routing table) was rendered in one call.
    expect_sigint_stops("network", {"network", "fat-tree:8,4"}, false, std::chrono::milliseconds(3000));
}

TEST(HardeningSignals, SigintStopsDrawingALargeNetwork) {
    if (sanitized_build()) GTEST_SKIP() << "Release only: a 4 096-node drawing";
    // Once the drawing of a 4 096-node network (a quadratic layout) ignored the signal. The
    // page of hypercube:12 takes about 8 s on the 2-core VM (hypercube:11's 2 s ended before
    // the signal there).
    expect_sigint_stops("report", {"report", "--network", "hypercube:12", "--pattern", "permutation"}, true,
                        std::chrono::milliseconds(2500));
}

TEST(HardeningSignals, SigintStopsASimulationSweep) {
    const auto dir = fresh_dir("harden-sim");
    test::Child c({"simulate", "testbed", "--out", dir.string(), "--threads", "1", "--random-runs", "100", "--json"},
                  "/dev/null");
    ASSERT_TRUE(c.running_after(std::chrono::milliseconds(1500))) << c.err();
    c.signal(SIGINT);
    EXPECT_EQ(c.wait(), 130) << c.err();
    EXPECT_TRUE(std::filesystem::is_empty(dir));
}

}  // namespace
}  // namespace liquid
