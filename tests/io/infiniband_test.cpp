// InfiniBand import from captured real output (tests/data/ib/README.md): ibnetdiscover
// topology + OpenSM's LFT dump or ibroute output, and the errors a user can run into.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "liquid/base/error.hpp"
#include "liquid/io/infiniband.hpp"
#include "liquid/io/network_import.hpp"
#include "support/route_names.hpp"
#include "support/run.hpp"

namespace liquid {
namespace {

using test::route_names;
using test::slurp;
using test::source_path;
using test::temp_file;

const std::string kTopology = source_path("tests/data/ib/topology.txt");
const std::string kMinhop = source_path("tests/data/ib/minhop-lfts.dump");
const std::string kIbroute = source_path("tests/data/ib/minhop-ibroute.txt");
const std::string kFtree = source_path("tests/data/ib/ftree-lfts.dump");

Network import(const std::string& topo, const std::string& lfts) {
    return ib_network(read_ibnetdiscover(topo), read_forwarding_tables({lfts}));
}

/// Expects InputError whose message names `where` (a file:line prefix) and contains `text`.
template <class F>
void expect_input_error(F&& f, const std::string& where, const std::string& text) {
    try {
        f();
        ADD_FAILURE() << "no error; expected " << text;
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()).rfind(where, 0), 0u) << e.what();
        EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
    }
}

TEST(Infiniband, TopologyNamesHostsAndKeepsParallelCables) {
    IbTopology topo = read_ibnetdiscover(kTopology);
    EXPECT_EQ(topo.nodes.size(), 14u);
    Network net = ib_network(topo, {});
    EXPECT_EQ(net.hosts().size(), 8u);
    EXPECT_EQ(net.switches().size(), 6u);
    EXPECT_EQ(net.node(net.hosts().front()).name, "h0");
    EXPECT_EQ(net.node(net.hosts().back()).name, "h7");
    // 8 host cables + 4 leaves x 2 spines x 2 parallel cables, two directed links each.
    EXPECT_EQ(net.link_count(), 2 * (8 + 16));
    int leaf0_to_spine0 = 0;
    for (int l : net.out_links(*net.find_node("leaf0"))) leaf0_to_spine0 += net.node(net.link(l).to).name == "spine0";
    EXPECT_EQ(leaf0_to_spine0, 2);
    EXPECT_TRUE(net.find_link("leaf0_p3-spine0_p1").has_value());
    EXPECT_TRUE(net.find_link("leaf0_p4-spine0_p2").has_value());
    EXPECT_DOUBLE_EQ(net.default_rate(), 1e9);  // 4xSDR: 4 lanes x 2 Gb/s of data
}

TEST(Infiniband, RoutesFollowTheForwardingTablesPortByPort) {
    Network net = import(kTopology, kMinhop);
    EXPECT_EQ(net.routing().kind(), Routing::Kind::Forwarding);
    // From the dump: leaf0 (LID 1) sends LID 0x0d (h6) out of port 3; spine0 then port 7.
    EXPECT_EQ(route_names(net, "h0", "h6"),
              (std::vector<std::string>{"h0-leaf0_p1", "leaf0_p3-spine0_p1", "spine0_p7-leaf3_p3", "leaf3_p1-h6"}));
    EXPECT_EQ(route_names(net, "h0", "h1"), (std::vector<std::string>{"h0-leaf0_p1", "leaf0_p2-h1"}));
    EXPECT_EQ(route_names(net, "h0", "h0"), (std::vector<std::string>{"h0-leaf0_p1", "leaf0_p1-h0"}));
}

TEST(Infiniband, IbrouteOutputGivesTheSameRoutesAsTheDump) {
    Network a = import(kTopology, kMinhop), b = import(kTopology, kIbroute);
    for (int s : a.hosts())
        for (int d : a.hosts())
            EXPECT_EQ(route_names(a, a.node(s).name, a.node(d).name), route_names(b, a.node(s).name, a.node(d).name));
}

TEST(Infiniband, FtreeSpreadsDestinationsOverParallelCables) {
    Network net = import(kTopology, kFtree);
    std::set<std::string> up_links;
    for (int d : net.hosts())
        if (net.node(d).name != "h0" && net.node(d).name != "h1")
            up_links.insert(net.link(net.route(*net.find_node("h0"), d)[1]).name);
    EXPECT_GT(up_links.size(), 2u) << "ftree should use several of leaf0's four up-links";
}

TEST(Infiniband, ImportSpecAndCommand) {
    Network net = import_network_spec("ibnetdiscover:" + kTopology + "," + kMinhop);
    EXPECT_EQ(net.hosts().size(), 8u);
    auto r = test::run_liquid("analyze --network ibnetdiscover:" + kTopology + "," + kMinhop + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("\"duration\""), std::string::npos);
    auto j = test::run_liquid("network --from ibnetdiscover " + kTopology + " " + kFtree);
    ASSERT_EQ(j.exit_code, 0) << j.err;
    EXPECT_NE(j.out.find("\"forwarding\""), std::string::npos);
}

