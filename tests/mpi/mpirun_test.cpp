// End-to-end runs under mpirun (Release pass only): the executor and the PMPI interposer
// against PMPI_Alltoall(v), the interposer under a plain C program, its fallback path and
// its report file.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>

#include "liquid/net/generators.hpp"
#include "liquid/plan/plan.hpp"
#include "liquid/traffic/analysis.hpp"
#include "support/run.hpp"
#include "support/sanitized.hpp"

namespace liquid::mpi {
namespace {

#ifdef LIQUID_MPI_CHECK
constexpr bool kMpiBuilt = true;
const std::string kCheck = LIQUID_MPI_CHECK, kPlain = LIQUID_MPI_PLAIN, kPmpi = LIQUID_PMPI, kMpirun = LIQUID_MPIRUN;
const std::string kLiquidMpi = LIQUID_MPI_BINARY, kSkewed = LIQUID_MPI_SKEWED;
#else
constexpr bool kMpiBuilt = false;
const std::string kCheck, kPlain, kPmpi, kMpirun, kLiquidMpi, kSkewed;
#endif

#define SKIP_UNLESS_MPI_RUNS()                                                                           \
    do {                                                                                                 \
        if (liquid::test::sanitized_build())                                                             \
            GTEST_SKIP() << "mpirun end-to-end tests run in the Release pass only (LIQUID_SANITIZED=1)"; \
        if (!kMpiBuilt) GTEST_SKIP() << "MPI was not found at configure time: nothing to run";           \
    } while (0)

// mpirun with N ranks on this machine; `env` is a list of -x VAR=value. Ranks yield when
// idle (the CI machine is oversubscribed), and the reference PMPI_Alltoall is pinned to
// the pairwise algorithm: Open MPI 4.1.4's Bruck algorithm (its choice for small blocks)
// corrupts the heap with the strided datatype from 16 ranks on.
test::CommandResult mpirun(int n, const std::string& env, const std::string& program) {
    return test::run_shell("timeout 120 " + kMpirun +
                           " --oversubscribe --allow-run-as-root --mca btl self,vader --mca mpi_yield_when_idle 1" +
                           " --mca coll_tuned_use_dynamic_rules 1 --mca coll_tuned_alltoall_algorithm 2 -np " +
                           std::to_string(n) + " " + env + " " + program);
}

// Ranks r -> host h(r mod hosts) of a crossbar.
std::string rank_map(int ranks, int hosts, const std::string& stranger = "") {
    std::string text;
    for (int r = 0; r < ranks; ++r)
        text +=
            std::to_string(r) + " " + (r == ranks - 1 && !stranger.empty() ? stranger : "h" + std::to_string(r % hosts)) + "\n";
    return test::temp_file(text, ".map");
}

// The interposer with every block size planned (LIQUID_MIN_BYTES=0, no trial against the
// MPI library: LIQUID_TUNE_CALLS=0) unless `env` says otherwise.
std::string preload(const std::string& network, const std::string& map, const std::string& report, int tune_calls = 0) {
    std::string env = "-x LD_PRELOAD=" + kPmpi +
                      " -x LIQUID_TIME_LIMIT=1 -x LIQUID_MIN_BYTES=0 -x LIQUID_TUNE_CALLS=" + std::to_string(tune_calls);
    if (!network.empty()) env += " -x LIQUID_NETWORK=" + network;
    if (!map.empty()) env += " -x LIQUID_RANKMAP=" + map;
    if (!report.empty()) env += " -x LIQUID_REPORT=" + report;
    return env;
}

nlohmann::json read_report(const std::string& path) { return nlohmann::json::parse(test::slurp(path)); }

std::string fresh_cache_dir() {
    static int counter = 0;
    const auto d =
        std::filesystem::temp_directory_path() / ("liquid-cache-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d.string();
}

class Executor : public ::testing::TestWithParam<int> {};

TEST_P(Executor, MatchesPmpiAlltoallForEveryTypeSizeAndCommunicator) {
    SKIP_UNLESS_MPI_RUNS();
    const auto r = mpirun(GetParam(), "", kCheck + " executor 7");
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("failures 0"), std::string::npos) << r.out << r.err;
}

INSTANTIATE_TEST_SUITE_P(Ranks, Executor, ::testing::Values(2, 5, 8, 16, 32));

// Each sync mode as the main one, on plans of several networks (routes with shared links).
class ExecutorSync : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(ExecutorSync, ResultsAreByteIdenticalToPmpiAlltoall) {
    SKIP_UNLESS_MPI_RUNS();
    const auto& [sync, network] = GetParam();
    const auto r = mpirun(9, "", kCheck + " executor 11 " + sync + " " + network);
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("failures 0"), std::string::npos) << r.out << r.err;
}

INSTANTIATE_TEST_SUITE_P(Modes, ExecutorSync,
                         ::testing::Combine(::testing::Values("links", "barrier", "none"),
                                            ::testing::Values("torus:3x3", "hypercube:3", "fat-tree:2,2")));

// Blocks split into messages of at most 1 000 bytes (65 536-byte blocks: 66 pieces, the last
// partial; 28-byte blocks in 12-byte pieces), each sync mode on one network; the strided
// types are not contiguous, so there every rank sends whole blocks.
class ExecutorChunks : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(ExecutorChunks, SplitBlocksAreByteIdenticalToPmpiAlltoall) {
    SKIP_UNLESS_MPI_RUNS();
    const auto& [sync, network] = GetParam();
    const auto r = mpirun(9, "", kCheck + " executor 13 " + sync + " " + network + " 1000");
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("failures 0"), std::string::npos) << r.out << r.err;
}

