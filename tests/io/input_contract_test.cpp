// The input contract: one bounded reader of regular files for every parser, a size check
// on imported fabrics before routing, and no silent acceptance of what an importer or the
// plan reader cannot represent (each case once passed without a word).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "liquid/base/error.hpp"
#include "liquid/base/input_file.hpp"
#include "liquid/io/infiniband.hpp"
#include "liquid/io/network_import.hpp"
#include "liquid/io/traffic_file.hpp"
#include "liquid/plan/plan.hpp"
#include "liquid/plan/plan_json.hpp"
#include "support/run.hpp"

namespace liquid {
namespace {

using test::slurp;
using test::source_path;
using test::temp_file;

/// Expects an InputError whose message contains each of `needles`.
template <class F>
void expect_input_error(F&& f, std::initializer_list<std::string> needles) {
    try {
        f();
        ADD_FAILURE() << "no error; expected " << *needles.begin();
    } catch (const InputError& e) {
        for (const auto& n : needles) EXPECT_NE(std::string(e.what()).find(n), std::string::npos) << e.what();
    }
}

/// Sets an environment variable for the scope of one test.
struct ScopedEnv {
    std::string name;
    ScopedEnv(std::string n, const std::string& value) : name(std::move(n)) { ::setenv(name.c_str(), value.c_str(), 1); }
    ~ScopedEnv() { ::unsetenv(name.c_str()); }
};

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

TEST(InputContract, OnlyRegularFilesAreRead) {
    for (const char* device : {"/dev/zero", "/dev/urandom", "/dev/null"})
        expect_input_error([&] { read_input_file(device); }, {device, "not a regular file"});
    const auto fifo = std::filesystem::temp_directory_path() / ("liquid-fifo-" + std::to_string(::getpid()));
    std::filesystem::remove(fifo);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // A FIFO nobody writes to: opening it must not block.
    expect_input_error([&] { read_input_file(fifo.string()); }, {fifo.string(), "not a regular file"});
    std::filesystem::remove(fifo);
    expect_input_error([&] { read_input_file(std::filesystem::temp_directory_path().string()); }, {"is a directory"});
    expect_input_error([&] { read_input_file("/nonexistent/x.traffic"); }, {"does not exist"});
}

TEST(InputContract, EveryParserGoesThroughTheBoundedReader) {
    expect_input_error([] { read_traffic_file("/dev/zero"); }, {"/dev/zero", "not a regular file"});
    expect_input_error([] { import_network("slurm", {"/dev/zero"}); }, {"/dev/zero", "not a regular file"});
    expect_input_error([] { import_network("booksim", {"/dev/urandom"}); }, {"/dev/urandom", "not a regular file"});
    expect_input_error([] { import_network("graphml", {"/dev/zero"}); }, {"/dev/zero", "not a regular file"});
    expect_input_error([] { read_ibnetdiscover("/dev/zero"); }, {"/dev/zero", "not a regular file"});
    expect_input_error([] { read_forwarding_tables({"/dev/zero"}); }, {"/dev/zero", "not a regular file"});
    expect_input_error([] { plan::read_plan_json("/dev/zero"); }, {"/dev/zero", "not a regular file"});
    expect_input_error([] { plan::read_rank_map("/dev/zero"); }, {"/dev/zero", "not a regular file"});
}

TEST(InputContract, TheSizeLimitHoldsAndCanBeRaised) {
    const auto path = temp_file(std::string(4096, '#') + "\na: l1\n", ".traffic");
    {
        ScopedEnv limit("LIQUID_INPUT_LIMIT", "1000");
        expect_input_error([&] { read_traffic_file(path); }, {path, "input limit of 1000 bytes", "LIQUID_INPUT_LIMIT"});
    }
    {
        ScopedEnv limit("LIQUID_INPUT_LIMIT", "5000");
        EXPECT_EQ(read_traffic_file(path).size(), 1);
    }
    for (const char* bad : {"", "abc", "0", "-5", "1e9", "99999999999999999999999"}) {
        ScopedEnv limit("LIQUID_INPUT_LIMIT", bad);
        expect_input_error([&] { read_traffic_file(path); }, {"LIQUID_INPUT_LIMIT"});
    }
    EXPECT_EQ(input_limit(), kDefaultInputLimit);
}

TEST(InputContract, LargeImportedFabricsFailFastWithTheLimit) {
    // A 10^5-router BookSim chain: a clear error before any routing, not minutes of work.
    std::string chain;
    const int routers = 100000;
    for (int r = 0; r < routers; ++r)
        chain += "router " + std::to_string(r) + " node " + std::to_string(r) +
                 (r + 1 < routers ? " router " + std::to_string(r + 1) : std::string()) + "\n";
    const auto booksim = temp_file(chain, ".anynet");
    expect_input_error([&] { import_network("booksim", {booksim}); }, {booksim, "100000", "at most 65536"});
    // A 10^5-line Slurm tree: a root over 10^5 leaves with one node each.
    std::string slurm = "SwitchName=root Switches=s[0-" + std::to_string(routers - 1) + "]\n";
    for (int s = 0; s < routers; ++s) slurm += "SwitchName=s" + std::to_string(s) + " Nodes=n" + std::to_string(s) + "\n";
    const auto conf = temp_file(slurm, ".conf");
    expect_input_error([&] { import_network("slurm", {conf}); }, {conf, "too many"});
}

TEST(InputContract, ImportersRejectWhatTheyCannotRepresent) {
    const auto topo = slurp(source_path("tests/data/ib/topology.txt"));
    const auto bad_speed = temp_file(replaced(topo, "4xSDR", "4xZZZ"), ".txt");
    expect_input_error([&] { ib_network(read_ibnetdiscover(bad_speed), {}); }, {bad_speed + ":", "4xZZZ", "EDR"});

    // The table of leaf0 (LID 1) under leaf1's GUID: once matched by GUID, silently.
    const auto lfts = slurp(source_path("tests/data/ib/minhop-lfts.dump"));
    const auto wrong_guid =
        temp_file(replaced(lfts, "switch Lid 1 guid 0x0000000000200000", "switch Lid 1 guid 0x0000000000200001"), ".dump");
    expect_input_error(
        [&] { ib_network(read_ibnetdiscover(source_path("tests/data/ib/topology.txt")), read_forwarding_tables({wrong_guid})); },
        {wrong_guid + ":1", "LID 1", "leaf1"});

    const auto speed0 = temp_file("SwitchName=s0 Nodes=n[0-3] LinkSpeed=0\n", ".conf");
    expect_input_error([&] { import_network("slurm", {speed0}); }, {speed0 + ":1", "LinkSpeed=0"});

    const auto twice = temp_file("router 0 node 0 node 0 node 1\n", ".anynet");
    expect_input_error([&] { import_network("booksim", {twice}); }, {twice + ":1", "node 0 is listed again"});

    const std::string head = R"(<?xml version="1.0"?><graphml><graph edgedefault="undirected">)";
    const auto hyper = temp_file(head + R"(<node id="a"/><node id="b"/><node id="c"/><edge source="a" target="b"/>
<hyperedge><endpoint node="a"/><endpoint node="b"/><endpoint node="c"/></hyperedge></graph></graphml>)",
                                 ".graphml");
    expect_input_error([&] { import_network("graphml", {hyper}); }, {hyper + ":2", "hyperedge"});
    const auto nested = temp_file(head + R"(<node id="a"/><node id="b">
<graph edgedefault="undirected"><node id="b1"/></graph></node><edge source="a" target="b"/></graph></graphml>)",
                                  ".graphml");
    expect_input_error([&] { import_network("graphml", {nested}); }, {nested + ":2", "nested <graph>"});
}

