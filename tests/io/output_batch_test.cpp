// Multi-file outputs: a run's files appear together with a manifest of
// the run, and a completed run never leaves a previous run's files beside its own.
#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "liquid/base/error.hpp"
#include "liquid/io/output_file.hpp"
#include "liquid/io/sha256.hpp"
#include "support/run.hpp"

namespace liquid {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& tag) {
    const fs::path dir = fs::temp_directory_path() / ("liquid-batch-" + std::to_string(::getpid()) + "-" + tag);
    fs::remove_all(dir);
    return dir;
}

std::vector<std::string> listing(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

TEST(Sha256, KnownDigests) {  // FIPS 180-4 examples, and the padding edge at 55/56 bytes
    EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(sha256_hex(std::string(55, 'x')), "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072");
    EXPECT_EQ(sha256_hex(std::string(56, 'x')), "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e");
}

TEST(OutputBatch, ManifestNamesTheRunAndEachFile) {
    const fs::path dir = fresh_dir("manifest");
    OutputBatch out(dir, {"run", {"simulate", "testbed", "--seed", "7"}, 7});
    out.add("a.csv", "abc");
    out.add("b.json", "{}\n");
    out.commit();
    EXPECT_EQ(listing(dir), (std::vector<std::string>{"a.csv", "b.json", "run-manifest.json"}));
    const auto m = nlohmann::json::parse(test::slurp((dir / "run-manifest.json").string()));
    EXPECT_EQ(m["command_line"], nlohmann::json({"simulate", "testbed", "--seed", "7"}));
    EXPECT_EQ(m["seed"], 7);
    EXPECT_FALSE(m["liquid_version"].get<std::string>().empty());
    ASSERT_EQ(m["files"].size(), 2u);
    EXPECT_EQ(m["files"][0]["name"], "a.csv");
    EXPECT_EQ(m["files"][0]["bytes"], 3);
    EXPECT_EQ(m["files"][0]["sha256"], "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(m["files"][1]["name"], "b.json");
    fs::remove_all(dir);
}

/// A completed first run in `dir`: a.csv and figures.csv with run-manifest.json.
void commit_first_run(const fs::path& dir) {
    OutputBatch first(dir, {"run", {"first"}, std::nullopt});
    first.add("a.csv", "first a\n");
    first.add("figures.csv", "first figures\n");
    first.commit();
}

TEST(OutputBatch, CompletedRunRemovesThePreviousRunsOtherFiles) {
    const fs::path dir = fresh_dir("stale");
    commit_first_run(dir);
    std::ofstream(dir / "notes.txt") << "the user's own file\n";
    OutputBatch second(dir, {"run", {"second"}, std::nullopt});
    second.add("a.csv", "second a\n");
    second.commit();
    // figures.csv belonged to the first run only: keeping it would mix two runs.
    EXPECT_EQ(listing(dir), (std::vector<std::string>{"a.csv", "notes.txt", "run-manifest.json"}));
    EXPECT_EQ(test::slurp((dir / "a.csv").string()), "second a\n");
    const auto m = nlohmann::json::parse(test::slurp((dir / "run-manifest.json").string()));
    EXPECT_EQ(m["command_line"], nlohmann::json({"second"}));
    EXPECT_TRUE(m["seed"].is_null());
    fs::remove_all(dir);
}

TEST(OutputBatch, UncommittedRunLeavesThePreviousRunWhole) {
    const fs::path dir = fresh_dir("uncommitted");
    commit_first_run(dir);
    const std::string manifest = test::slurp((dir / "run-manifest.json").string());
    {
        OutputBatch second(dir, {"run", {"second"}, std::nullopt});
        second.add("a.csv", "second a\n");
    }  // e.g. an exception or a stop before commit()
    EXPECT_EQ(listing(dir), (std::vector<std::string>{"a.csv", "figures.csv", "run-manifest.json"}));
    EXPECT_EQ(test::slurp((dir / "a.csv").string()), "first a\n");
    EXPECT_EQ(test::slurp((dir / "run-manifest.json").string()), manifest);
    fs::remove_all(dir);
}

TEST(OutputBatch, ManifestCannotReachOutsideTheDirectory) {
    const fs::path dir = fresh_dir("outside");
    fs::create_directories(dir / "sub");
    const fs::path victim = dir.string() + "-victim.txt";
    std::ofstream(victim) << "keep\n";
    std::ofstream(dir / "sub" / "x") << "keep\n";
    std::ofstream(dir / "run-manifest.json") << R"({"files": [{"name": "../)" << victim.filename().string()
                                             << R"("}, {"name": "sub/x"}, {"name": ".."}, {"name": "sub"}]})";
    OutputBatch out(dir, {"run", {}, std::nullopt});
    out.add("a.csv", "a\n");
    out.commit();
    EXPECT_TRUE(fs::exists(victim));
    EXPECT_TRUE(fs::exists(dir / "sub" / "x"));
    fs::remove(victim);
    fs::remove_all(dir);
}

TEST(OutputBatch, UnreadableManifestIsReplaced) {
    const fs::path dir = fresh_dir("garbage");
    fs::create_directories(dir);
    std::ofstream(dir / "run-manifest.json") << "not json";
    std::ofstream(dir / "old.csv") << "old\n";
    OutputBatch out(dir, {"run", {}, std::nullopt});
    out.add("a.csv", "a\n");
    out.commit();
    EXPECT_TRUE(fs::exists(dir / "old.csv"));  // not known to be liquid's: left alone
    EXPECT_EQ(nlohmann::json::parse(test::slurp((dir / "run-manifest.json").string()))["files"].size(), 1u);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace liquid