INSTANTIATE_TEST_SUITE_P(Modes, ExecutorChunks,
                         ::testing::Values(std::tuple("links", "torus:3x3"), std::tuple("barrier", "fat-tree:2,2"),
                                           std::tuple("none", "hypercube:3")));

// Blocks in passes of slices of at most 9 000 bytes (65 536-byte blocks: 8 passes of 8 192
// bytes; the Alltoallv blocks of 0 to 3 units a different number of passes each, so a pair
// sits some passes out), the slices in 1 000-byte pieces or whole, each sync mode.
class ExecutorPasses : public ::testing::TestWithParam<std::tuple<std::string, std::string, std::string>> {};

TEST_P(ExecutorPasses, SlicedBlocksAreByteIdenticalToPmpiAlltoall) {
    SKIP_UNLESS_MPI_RUNS();
    const auto& [sync, network, chunk] = GetParam();
    const auto r = mpirun(9, "", kCheck + " executor 17 " + sync + " " + network + " " + chunk + " 9000");
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("failures 0"), std::string::npos) << r.out << r.err;
}

INSTANTIATE_TEST_SUITE_P(Modes, ExecutorPasses,
                         ::testing::Values(std::tuple("links", "torus:3x3", "1000"), std::tuple("links", "fat-tree:2,2", "0"),
                                           std::tuple("barrier", "hypercube:3", "1000"), std::tuple("none", "torus:3x3", "0")));

class Interposer : public ::testing::TestWithParam<int> {};

TEST_P(Interposer, MatchesPmpiAlltoallAndPlansEveryCommunicator) {
    SKIP_UNLESS_MPI_RUNS();
    const int n = GetParam(), hosts = (n + 1) / 2;
    const std::string report = test::temp_file("", ".json");
    const auto r = mpirun(n, preload("crossbar:" + std::to_string(hosts), rank_map(n, hosts), report), kCheck + " intercepted 3");
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("failures 0"), std::string::npos) << r.out << r.err;
    const auto j = read_report(report);
    // World rank 0 is in world, its parity half, the first three and the parity half made
    // after the two were freed (planned again whatever its handle).
    ASSERT_EQ(j["plans"].size(), 4u) << j.dump(2);
    for (const auto& p : j["plans"]) {
        EXPECT_FALSE(p["fallback"].get<bool>()) << p.dump();
        EXPECT_TRUE(p["liquid"].get<bool>()) << p.dump();  // a crossbar's all-to-all is always liquid
    }
    EXPECT_EQ(j["plans"][0]["ranks"], n);
    EXPECT_EQ(j["call_fallback_reasons"], nlohmann::json::array({"MPI_IN_PLACE is not planned"}));
    EXPECT_GT(j["calls_run_by_plan"].get<long>(), 0);
}

INSTANTIATE_TEST_SUITE_P(Ranks, Interposer, ::testing::Values(5, 16));

TEST(InterposerPlainProgram, RunsTheLiquidPlanOfTheNetwork) {
    SKIP_UNLESS_MPI_RUNS();
    // Eight ranks on the eight hosts of a 2-ary 3-tree.
    const std::string report = test::temp_file("", ".json");
    const auto r = mpirun(8, preload("fat-tree:2,3", rank_map(8, 8), report), kPlain + " 500 3");
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("8 ranks, 500 ints per block, 4 calls: ok"), std::string::npos) << r.out;
    EXPECT_EQ(r.err.find("falls back"), std::string::npos) << r.err;
    const auto j = read_report(report);
    EXPECT_EQ(j["intercepted_calls"], 4);
    EXPECT_EQ(j["alltoall_calls"], 3);
    EXPECT_EQ(j["alltoallv_calls"], 1);
    EXPECT_EQ(j["calls_run_by_plan"], 4);
    ASSERT_EQ(j["plans"].size(), 1u);
    const Network net = make_fat_tree(2, 3);
    const int lambda = analyze(plan::rank_traffic(net, plan::one_rank_per_host(net)).traffic).duration;
    EXPECT_EQ(j["plans"][0]["duration"], lambda);
    EXPECT_GE(j["plans"][0]["length"].get<int>(), lambda);
    EXPECT_EQ(j["plans"][0]["liquid"], j["plans"][0]["length"] == lambda);
    EXPECT_GE(j["plans"][0]["planning_ms"].get<double>(), 0);
}

