// The round-trip property: every format liquid writes reads back to the same
// network or traffic, over every generator and pattern and the examples.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "liquid/io/network_json.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/io/round_trip.hpp"
#include "liquid/io/traffic_file.hpp"
#include "liquid/io/traffic_json.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/traffic/patterns.hpp"
#include "support/run.hpp"

namespace liquid {
namespace {

const std::vector<std::string> kSpecs{"two-switch", "swiss-t1",    "crossbar:5", "fat-tree:2,3",    "torus:3x4",
                                      "mesh:2x3x2", "hypercube:3", "ccc:3",      "chordal-ring:9,3"};

TEST(RoundTrip, EveryGeneratedNetworkThroughNetworkJson) {
    for (const auto& spec : kSpecs) EXPECT_EQ(network_json_round_trip(make_network(spec)), "") << spec;
}

TEST(RoundTrip, EveryPatternThroughLinkSetAndTrafficJson) {
    for (const auto& spec : kSpecs) {
        const Network net = make_network(spec);
        for (const std::string pattern : {"all-to-all", "half-to-half", "permutation", "random"}) {
            PatternSpec p;
            p.name = pattern;
            p.seed = 7;
            p.size = pattern == "random" ? 4096.5 : 1.0;
            const Traffic t = make_pattern(net, p);
            EXPECT_EQ(link_set_round_trip(t), "") << spec << " " << pattern;
            EXPECT_EQ(traffic_json_round_trip(t, net), "") << spec << " " << pattern;
        }
    }
}

TEST(RoundTrip, ExamplesReadBackUnchanged) {
    for (const char* file : {"examples/two-switch.traffic", "examples/no-team.traffic", "examples/sched-ring-arcs.traffic"})
        EXPECT_EQ(link_set_round_trip(read_traffic_file(test::source_path(file))), "") << file;
    for (const char* file : {"examples/two-switch.json", "examples/three-host-paths.json"})
        EXPECT_EQ(network_json_round_trip(read_network_json(test::source_path(file))), "") << file;
    for (const char* file :
         {"examples/kring-transfers.json", "examples/two-switch-alltoall.json", "examples/kring-half-to-half.json"}) {
        const auto nt = read_traffic_json(test::source_path(file), nullptr);
        EXPECT_EQ(traffic_json_round_trip(nt.traffic, nt.network), "") << file;
    }
}

TEST(RoundTrip, ForwardingRoutingReadsBack) {
    // Found by the ibnetdiscover fuzz harness: the reader refused its own writer's
    // "out_link" member, so no imported InfiniBand fabric with LFTs could be re-read.
    // Two parallel cables between the switches: the table picks the second one.
    const auto j = nlohmann::json::parse(R"({"name": "lft", "hosts": ["h0", "h1"], "switches": ["s0", "s1"],
        "links": [{"name": "a", "from": "s0", "to": "s1"}, {"name": "b", "from": "s0", "to": "s1"},
                  {"name": "c", "from": "s1", "to": "s0"}],
        "cables": [["h0", "s0"], ["h1", "s1"]],
        "routing": {"type": "forwarding", "out_link": {"s0": {"h1": "b", "h0": "s0-h0"}, "s1": {"h1": "s1-h1", "h0": "c"}}}})");
    const Network net = network_from_json(j, "lft.json");
    const auto route = net.route(*net.find_node("h0"), *net.find_node("h1"));
    ASSERT_EQ(route.size(), 3u);
    EXPECT_EQ(net.link(route[1]).name, "b");
    EXPECT_EQ(network_json_round_trip(net), "");
}

TEST(RoundTrip, DifferenceIsReported) {
    const Network net = make_crossbar(3);
    const Traffic a = make_pattern(net, PatternSpec{});
    PatternSpec other;
    other.include_self = true;
    EXPECT_NE(traffic_difference(a, make_pattern(net, other)), "");
    EXPECT_NE(network_difference(net, make_crossbar(4)), "");
}

}  // namespace
}  // namespace liquid