TEST(InputContract, GraphmlNamesStayDistinctAfterMangling) {
    // "a b" and "a_b" both become a_b; once both became a_b_a_b ("declared twice").
    const auto path = temp_file(R"(<?xml version="1.0"?><graphml><graph edgedefault="undirected">
<node id="a b"/><node id="a_b"/><node id="a_b_a_b"/><edge source="a b" target="a_b"/><edge source="a_b" target="a_b_a_b"/>
</graph></graphml>)",
                                ".graphml");
    const Network net = import_network("graphml", {path});
    std::set<std::string> names;
    for (int s : net.switches()) names.insert(net.node(s).name);
    EXPECT_EQ(names.size(), 3u);
    EXPECT_EQ(names.count("a_b_a_b"), 1u);  // the id that needs no mangling keeps its name
}

TEST(InputContract, ImportSpecsEscapeCommas) {
    const auto dir = std::filesystem::temp_directory_path() / ("liquid-comma-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto file = dir / "my,file.anynet";
    std::ofstream(file) << "router 0 node 0 node 1\n";
    EXPECT_EQ(import_spec_files("booksim:" + (dir / "my\\,file.anynet").string()), std::vector<std::string>{file.string()});
    EXPECT_EQ(import_network_spec("booksim:" + (dir / "my\\,file.anynet").string()).hosts().size(), 2u);
    EXPECT_EQ(import_spec_files("ibnetdiscover:a\\\\b,c"), (std::vector<std::string>{"a\\b", "c"}));
    expect_input_error([] { import_spec_files("graphml:x\\"); }, {"lone backslash"});
    expect_input_error([] { import_spec_files("graphml:x,,y"); }, {"empty"});
    EXPECT_TRUE(import_spec_files("torus:4x4").empty());
    std::filesystem::remove_all(dir);
}

TEST(InputContract, PlanFilesRejectUnknownMembersLikeEveryJsonInput) {
    const std::string ok = R"({"format": "liquid-plan", "version": 1, "ranks": 2, "frames": [[[0, 1]], [[1, 0]]])";
    EXPECT_EQ(plan::read_plan_json(temp_file(ok + "}", ".json")).ranks, 2);
    EXPECT_EQ(plan::read_plan_json(temp_file(ok + R"(, "x-note": "kept"})", ".json")).ranks, 2);
    const auto typo = temp_file(ok + R"(, "frmaes": []})", ".json");
    expect_input_error([&] { plan::read_plan_json(typo); }, {typo + ": /frmaes", "unknown member"});
    // 2^32 + 1 once wrapped to rank 1.
    const auto wrapped =
        temp_file(R"({"format": "liquid-plan", "version": 1, "ranks": 2, "frames": [[[0, 4294967297]], [[1, 0]]]})", ".json");
    expect_input_error([&] { plan::read_plan_json(wrapped); }, {"/frames/0/0", "4294967297"});
}

}  // namespace
}  // namespace liquid