TEST(InterposerPlainProgram, RunsAPlanFileFromLiquidPlan) {
    SKIP_UNLESS_MPI_RUNS();
    const auto plan = test::run_liquid("plan --network crossbar:4 --method round-robin --json");
    ASSERT_EQ(plan.exit_code, 0) << plan.err;
    const std::string path = test::temp_file(plan.out, ".json"), report = test::temp_file("", ".json");
    const auto r = mpirun(4, preload("", "", report) + " -x LIQUID_PLAN=" + path, kPlain + " 10 1");
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto j = read_report(report);
    EXPECT_EQ(j["plans"][0]["method"], "file");
    EXPECT_EQ(j["calls_run_by_plan"], 2);
}

TEST(InterposerFallback, NoNetworkSaysWhyOnceAndStillComputesTheRightResult) {
    SKIP_UNLESS_MPI_RUNS();
    const std::string report = test::temp_file("", ".json");
    const auto r = mpirun(4, preload("", "", report), kPlain + " 100 3");
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("calls: ok"), std::string::npos) << r.out;
    const std::string says = "falls back to the MPI library's algorithm: LIQUID_NETWORK: not set";
    ASSERT_NE(r.err.find(says), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find(says, r.err.find(says) + 1), std::string::npos) << "said more than once:\n" << r.err;
    const auto j = read_report(report);
    EXPECT_EQ(j["calls_fallen_back"], 4);
    ASSERT_EQ(j["plans"].size(), 1u);
    EXPECT_TRUE(j["plans"][0]["fallback"].get<bool>());
}

TEST(InterposerFallback, RankOnAHostOutsideTheNetwork) {
    SKIP_UNLESS_MPI_RUNS();
    const std::string report = test::temp_file("", ".json");
    const auto r = mpirun(4, preload("crossbar:4", rank_map(4, 4, "login7"), report), kPlain + " 100 1");
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.err.find("rank 3 runs on 'login7', which is not a host of network"), std::string::npos) << r.err;
    const auto j = read_report(report);
    EXPECT_TRUE(j["plans"][0]["fallback"].get<bool>());
    EXPECT_NE(j["plans"][0]["reason"].get<std::string>().find("login7"), std::string::npos);
}

// ---- block sizes, comparison, plan cache, shared memory ----

// The report's entry of `call` with `block` bytes on the first communicator.
nlohmann::json block_entry(const nlohmann::json& report, const std::string& call, long long block) {
    for (const auto& b : report["plans"][0]["blocks"])
        if (b["call"] == call && b["block_bytes"] == block) return b;
    return nullptr;
}

TEST(InterposerMinBytes, SmallBlocksGoToTheMpiLibraryAndTheReportSaysWhy) {
    SKIP_UNLESS_MPI_RUNS();
    const std::string report = test::temp_file("", ".json");
    // 500 ints = 2000-byte blocks: below LIQUID_MIN_BYTES=4096, above 1000.
    auto r = mpirun(6, preload("crossbar:6", rank_map(6, 6), report) + " -x LIQUID_MIN_BYTES=4096", kPlain + " 500 3");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("calls: ok"), std::string::npos) << r.out;
    auto j = read_report(report);
    EXPECT_EQ(j["calls_run_by_plan"], 0);
    EXPECT_EQ(j["calls_fallen_back"], 4);  // the three MPI_Alltoall and the MPI_Alltoallv (blocks of at most 8 bytes)
    EXPECT_EQ(block_entry(j, "alltoallv", 8)["library_calls"], 1);
    const auto b = block_entry(j, "alltoall", 2000);
    ASSERT_FALSE(b.is_null()) << j.dump(2);
    EXPECT_EQ(b["calls"], 3);
    EXPECT_EQ(b["library_calls"], 3);
    EXPECT_EQ(b["liquid_calls"], 0);
    EXPECT_EQ(b["bytes_sent"], 3 * 2000 * 5);
    EXPECT_NE(b["library_because"].get<std::string>().find("LIQUID_MIN_BYTES=4096"), std::string::npos);
    EXPECT_EQ(j["plans"][0]["min_bytes"], 4096);

    r = mpirun(6, preload("crossbar:6", rank_map(6, 6), report) + " -x LIQUID_MIN_BYTES=1000", kPlain + " 500 3");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    j = read_report(report);
    EXPECT_EQ(j["calls_run_by_plan"], 3);
    EXPECT_EQ(j["calls_fallen_back"], 1);
    EXPECT_EQ(block_entry(j, "alltoall", 2000)["liquid_calls"], 3);
}