TEST(Infiniband, MissingEntryNamesSwitchAndLid) {
    // Drops leaf0's entry for LID 0x000d (h6), as OpenSM leaves out an unrouted LID.
    std::string dump = slurp(kMinhop);
    dump = std::regex_replace(dump, std::regex("0x000d 003 # Channel Adapter portguid 0x000000000010000d: 'h6'\n"), "",
                              std::regex_constants::format_first_only);
    std::string path = temp_file(dump, ".dump");
    expect_input_error([&] { import(kTopology, path); }, path + ":1", "switch 'leaf0' (LID 1");
    expect_input_error([&] { import(kTopology, path); }, path + ":1", "no entry for LID 13 ('h6')");
}

TEST(Infiniband, PortLeadingNowhereNamesSwitchLidAndPort) {
    std::string dump = slurp(kMinhop);
    dump = std::regex_replace(dump, std::regex("0x000d 003 #"), "0x000d 009 #", std::regex_constants::format_first_only);
    std::string path = temp_file(dump, ".dump");
    expect_input_error([&] { import(kTopology, path); }, path + ":1", "sends LID 13 ('h6') to port 9, which leads nowhere");
}

TEST(Infiniband, LoopIsReported) {
    // leaf0 sends h6 up to spine0 (port 3); make spine0 send it back down to leaf0.
    std::string dump = slurp(kMinhop);
    auto spine0 = dump.find("('spine0')");
    auto entry = dump.find("0x000d ", spine0);
    ASSERT_NE(entry, std::string::npos);
    dump.replace(entry, 10, "0x000d 001");
    std::string path = temp_file(dump, ".dump");
    expect_input_error([&] { import(kTopology, path); }, path + ":", "the forwarding tables loop");
}

TEST(Infiniband, MalformedInputNamesFileAndLine) {
    std::string topo = slurp(kTopology);
    std::string bad = topo;
    bad.replace(bad.find("[3]\t\"S-"), 3, "[x]");
    std::string path = temp_file(bad, ".txt");
    expect_input_error([&] { read_ibnetdiscover(path); }, path + ":", "is not a port number");
    auto r = test::run_liquid("network --from ibnetdiscover " + path);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(path + ":"), std::string::npos) << r.err;

    std::string truncated = slurp(kMinhop).substr(0, 900);
    std::string tpath = temp_file(truncated, ".dump");
    expect_input_error([&] { read_forwarding_tables({tpath}); }, tpath + ":", "");
    auto t = test::run_liquid("network --from ibnetdiscover " + kTopology + " " + tpath);
    EXPECT_EQ(t.exit_code, 2) << t.err;
}

TEST(Infiniband, CableEndsMustAgree) {
    std::string topo = slurp(kTopology);
    // leaf3 port 3 claims spine0 port 8, which spine0 lists as going to leaf3 port 4.
    topo.replace(topo.find("\"S-0000000000200004\"[7]"), 23, "\"S-0000000000200004\"[8]");
    std::string path = temp_file(topo, ".txt");
    expect_input_error([&] { read_ibnetdiscover(path); }, path + ":", "does not point back");
}

TEST(Infiniband, IbsimTopologyFilesImportWithShortestRouting) {
    Network net = ib_network(read_ibnetdiscover(source_path("tests/data/ib/fat-tree-8.net")), {});
    EXPECT_EQ(net.hosts().size(), 8u);
    EXPECT_EQ(net.routing().kind(), Routing::Kind::Shortest);
    expect_input_error(
        [&] { ib_network(read_ibnetdiscover(source_path("tests/data/ib/fat-tree-8.net")), read_forwarding_tables({kMinhop})); },
        source_path("tests/data/ib/minhop-lfts.dump") + ":1", "is not in the topology");
}

TEST(Infiniband, WithoutForwardingTablesShortestRoutingMustBeAskedFor) {
    // No tables: refused (exit 2) with the fix, from --network and from --from alike.
    for (const std::string& cmd : {"analyze --network ibnetdiscover:" + kTopology, "network --from ibnetdiscover " + kTopology}) {
        auto r = test::run_liquid(cmd);
        EXPECT_EQ(r.exit_code, 2) << cmd;
        EXPECT_NE(r.err.find("liquid: error: ibnetdiscover " + kTopology), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("no forwarding tables"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("routing=shortest"), std::string::npos) << r.err;
    }
    expect_input_error([&] { import_network("ibnetdiscover", {kTopology}); }, "ibnetdiscover " + kTopology,
                       "no forwarding tables");
    // Tables and routing=shortest contradict each other.
    expect_input_error(
        [&] {
            import_network("ibnetdiscover", {kTopology, "routing=shortest", kFtree});
        },
        "ibnetdiscover " + kTopology, "both forwarding tables and routing=shortest");

    // Asked for: shortest paths, and the network says so.
    const Network shortest = import_network_spec("ibnetdiscover:" + kTopology + ",routing=shortest");
    EXPECT_EQ(shortest.routing().kind(), Routing::Kind::Shortest);
    const Network routed = import_network_spec("ibnetdiscover:" + kTopology + "," + kFtree);
    EXPECT_EQ(routed.routing().kind(), Routing::Kind::Forwarding);
    auto r = test::run_liquid("network --from ibnetdiscover " + kTopology + " routing=shortest");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("\"shortest\""), std::string::npos);
    EXPECT_EQ(r.out.find("\"forwarding\""), std::string::npos);
}

}  // namespace
}  // namespace liquid
