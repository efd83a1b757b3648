#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "liquid/base/error.hpp"
#include "liquid/base/stop.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/io/traffic_file.hpp"
#include "liquid/io/traffic_json.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/traffic/patterns.hpp"
#include "support/run.hpp"

namespace liquid {
namespace {

using test::temp_file;

void expect_same_traffic(const Traffic& a, const Traffic& b) {
    ASSERT_EQ(a.size(), b.size());
    for (int i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].name, b[i].name);
        std::vector<std::string> la, lb;
        a[i].links.for_each([&](std::size_t l) { la.push_back(a.link_name(int(l))); });
        b[i].links.for_each([&](std::size_t l) { lb.push_back(b.link_name(int(l))); });
        std::sort(la.begin(), la.end());
        std::sort(lb.begin(), lb.end());
        EXPECT_EQ(la, lb);
        EXPECT_EQ(a[i].size, b[i].size);
    }
}

TEST(Formats, NetworkJsonRoundTrip) {
    for (const char* spec : {"two-switch", "swiss-t1", "fat-tree:2,3", "torus:3x3", "ccc:3"}) {
        Network net = make_network(spec);
        std::string path = temp_file(network_to_json(net).dump(1), ".json");
        Network back = read_network_json(path);
        EXPECT_EQ(network_to_json(back), network_to_json(net)) << spec;
        // Node indices may differ (the file lists hosts first); compare routes by name.
        auto route_names = [](const Network& n, const std::string& a, const std::string& b) {
            std::vector<std::string> v;
            for (int l : n.route(n.find_node(a).value(), n.find_node(b).value())) v.push_back(n.link(l).name);
            return v;
        };
        for (int s : sending_hosts(net))
            for (int r : receiving_hosts(net)) {
                const auto &a = net.node(s).name, &b = net.node(r).name;
                EXPECT_EQ(route_names(back, a, b), route_names(net, a, b));
            }
    }
}

TEST(Formats, LinkSetTrafficRoundTrip) {
    PatternSpec spec;
    spec.include_self = true;
    Traffic t = make_pattern(make_swiss_t1(), spec);
    std::ostringstream out;
    write_traffic(out, t);
    std::istringstream in(out.str());
    Traffic back = parse_traffic(in, "round-trip");
    expect_same_traffic(t, back);
    std::ostringstream again;
    write_traffic(again, back);
    EXPECT_EQ(again.str().substr(again.str().find('\n')), out.str().substr(out.str().find('\n')));
}

TEST(Formats, AStopRequestEndsALinkSetTraffic) {
    const Traffic t = make_pattern(make_swiss_t1(), PatternSpec{});
    request_stop(2);
    std::ostringstream out;
    EXPECT_THROW(write_traffic(out, t), Interrupted);
    clear_stop_request();
    std::ostringstream whole;
    write_traffic(whole, t);
    const std::string text = whole.str();
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), t.size() + 1);
}

TEST(Formats, TrafficJsonRoundTrip) {
    Network net = make_two_switch();
    PatternSpec spec;
    spec.size = 5e6;
    Traffic t = make_pattern(net, spec);
    std::string path = temp_file(traffic_to_json(t, net).dump(1), ".json");
    NetworkTraffic back = read_traffic_json(path, nullptr);
    expect_same_traffic(t, back.traffic);
    EXPECT_EQ(network_to_json(back.network), network_to_json(net));
}

TEST(Formats, TrafficJsonPatternWithRelativeNetwork) {
    NetworkTraffic nt = read_traffic_json(test::source_path("examples/two-switch-alltoall.json"));
    EXPECT_EQ(nt.traffic.size(), 25);
    EXPECT_EQ(nt.traffic[0].size, 5e6);
}