TEST(InterposerMinBytes, OneHostMeansSharedMemoryAndTheMpiLibrary) {
    SKIP_UNLESS_MPI_RUNS();
    const std::string report = test::temp_file("", ".json");
    const auto r = mpirun(4, preload("crossbar:4", rank_map(4, 1), report), kPlain + " 100 1");
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("calls: ok"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("every rank runs on host 'h0' (shared memory"), std::string::npos) << r.err;
    const auto j = read_report(report);
    EXPECT_TRUE(j["plans"][0]["fallback"].get<bool>());
}

TEST(InterposerCompare, AlternatesLiquidAndTheLibraryAndReportsBothMedians) {
    SKIP_UNLESS_MPI_RUNS();
    const std::string report = test::temp_file("", ".json");
    const auto r = mpirun(8, preload("fat-tree:2,3", rank_map(8, 8), report) + " -x LIQUID_COMPARE=1", kPlain + " 2000 6");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("calls: ok"), std::string::npos) << r.out;
    const auto j = read_report(report);
    EXPECT_EQ(j["calls_run_by_plan"].get<int>() + j["calls_compared"].get<int>(), 7);
    const auto b = block_entry(j, "alltoall", 8000);
    ASSERT_FALSE(b.is_null()) << j.dump(2);
    EXPECT_EQ(b["liquid_calls"], 3);
    EXPECT_EQ(b["library_calls"], 3);
    const double liquid = b["liquid_median_s"], library = b["library_median_s"];
    EXPECT_GT(liquid, 0);
    EXPECT_GT(library, 0);
    EXPECT_DOUBLE_EQ(b["speedup"].get<double>(), library / liquid);
    // The bound: Λ blocks over the most loaded link at the fat tree's 125 MB/s.
    const Network net = make_fat_tree(2, 3);
    const int lambda = analyze(plan::rank_traffic(net, plan::one_rank_per_host(net)).traffic).duration;
    EXPECT_DOUBLE_EQ(b["bound_s"].get<double>(), lambda * 8000 / net.default_rate());
    EXPECT_DOUBLE_EQ(b["liquid_fraction_of_bound"].get<double>(), b["bound_s"].get<double>() / liquid);
    EXPECT_EQ(j["plans"][0]["sync"], "links");
}

// The trial: the first calls of a size class alternate the plan and the library, two of
// each, then every rank runs the faster one (whichever it is on this machine) and times
// the other again on the 8th call after the choice (here the 12th of 13), choosing again.
TEST(InterposerTuning, TriesBothThenEveryRankRunsTheFasterAndChecksAgain) {
    SKIP_UNLESS_MPI_RUNS();
    const std::string report = test::temp_file("", ".json");
    const auto r = mpirun(8, preload("fat-tree:2,3", rank_map(8, 8), report, 2), kPlain + " 2000 13");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("calls: ok"), std::string::npos) << r.out;
    const auto j = read_report(report);
    const auto& plan = j["plans"][0];
    EXPECT_EQ(plan["tune_calls"], 2);
    ASSERT_EQ(plan["tuning"].size(), 2u) << plan.dump(2);
    const auto& t = plan["tuning"][0];  // the 8 000-byte blocks; [1] is the Alltoallv's
    EXPECT_EQ(t["call"], "alltoall");
    EXPECT_EQ(t["blocks_from"], 4096);
    EXPECT_EQ(t["blocks_to"], 8191);
    EXPECT_EQ(t["recent_liquid_calls"], 2);
    EXPECT_EQ(t["recent_library_calls"], 2);
    EXPECT_EQ(t["rechecks"], 1);
    const double liquid = t["liquid_median_s"], library = t["library_median_s"];
    ASSERT_GT(liquid, 0);
    ASSERT_GT(library, 0);
    const bool plan_now = t["choice"] == "liquid", changed = t["changes"] == 1;
    EXPECT_EQ(t["choice"], liquid <= library ? "liquid" : "library");
    // Trial 2 + 2, then 7 calls of the first choice, the re-check's call of the other, and
    // the 13th call of the choice made at the re-check.
    const int first_choice = 2 + 7 + (changed ? 0 : 1), other = 2 + 1 + (changed ? 1 : 0);
    const bool plan_first = plan_now != changed;
    const auto b = block_entry(j, "alltoall", 8000);
    ASSERT_FALSE(b.is_null()) << j.dump(2);
    EXPECT_EQ(b["liquid_calls"], plan_first ? first_choice : other) << t.dump();
    EXPECT_EQ(b["library_calls"], plan_first ? other : first_choice) << t.dump();
    if (!plan_now) {
        EXPECT_NE(b["library_because"].get<std::string>().find("faster in the trial"), std::string::npos);
    }
    const std::string said = std::string("liquid: MPI_Alltoall on 8 ranks, blocks of 4096-8191 bytes: the plan ");
    EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(plan_first ? "): the plan from now on" : "): the MPI library from now on"), std::string::npos) << r.err;
    // The single Alltoallv call (8-byte blocks at most) is the first of its trial: the plan's.
    const auto& v = plan["tuning"][1];
    EXPECT_EQ(v["call"], "alltoallv");
    EXPECT_EQ(v["choice"], "trying");
    EXPECT_EQ(v["recent_liquid_calls"], 1);
    EXPECT_EQ(v["recent_library_calls"], 0);
    EXPECT_EQ(j["calls_run_by_plan"].get<int>() + j["calls_compared"].get<int>() + j["calls_fallen_back"].get<int>(), 14);
}

