// SimGrid platform export: read back, every link with its rate and every route exactly
// liquid's route, on generated, imported and hand-made networks.
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "io/xml_reader.hpp"
#include "liquid/io/network_export.hpp"
#include "liquid/io/network_spec.hpp"
#include "support/run.hpp"

namespace liquid {
namespace {

using io::XmlElement;
using test::source_path;
using test::temp_file;

XmlElement platform_of(const Network& net, const SimgridOptions& options = {}) {
    std::ostringstream out;
    write_simgrid_platform(out, net, options);
    return io::read_xml_file(temp_file(out.str(), ".xml"));
}

// A SimGrid quantity "<number><unit>" in base units.
double quantity(const std::string& text, const std::string& unit) {
    EXPECT_EQ(text.substr(text.size() - unit.size()), unit) << text;
    return std::stod(text.substr(0, text.size() - unit.size()));
}

// Checks the platform against the network: hosts, links (rate, latency) and routes.
void expect_same_network(const Network& net, const XmlElement& platform, double latency_s) {
    ASSERT_EQ(platform.name, "platform");
    EXPECT_EQ(platform.attributes.at("version"), "4.1");
    ASSERT_EQ(platform.children.size(), 1u);
    const XmlElement& zone = platform.children[0];
    EXPECT_EQ(zone.attributes.at("routing"), "Full");
    EXPECT_EQ(zone.attributes.at("id"), net.name());
    std::vector<std::string> hosts;
    std::set<std::pair<std::string, std::string>> routed;
    int links = 0;
    for (const XmlElement& e : zone.children) {
        if (e.name == "host") {
            hosts.push_back(e.attributes.at("id"));
        } else if (e.name == "link") {
            const auto l = net.find_link(e.attributes.at("id"));
            ASSERT_TRUE(l) << e.attributes.at("id");
            EXPECT_EQ(*l, links++) << "links in declaration order";
            EXPECT_DOUBLE_EQ(quantity(e.attributes.at("bandwidth"), "Bps"), net.link_rate(*l));
            EXPECT_DOUBLE_EQ(quantity(e.attributes.at("latency"), "s"), latency_s);
            EXPECT_EQ(e.attributes.at("sharing_policy"), "SHARED");
        } else {
            ASSERT_EQ(e.name, "route");
            const std::string& src = e.attributes.at("src");
            const std::string& dst = e.attributes.at("dst");
            EXPECT_EQ(e.attributes.at("symmetrical"), "NO");
            EXPECT_TRUE(routed.emplace(src, dst).second) << "two routes " << src << " -> " << dst;
            std::vector<std::string> want, got;
            for (int l : net.route(*net.find_node(src), *net.find_node(dst))) want.push_back(net.link(l).name);
            for (const XmlElement& c : e.children) got.push_back(c.attributes.at("id"));
            EXPECT_EQ(got, want) << src << " -> " << dst;
        }
    }
    EXPECT_EQ(links, net.link_count());
    std::vector<std::string> want_hosts;
    for (int h : net.hosts()) want_hosts.push_back(net.node(h).name);
    EXPECT_EQ(hosts, want_hosts);
    for (int s : net.hosts())
        for (int d : net.hosts()) {
            if (s != d) {
                EXPECT_TRUE(routed.count({net.node(s).name, net.node(d).name})) << net.node(s).name;
            }
        }
}

TEST(SimgridPlatform, GeneratedNetworksKeepEveryLinkAndRoute) {
    for (const char* spec : {"torus:3x3", "mesh:3x2", "fat-tree:4,2", "hypercube:3", "chordal-ring:8,3", "swiss-t1"})
        expect_same_network(make_network(spec), platform_of(make_network(spec)), 1e-6);
}

TEST(SimgridPlatform, ImportedFabricsKeepTheirRoutingTables) {
    // OpenSM's forwarding tables over parallel cables, and Slurm's up/down tree.
    const Network ib = make_network("ibnetdiscover:" + source_path("tests/data/ib/topology.txt") + "," +
                                    source_path("tests/data/ib/ftree-lfts.dump"));
    expect_same_network(ib, platform_of(ib, {2.5e-7, 1e9}), 2.5e-7);
    const Network slurm = make_network("slurm:" + source_path("tests/data/formats/topology.conf"));
    expect_same_network(slurm, platform_of(slurm), 1e-6);
}

TEST(SimgridPlatform, RatesSurviveExactlyAndTheZoneNameIsEscaped) {
    // Node and link names are plain (name_check.hpp); the network's name may be anything.
    Network net("a&b <\"net\">", 1.25e8);
    const int x = net.add_host("x.1");
    const int y = net.add_host("y+2");
    const int s = net.add_switch("s_1");
    net.add_link("x-s", x, s, 1e9 / 3);
    net.add_link("s-x", s, x);
    net.add_link("y-s", y, s, 12345.678);
    net.add_link("s-y", s, y, 9.87654321e10);
    expect_same_network(net, platform_of(net), 1e-6);
}

TEST(SimgridPlatform, PairsWithoutARouteAreCountedAndLeftOut) {
    Network net("one-way");
    const int a = net.add_host("a");
    const int b = net.add_host("b");
    const int s = net.add_switch("s");
    net.add_link("a-s", a, s);
    net.add_link("s-b", s, b);
    std::ostringstream out;
    EXPECT_EQ(write_simgrid_platform(out, net), 1);  // b -> a
    const XmlElement p = io::read_xml_file(temp_file(out.str(), ".xml"));
    int routes = 0;
    for (const XmlElement& e : p.children[0].children) routes += e.name == "route";
    EXPECT_EQ(routes, 1);
}

TEST(SimgridPlatform, ExportCommandWritesTheFileAndRejectsBadLatency) {
    const std::string path = temp_file("", ".xml");
    auto r = test::run_liquid("export --format simgrid --network torus:2x2 --latency 2e-6 -o " + path);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    expect_same_network(make_network("torus:2x2"), io::read_xml_file(path), 2e-6);
    r = test::run_liquid("export --format simgrid --network torus:2x2 --latency -1");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("liquid: error: --latency"), std::string::npos) << r.err;
    r = test::run_liquid("export --format simgrid --network two-switch");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("have no route"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace liquid