/// Parses `text` as a .traffic file and returns the error message ("" if none).
std::string traffic_error(const std::string& text) {
    std::istringstream in(text);
    try {
        parse_traffic(in, "bad.traffic");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

TEST(Formats, LinkSetTrafficErrorsNameFileAndLine) {
    EXPECT_NE(traffic_error("x1: a\n# c\nx1: b\n").find("bad.traffic:3"), std::string::npos);
    EXPECT_NE(traffic_error("x1: a\n# c\nx1: b\n").find("line 1"), std::string::npos);
    EXPECT_NE(traffic_error("x1: a b\nx2:\n").find("bad.traffic:2"), std::string::npos);
    EXPECT_NE(traffic_error("x1: a b a\n").find("repeated"), std::string::npos);
    EXPECT_NE(traffic_error("x1 a b\n").find("bad.traffic:1"), std::string::npos);
    EXPECT_NE(traffic_error("x 1: a\n").find("bad.traffic:1"), std::string::npos);
    EXPECT_NE(traffic_error("x/1: a\n").find("bad transfer name"), std::string::npos);
    EXPECT_NE(traffic_error("x1: a$\n").find("bad link name"), std::string::npos);
    EXPECT_NE(traffic_error("# only a comment\n").find("no transfer"), std::string::npos);
    EXPECT_EQ(traffic_error("x1: a b # trailing comment\n\n  \nx2: c\n"), "");
}

std::string network_error(const std::string& text) {
    std::string path = temp_file(text, ".json");
    try {
        read_network_json(path);
    } catch (const InputError& e) {
        std::string m = e.what();
        EXPECT_EQ(m.rfind(path, 0), 0u) << m;  // every message starts with the file name
        return m;
    }
    return "";
}

TEST(Formats, NetworkJsonErrorsNameFileAndPath) {
    EXPECT_NE(network_error("{\n \"hosts\": [\"a\",\n}").find(":3:"), std::string::npos);  // syntax: line
    EXPECT_NE(network_error(R"({"hosts":["a","b"],"switches":["s"],"links":[{"from":"a","to":"q"}]})").find("/links/0/to"),
              std::string::npos);
    EXPECT_NE(network_error(R"({"hosts":["a","a"],"links":[]})").find("/hosts/1"), std::string::npos);
    EXPECT_NE(network_error(R"({"hosts":["a","b"],"switches":["s"],"cables":[["a","s"],["b","s"]],"routing":{"type":"ospf"}})")
                  .find("/routing/type"),
              std::string::npos);
    EXPECT_NE(
        network_error(
            R"({"hosts":["a","b"],"switches":["s","t"],"cables":[["a","s"],["b","s"]],"routing":{"type":"table","next_hop":{"s":{"b":"t"}}}})")
            .find("/routing/next_hop/s/b"),
        std::string::npos);
    EXPECT_NE(
        network_error(
            R"({"hosts":["a","b"],"switches":["s","t","u"],"cables":[["a","s"],["b","u"],["s","t"],["t","u"]],"routing":{"type":"table","next_hop":{"s":{"b":"t"},"t":{"b":"s"}}}})")
            .find("loops"),
        std::string::npos);
    EXPECT_NE(
        network_error(
            R"({"hosts":["a","b"],"switches":["s"],"cables":[["a","s"],["b","s"]],"routing":{"type":"paths","paths":[{"from":"a","to":"b","links":["a-s","nope"]}]}})")
            .find("/routing/paths/0/links/1"),
        std::string::npos);
    EXPECT_NE(network_error(R"({"hosts":["a"],"links":[{"from":"a","to":"a","rate":-1}]})").find("/links/0/rate"),
              std::string::npos);
    EXPECT_NE(network_error(R"([1,2])").find("expected an object"), std::string::npos);
    EXPECT_NE(network_error(R"({"switches":["s"]})").find("no hosts"), std::string::npos);
}

std::string traffic_json_error(const std::string& text) {
    std::string path = temp_file(text, ".json");
    try {
        read_traffic_json(path, nullptr);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

TEST(Formats, TrafficJsonErrorsNameFileAndPath) {
    EXPECT_NE(traffic_json_error(R"({"network":"two-switch","transfers":[{"from":"t1","to":"zz"}]})").find("/transfers/0/to"),
              std::string::npos);
    EXPECT_NE(traffic_json_error(R"({"network":"two-switch"})").find("exactly one"), std::string::npos);
    EXPECT_NE(traffic_json_error(R"({"pattern":"all-to-all"})").find("no network"), std::string::npos);
    EXPECT_NE(traffic_json_error(R"({"network":"nowhere.json","pattern":"all-to-all"})").find("/network"), std::string::npos);
    EXPECT_NE(traffic_json_error(R"({"network":"two-switch","pattern":{"name":"gossip"}})").find("unknown pattern"),
              std::string::npos);
    EXPECT_NE(traffic_json_error(R"({"network":"two-switch","transfers":[{"from":"t1","to":"r1","size":0}]})")
                  .find("/transfers/0/size"),
              std::string::npos);
    EXPECT_NE(traffic_json_error(R"({"network":"two-switch","transfers":[{"from":"t1","to":"r1"},{"from":"t1","to":"r1"}]})")
                  .find("/transfers/1"),
              std::string::npos);
}

}  // namespace
}  // namespace liquid