// The report's times are the slowest rank's: world rank 0 enters each call 300 ms late,
// so its own time is short, but the other ranks wait for its blocks in every call.
TEST(InterposerReport, CallTimesAreTheSlowestRanks) {
    SKIP_UNLESS_MPI_RUNS();
    const std::string report = test::temp_file("", ".json");
    const auto r = mpirun(6, preload("crossbar:6", rank_map(6, 6), report), kPlain + " 1000 3 300");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("calls: ok"), std::string::npos) << r.out;
    const auto b = block_entry(read_report(report), "alltoall", 4000);
    ASSERT_FALSE(b.is_null());
    EXPECT_EQ(b["liquid_calls"], 3);
    EXPECT_GE(b["liquid_median_s"].get<double>(), 0.25) << b.dump();
}

// MPI_Alltoallv on skewed count matrices (mpi_alltoallv_skewed): byte-identical to
// PMPI_Alltoallv for every datatype, each matrix planned once and found in the cache on
// its repeats (also under another datatype of the same byte counts), the non-contiguous
// type on the uniform plan, and a matrix that left the cache planned again.
class InterposerAlltoallv : public ::testing::TestWithParam<std::tuple<int, std::string, int>> {};

TEST_P(InterposerAlltoallv, SkewedCountsAreByteIdenticalAndCached) {
    SKIP_UNLESS_MPI_RUNS();
    const auto [n, network, hosts] = GetParam();
    const std::string report = test::temp_file("", ".json");
    // On torus:3x3 messages go in pieces of at most 1 000 bytes (the weighted plan's ranges
    // too), and the uniform plan's blocks in passes of slices of at most 3 000 bytes.
    const bool small = network == std::string("torus:3x3");
    const std::string chunk = small ? " -x LIQUID_CHUNK_BYTES=1000 -x LIQUID_PASS_BYTES=3000" : "";
    const auto r = mpirun(n, preload(network, rank_map(n, hosts), report) + chunk, kSkewed + " 5 16384");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("checks 31 failures 0"), std::string::npos) << r.out << r.err;
    const auto j = read_report(report);
    EXPECT_EQ(j["plans"][0]["chunk_bytes"], small ? 1000 : 65280);
    EXPECT_EQ(j["plans"][0]["pass_bytes"], small ? 3000 : 262144);
    const auto& v = j["plans"][0]["alltoallv"];
    ASSERT_TRUE(v.is_object()) << j.dump(2);
    EXPECT_EQ(v["noncontiguous_calls"], 6);  // the strided type, twice per family
    EXPECT_NE(r.err.find("liquid: MPI_Alltoallv with a non-contiguous datatype runs the uniform plan"), std::string::npos)
        << r.err;
    EXPECT_GT(v["frame_cost_s"].get<double>(), 0) << v.dump(2);
    // moe, moe in 3-int elements, half-empty, its 3-int twin, hot receiver, its twin; then
    // moe again, dropped from the 4-matrix cache meanwhile.
    ASSERT_EQ(v["matrices"].size(), 7u) << v.dump(2);
    int weighted = 0;
    for (std::size_t i = 0; i < 7; ++i) {
        const auto& m = v["matrices"][i];
        const std::string path = m["path"];
        EXPECT_TRUE(path == "weighted" || path == "uniform") << m.dump();
        weighted += path == "weighted";
        EXPECT_EQ(m["calls"], i == 6 ? 1 : i % 2 == 0 ? 6 : 2) << m.dump();  // byte, int, double share counts
        EXPECT_EQ(m["cache_hits"], m["calls"].get<int>() - 1) << m.dump();
        EXPECT_GE(m["uniform_s"].get<double>(), m["bound_s"].get<double>()) << m.dump();
        EXPECT_GE(m["planned_s"].get<double>(), m["bound_s"].get<double>()) << m.dump();
        if (path == "weighted") {
            EXPECT_LT(m["planned_s"].get<double>(), m["uniform_s"].get<double>()) << m.dump();
            EXPECT_EQ(m["reason"].get<std::string>().rfind("weighted plan: ", 0), 0u) << m.dump();
        }
    }
    EXPECT_GE(weighted, 1) << v.dump(2);  // at least the half-empty matrix packs better than the uniform frames
    EXPECT_NE(r.err.find("liquid: MPI_Alltoallv on " + std::to_string(n) + " ranks, count matrix 1: "), std::string::npos)
        << r.err;
}

