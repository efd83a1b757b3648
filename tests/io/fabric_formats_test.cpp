// Slurm, BookSim2 anynet, GraphML and DOT: import, export and round trips.
#include <gtest/gtest.h>

#include <sstream>

#include "liquid/base/error.hpp"
#include "liquid/io/network_export.hpp"
#include "liquid/io/network_import.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/io/network_spec.hpp"
#include "support/route_names.hpp"
#include "support/run.hpp"

namespace liquid {
namespace {

using test::route_names;
using test::source_path;
using test::temp_file;

TEST(FabricFormats, SlurmTreeWithUpDownRouting) {
    Network net = read_slurm_topology(source_path("tests/data/formats/topology.conf"));
    EXPECT_EQ(net.hosts().size(), 8u);
    EXPECT_EQ(net.switches().size(), 3u);
    EXPECT_TRUE(net.find_node("node01") && net.find_node("node07") && net.find_node("gpu1"));
    EXPECT_EQ(route_names(net, "node01", "node02"), (std::vector<std::string>{"node01-leaf1", "leaf1-node02"}));
    EXPECT_EQ(route_names(net, "node01", "gpu1"),
              (std::vector<std::string>{"node01-leaf1", "leaf1-top", "top-leaf2", "leaf2-gpu1"}));
}

TEST(FabricFormats, SlurmMultiRootTreeClimbsToTheNearestCommonSwitch) {
    std::string conf =
        "SwitchName=l0 Nodes=a[0-1]\nSwitchName=l1 Nodes=b[0-1]\nSwitchName=l2 Nodes=c[0-1]\n"
        "SwitchName=m0 Switches=l[0-1]\nSwitchName=m1 Switches=l[1-2]\nSwitchName=top Switches=m[0-1]\n";
    Network net = read_slurm_topology(temp_file(conf, ".conf"));
    EXPECT_EQ(route_names(net, "a0", "b1").size(), 4u);  // via m0, not via top
    EXPECT_EQ(route_names(net, "a0", "c0").size(), 6u);  // l0 m0 top m1 l2
    EXPECT_EQ(route_names(net, "b0", "c0").size(), 4u);  // via m1
}

TEST(FabricFormats, SlurmErrorsNameTheLine) {
    auto check = [](const std::string& conf, const std::string& text) {
        std::string path = temp_file(conf, ".conf");
        try {
            read_slurm_topology(path);
            ADD_FAILURE() << "accepted: " << conf;
        } catch (const InputError& e) {
            EXPECT_EQ(std::string(e.what()).rfind(path, 0), 0u) << e.what();
            EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
        }
    };
    check("SwitchName=s0 Nodes=n[1-2\n", "'[' without ']'");
    check("SwitchName=s0 Nodes=n[1-2]\nSwitchName=s1 Nodes=n2\n", ":2: node 'n2' is already attached on line 1");
    check("SwitchName=s0 Nodes=n1\nSwitchName=top Switches=s9\n", ":2: switch 's9' is not defined");
    check("SwitchName=s0 Nodes=n[1-2] Foo=1\n", "unknown key 'Foo'");
    check("SwitchName=a Nodes=x Switches=b\nSwitchName=b Switches=c\nSwitchName=c Switches=a\n", "a cycle");
    check("SwitchName=a Nodes=x Switches=b\nSwitchName=b Switches=a\n", "link 'b-a' is declared twice");
    check("SwitchName=a Nodes=x\nSwitchName=b Nodes=y\n", "cannot be reached");
}

TEST(FabricFormats, BooksimAnynetReadAndRoundTrip) {
    Network net = read_booksim_anynet(source_path("tests/data/formats/anynet.txt"));
    EXPECT_EQ(net.hosts().size(), 6u);
    EXPECT_EQ(net.switches().size(), 3u);
    EXPECT_EQ(net.link_count(), 2 * (6 + 3));
    for (const char* spec : {"fat-tree:2,3", "torus:3x3", "hypercube:3", "swiss-t1"}) {
        Network g = make_network(spec);
        std::ostringstream a, b;
        write_booksim_anynet(a, g);
        Network back = read_booksim_anynet(temp_file(a.str(), ".anynet"));
        write_booksim_anynet(b, back);
        EXPECT_EQ(a.str(), b.str()) << spec;
        EXPECT_EQ(back.hosts().size(), g.hosts().size()) << spec;
        EXPECT_EQ(back.switches().size(), g.switches().size()) << spec;
        // Same cabling: host i on router r, and the same router pairs, by number.
        for (std::size_t h = 0; h < g.hosts().size(); ++h) {
            auto sw = [](const Network& n, int host) { return n.link(n.out_links(host).front()).to; };
            auto pos = [](const Network& n, int node) {
                auto s = n.switches();
                return std::find(s.begin(), s.end(), node) - s.begin();
            };
            EXPECT_EQ(pos(back, sw(back, back.hosts()[h])), pos(g, sw(g, g.hosts()[h]))) << spec;
        }
    }
}

TEST(FabricFormats, BooksimErrorsNameTheLine) {
    auto check = [](const std::string& text, const std::string& expect) {
        std::string path = temp_file(text, ".anynet");
        auto r = test::run_liquid("network --from booksim " + path);
        EXPECT_EQ(r.exit_code, 2) << text;
        EXPECT_NE(r.err.find(expect), std::string::npos) << r.err;
    };
    check("router 0 node 0\nrouter 1 node 0\n", ":2: node 0 connects to router 0 and router 1");
    check("router 0 node 0 node 2\n", "node 1 is missing");
    check("router 0 switch 1\n", ":1: expected 'router' or 'node'");
    check("node 0 node 1\n", "connects to node");
}

TEST(FabricFormats, GraphmlZooGetsOneHostPerRouter) {
    Network net = read_graphml(source_path("tests/data/formats/zoo.graphml"));
    EXPECT_EQ(net.switches().size(), 4u);
    EXPECT_EQ(net.hosts().size(), 4u);
    EXPECT_TRUE(net.find_node("h_Geneva").has_value());
    EXPECT_TRUE(net.find_link("Lausanne-Zurich.2").has_value());  // parallel edge kept
    EXPECT_EQ(route_names(net, "h_Geneva", "h_Zurich").size(), 4u);
}

TEST(FabricFormats, GraphmlRoundTripKeepsNodesLinksAndRates) {
    for (const char* spec : {"two-switch", "fat-tree:2,2", "torus:3x3"}) {
        Network g = make_network(spec);
        std::ostringstream out;
        write_graphml(out, g);
        Network back = read_graphml(temp_file(out.str(), ".graphml"));
        auto strip = [](nlohmann::json j) {
            j.erase("routing");
            return j;
        };
        EXPECT_EQ(strip(network_to_json(back)), strip(network_to_json(g))) << spec;
    }
}

TEST(FabricFormats, GraphmlErrorsNameTheLine) {
    std::string path = temp_file("<graphml>\n<graph>\n<node id=\"a\">\n</graph>\n</graphml>\n", ".graphml");
    auto r = test::run_liquid("network --from graphml " + path);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(path + ":4"), std::string::npos) << r.err;
}

TEST(FabricFormats, DotExportRendersWithGraphviz) {
    auto r = test::run_liquid("network fat-tree:2,2 --format dot");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("graph \"fat-tree-2-2\""), std::string::npos);
    if (std::system("command -v dot >/dev/null 2>&1") != 0)
        GTEST_SKIP() << "graphviz 'dot' is not installed (scripts/install-deps.sh installs it)";
    std::string dotfile = temp_file(r.out, ".dot"), svg = dotfile + ".svg";
    ASSERT_EQ(std::system(("dot -Tsvg " + dotfile + " -o " + svg).c_str()), 0);
    EXPECT_NE(test::slurp(svg).find("<svg"), std::string::npos);
    std::remove(svg.c_str());
}

TEST(FabricFormats, DotKeepsParallelCables) {
    std::ostringstream out;
    write_dot(out, read_graphml(source_path("tests/data/formats/zoo.graphml")));
    std::string s = out.str();
    std::size_t edges = 0;
    for (std::size_t p = s.find("\"Lausanne\" -- \"Zurich\""); p != std::string::npos;
         p = s.find("\"Lausanne\" -- \"Zurich\"", p + 1))
        ++edges;
    EXPECT_EQ(edges, 2u);
}

TEST(FabricFormats, NetworkCommandFromAndFormat) {
    auto r = test::run_liquid("network --from slurm " + source_path("tests/data/formats/topology.conf") + " --format booksim");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "router 0 node 0 node 1 node 2 node 3 router 2\nrouter 1 node 4 node 5 node 6 node 7 router 2\nrouter 2\n");
    auto bad = test::run_liquid("network fat-tree:2,2 --from slurm x.conf");
    EXPECT_EQ(bad.exit_code, 2);
    auto unknown = test::run_liquid("network --from nosuch a.txt");
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find("unknown import format"), std::string::npos);
}

}  // namespace
}  // namespace liquid