INSTANTIATE_TEST_SUITE_P(Networks, InterposerAlltoallv,
                         ::testing::Values(std::make_tuple(6, std::string("crossbar:3"), 3),
                                           std::make_tuple(8, std::string("fat-tree:2,3"), 8),
                                           std::make_tuple(9, std::string("torus:3x3"), 9)));

TEST(InterposerAlltoallv, EverySyncModeIsByteIdentical) {
    SKIP_UNLESS_MPI_RUNS();
    for (const char* sync : {"links", "none"}) {
        const auto r = mpirun(6, preload("crossbar:6", rank_map(6, 6), "") + " -x LIQUID_SYNC=" + sync, kSkewed + " 9 8192");
        EXPECT_EQ(r.exit_code, 0) << sync << r.out << r.err;
        EXPECT_NE(r.out.find("checks 31 failures 0"), std::string::npos) << sync << r.out << r.err;
    }
}

TEST(InterposerAlltoallv, ABadTimeLimitIsRejectedAndTheJobStillFinishesCorrectly) {
    SKIP_UNLESS_MPI_RUNS();
    for (const char* t : {"abc", "0", "-1", "inf"}) {
        const std::string report = test::temp_file("", ".json");
        const auto r =
            mpirun(4, preload("crossbar:4", rank_map(4, 4), report) + " -x LIQUID_V_TIME_LIMIT=" + t, kSkewed + " 3 4096");
        EXPECT_EQ(r.exit_code, 0) << t << r.out << r.err;
        EXPECT_NE(r.out.find("checks 31 failures 0"), std::string::npos) << t << r.out << r.err;
        const std::string line = std::string("liquid: error: LIQUID_V_TIME_LIMIT: '") + t +
                                 "' is not a number of seconds; give a finite number > 0, at most a year (e.g. 0.5)";
        EXPECT_NE(r.err.find(line), std::string::npos) << r.err;
        EXPECT_TRUE(read_report(report)["plans"][0]["fallback"].get<bool>());
    }
}

// A budget too small for any plan: every matrix still runs (the uniform plan, or the best
// weighted plan found before the budget ran out) with the same bytes as PMPI_Alltoallv, and
// the report says the budget ran out.
TEST(InterposerAlltoallv, ABudgetThatRunsOutLeavesTheUniformPlanOrTheBestFoundAndSaysSo) {
    SKIP_UNLESS_MPI_RUNS();
    const std::string report = test::temp_file("", ".json");
    const auto r =
        mpirun(8, preload("fat-tree:2,3", rank_map(8, 8), report) + " -x LIQUID_V_TIME_LIMIT=0.000001", kSkewed + " 5 16384");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("checks 31 failures 0"), std::string::npos) << r.out << r.err;
    const auto j = read_report(report);
    const auto& v = j["plans"][0]["alltoallv"];
    ASSERT_TRUE(v.is_object()) << j.dump(2);
    EXPECT_DOUBLE_EQ(v["v_time_limit_s"].get<double>(), 0.000001);
    EXPECT_EQ(v["v_min_piece"], 65536);
    ASSERT_FALSE(v["matrices"].empty()) << v.dump(2);
    for (const auto& m : v["matrices"]) {
        const std::string path = m["path"], reason = m["reason"];
        EXPECT_NE(reason.find("budget ran out"), std::string::npos) << m.dump();
        if (path == "uniform") EXPECT_EQ(reason.rfind("budget ran out (LIQUID_V_TIME_LIMIT=", 0), 0u) << m.dump();
        else EXPECT_EQ(path, "weighted") << m.dump();
        EXPECT_GE(m["planned_s"].get<double>(), m["bound_s"].get<double>()) << m.dump();
    }
}

TEST(InterposerAlltoallv, BlocksBelowMinBytesGoToTheLibraryWithoutPlanning) {
    SKIP_UNLESS_MPI_RUNS();
    const std::string report = test::temp_file("", ".json");
    const auto r =
        mpirun(4, preload("crossbar:4", rank_map(4, 4), report) + " -x LIQUID_MIN_BYTES=100000000", kSkewed + " 3 4096");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("checks 31 failures 0"), std::string::npos) << r.out << r.err;
    const auto j = read_report(report);
    EXPECT_FALSE(j["plans"][0].contains("alltoallv")) << j.dump(2);
    EXPECT_EQ(j["calls_run_by_plan"], 0);
}

TEST(InterposerPlanCache, TheSecondJobLoadsThePlan) {
    SKIP_UNLESS_MPI_RUNS();
    const std::string dir = fresh_cache_dir() + "/plans";  // created by the first job
    const std::string report = test::temp_file("", ".json");
    const std::string env = preload("torus:3x3", rank_map(9, 9), report) + " -x LIQUID_PLAN_CACHE=" + dir;
    auto r = mpirun(9, env, kPlain + " 300 2");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    auto first = read_report(report);
    EXPECT_EQ(first["plans"][0]["cache"].get<std::string>().rfind("cache miss: planned and stored in " + dir, 0), 0u)
        << first.dump(2);
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir)) files.push_back(e.path());
    ASSERT_EQ(files.size(), 1u);
    EXPECT_EQ(files[0].extension(), ".json");
    r = mpirun(9, env, kPlain + " 300 2");
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("calls: ok"), std::string::npos) << r.out;
    const auto second = read_report(report);
    EXPECT_EQ(second["plans"][0]["cache"], "cache hit: " + files[0].string());
    for (const char* k : {"length", "duration", "liquid"}) EXPECT_EQ(second["plans"][0][k], first["plans"][0][k]) << k;
    EXPECT_EQ(second["calls_run_by_plan"], 3);
    // Another rank-to-host map is another plan.
    r = mpirun(9, preload("torus:3x3", rank_map(9, 3), report) + " -x LIQUID_PLAN_CACHE=" + dir, kPlain + " 300 1");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_report(report)["plans"][0]["cache"].get<std::string>().rfind("cache miss: planned and stored", 0), 0u);
}

// ---- the interposer never hurts a correct job ----

// The job finishes with the right results, rank 0 says `says` on stderr, and the report
// records the fallback.
void expect_fallback(const std::string& env, const std::string& says) {
    const std::string report = test::temp_file("", ".json");
    const auto r = mpirun(4, preload("crossbar:4", rank_map(4, 4), report) + " " + env, kPlain + " 100 1");
    EXPECT_EQ(r.exit_code, 0) << env << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("calls: ok"), std::string::npos) << env << "\n" << r.out;
    EXPECT_NE(r.err.find(says), std::string::npos) << env << "\n" << r.err;
    EXPECT_EQ(r.err.find("underflow"), std::string::npos) << r.err;
    const auto j = read_report(report);
    EXPECT_TRUE(j["plans"][0]["fallback"].get<bool>()) << env;
}

TEST(InterposerEnvironment, BadValuesAreRejectedAndTheJobUsesTheMpiLibrary) {
    SKIP_UNLESS_MPI_RUNS();
    for (const char* t : {"abc", "nan", "-1", "0", "inf", "1e400"})
        expect_fallback(std::string("-x LIQUID_TIME_LIMIT=") + t, std::string("liquid: error: LIQUID_TIME_LIMIT: '") + t +
                                                                      "' is not a number of seconds; give a finite number > 0");
    expect_fallback("-x LIQUID_SYNC=fast",
                    "liquid: error: LIQUID_SYNC: 'fast' is not a synchronisation mode; give links, barrier or none");
    expect_fallback("-x LIQUID_MIN_BYTES=32k", "liquid: error: LIQUID_MIN_BYTES: '32k'");
}

TEST(InterposerEnvironment, DevicesFifosAndDirectoriesAreRefusedNotRead) {
    SKIP_UNLESS_MPI_RUNS();
    expect_fallback("-x LIQUID_NETWORK=/dev/zero", "LIQUID_NETWORK: '/dev/zero' is not a regular file");
    expect_fallback("-x LIQUID_NETWORK=/dev/urandom", "LIQUID_NETWORK: '/dev/urandom' is not a regular file");
    const std::string fifo = test::temp_file("", ".fifo");
    std::filesystem::remove(fifo);
    ASSERT_EQ(test::run_shell("mkfifo " + fifo).exit_code, 0);
    expect_fallback("-x LIQUID_NETWORK=" + fifo, "'" + fifo + "' is not a regular file");
    expect_fallback("-x LIQUID_RANKMAP=/dev/zero", "/dev/zero: this is not a regular file");
    const std::string dir = fresh_cache_dir();
    expect_fallback("-x LIQUID_PLAN=" + dir, dir + ": this is a directory, not a file");
    std::filesystem::remove(fifo);
}

TEST(InterposerEnvironment, APlanThatIsNotUtf8StillGivesAReport) {
    SKIP_UNLESS_MPI_RUNS();
    const std::string plan = test::temp_file("{\"format\": \"liquid-plan\", \"network\": \"a\xff\xfe\"}", ".json");
    expect_fallback("-x LIQUID_PLAN=" + plan, "falls back to the MPI library's algorithm");
    const std::string plan2 = test::temp_file("{\"format\": \"liquid-\xff\", \"version\": 1}", ".json");
    expect_fallback("-x LIQUID_PLAN=" + plan2, "falls back to the MPI library's algorithm");
}

TEST(InterposerEnvironment, AnUnwritableReportIsSaidOnce) {
    SKIP_UNLESS_MPI_RUNS();
    const auto r = mpirun(4, preload("crossbar:4", rank_map(4, 4), "/nonexistent-dir/report.json"), kPlain + " 100 1");
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("calls: ok"), std::string::npos) << r.out;
    const std::string says = "liquid: error: LIQUID_REPORT: cannot write '/nonexistent-dir/report.json'";
    ASSERT_NE(r.err.find(says), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find(says, r.err.find(says) + 1), std::string::npos) << r.err;
}

// ---- liquid-mpi: the testbed experiments split over ranks ----

std::string fresh_dir(const std::string& name) {
    const auto d = std::filesystem::temp_directory_path() / ("liquid-mpi-" + std::to_string(::getpid()) + "-" + name);
    std::filesystem::remove_all(d);
    return d.string();
}

// The CSV without its timing columns (header ends in _ms): solve times differ run to run.
std::string without_times(const std::string& csv) {
    std::istringstream in(csv);
    std::string line, out;
    std::vector<bool> keep;
    while (std::getline(in, line)) {
        std::istringstream cells(line);
        std::vector<std::string> row;
        for (std::string c; std::getline(cells, c, ',');) row.push_back(c);
        if (keep.empty())
            for (const std::string& h : row) keep.push_back(h.size() < 3 || h.substr(h.size() - 3) != "_ms");
        for (std::size_t i = 0; i < row.size(); ++i)
            if (i >= keep.size() || keep[i]) out += row[i] + ",";
        out += "\n";
    }
    return out;
}

class LiquidMpi : public ::testing::TestWithParam<int> {};

TEST_P(LiquidMpi, SimulateTestbedPrintsAndWritesWhatOneProcessDoes) {
    SKIP_UNLESS_MPI_RUNS();
    const std::string args = " simulate testbed --limit 24 --random-runs 2 --threads 1 --out ";
    const std::string one = fresh_dir("sim-1"), many = fresh_dir("sim-" + std::to_string(GetParam()));
    const auto single = test::run_liquid(args + one);
    ASSERT_EQ(single.exit_code, 0) << single.err;
    const auto split = mpirun(GetParam(), "", kLiquidMpi + args + many);
    ASSERT_EQ(split.exit_code, 0) << split.out << split.err;
    std::string expected = single.out;
    for (std::size_t at; (at = expected.find(one)) != std::string::npos;) expected.replace(at, one.size(), many);
    EXPECT_EQ(split.out, expected);
    EXPECT_EQ(test::slurp(many + "/testbed.csv"), test::slurp(one + "/testbed.csv"));
}

TEST_P(LiquidMpi, TestbedT1SchedulesEveryRepresentativeAsOneProcessDoes) {
    SKIP_UNLESS_MPI_RUNS();
    const std::string args = " testbed t1 --limit 40 --no-enumerate --threads 1 --json --out ";
    const std::string one = fresh_dir("t1-1"), many = fresh_dir("t1-" + std::to_string(GetParam()));
    const auto single = test::run_liquid(args + one);
    ASSERT_EQ(single.exit_code, 0) << single.err;
    const auto split = mpirun(GetParam(), "", kLiquidMpi + args + many);
    ASSERT_EQ(split.exit_code, 0) << split.out << split.err;
    const std::string csv = test::slurp(many + "/t1-representatives.csv");
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 41);
    EXPECT_EQ(without_times(csv), without_times(test::slurp(one + "/t1-representatives.csv")));
    const auto j = nlohmann::json::parse(split.out);
    EXPECT_EQ(j["summary"]["representatives"], 40);
    EXPECT_EQ(j["summary"]["verified"], 40);
}

INSTANTIATE_TEST_SUITE_P(Ranks, LiquidMpi, ::testing::Values(2, 3));

TEST(LiquidMpiCommands, OtherCommandsAreNotRunKTimes) {
    SKIP_UNLESS_MPI_RUNS();
    const auto r = mpirun(2, "", kLiquidMpi + " analyze --network crossbar:3");
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("only `testbed t1` and `simulate testbed`"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace liquid::mpi
