// Per-rank plans, built without MPI.
#include <gtest/gtest.h>

#include <set>

#include "liquid/base/error.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/plan/plan.hpp"
#include "liquid/plan/plan_json.hpp"
#include "liquid/traffic/analysis.hpp"
#include "solve_options.hpp"
#include "support/run.hpp"

namespace liquid::plan {
namespace {

using test::fast;

// At most one transfer per directed link per frame: recompute from the network.
void expect_frames_are_simultaneities(const Network& net, const Plan& plan, const std::vector<int>& host_of_rank) {
    for (const auto& frame : plan.frames) {
        std::set<int> used;
        for (const RankPair& p : frame) {
            if (host_of_rank[p.src] == host_of_rank[p.dst]) continue;
            for (int l : net.route(host_of_rank[p.src], host_of_rank[p.dst]))
                EXPECT_TRUE(used.insert(l).second) << net.link(l).name;
        }
    }
}

TEST(Plan, OneRankPerHostOfACrossbarIsLiquid) {
    const Network net = make_crossbar(6);
    const auto hosts = one_rank_per_host(net);
    const PlanResult r = build_plan(net, hosts, fast());
    EXPECT_EQ(r.plan.ranks, 6);
    EXPECT_EQ(r.plan.duration, 5);  // each host link carries its 5 messages
    EXPECT_EQ(r.plan.length(), 5);
    EXPECT_TRUE(r.plan.liquid);
    EXPECT_EQ(verify_plan(r.plan), "");
    EXPECT_EQ(r.plan.hosts.front(), net.node(hosts.front()).name);
    expect_frames_are_simultaneities(net, r.plan, hosts);
}

TEST(Plan, RanksOfOneHostShareItsLinks) {
    // 3 hosts, 2 ranks each: every host uplink carries 2 ranks × 4 remote ranks = 8 messages.
    const Network net = make_crossbar(3);
    const std::vector<int> hosts{net.hosts()[0], net.hosts()[0], net.hosts()[1], net.hosts()[1], net.hosts()[2], net.hosts()[2]};
    const RankTraffic rt = rank_traffic(net, hosts);
    EXPECT_EQ(rt.traffic.size(), 6 * 4);
    EXPECT_EQ(rt.local.size(), 6u);  // 0<->1, 2<->3, 4<->5
    EXPECT_EQ(analyze(rt.traffic).duration, 8);
    const PlanResult r = build_plan(net, hosts, fast());
    EXPECT_EQ(r.plan.duration, 8);
    EXPECT_EQ(r.plan.length(), 8);
    EXPECT_EQ(verify_plan(r.plan), "");
    expect_frames_are_simultaneities(net, r.plan, hosts);
}

TEST(Plan, OneRankPerHostOfAWholeTorusStartsFromItsTranslationOrbits) {
    // The rank traffic keeps the torus's lattice, so the portfolio's first construction
    // (the translation orbits) applies, as it does for `liquid schedule`.
    const Network net = make_torus({6, 6, 6}, true);
    const std::vector<int> hosts = net.hosts();
    const RankTraffic rt = rank_traffic(net, hosts);
    ASSERT_TRUE(rt.traffic.lattice());
    SolveOptions o = fast();
    o.time_limit_s = 2;
    const PlanResult r = build_plan(net, hosts, o);
    EXPECT_EQ(verify_plan(r.plan), "");
    ASSERT_FALSE(r.solve.constructions.empty());
    EXPECT_EQ(r.solve.constructions.front().name, "translation-orbits");
    EXPECT_GT(r.solve.constructions.front().length, 0);
    EXPECT_LE(r.plan.length(), r.solve.constructions.front().length);
}

TEST(Plan, AllRanksOnOneHostNeedNoNetwork) {
    const Network net = make_crossbar(2);
    const std::vector<int> hosts(4, net.hosts()[0]);
    const PlanResult r = build_plan(net, hosts, fast());
    EXPECT_EQ(r.plan.duration, 0);
    EXPECT_EQ(r.plan.length(), 1);
    EXPECT_EQ(verify_plan(r.plan), "");
}

TEST(Plan, TwoSwitchNetworkOfThePapersIsLiquid) {
    // Three and three hosts on two switches with one cable between them (report Fig. 2
    // with hosts that both send and receive): the cable carries 9 messages each way.
    Network net("two-switch-3+3");
    const int a = net.add_switch("sa"), b = net.add_switch("sb");
    std::vector<int> hosts;
    for (int i = 0; i < 6; ++i) {
        hosts.push_back(net.add_host("n" + std::to_string(i)));
        net.add_cable(hosts.back(), i < 3 ? a : b);
    }
    net.add_cable(a, b);
    const PlanResult liquid = build_plan(net, hosts, fast());
    EXPECT_EQ(liquid.plan.duration, 9);
    EXPECT_EQ(liquid.plan.length(), 9);
    EXPECT_TRUE(liquid.plan.liquid);
    const PlanResult rr = build_plan(net, hosts, fast(Method::RoundRobin));
    EXPECT_EQ(verify_plan(rr.plan), "");
    EXPECT_EQ(rr.plan.duration, 9);
    EXPECT_GE(rr.plan.length(), 9);
    expect_frames_are_simultaneities(net, rr.plan, hosts);
}

TEST(Plan, RankPlanListsSendsAndReceives) {
    Plan plan;
    plan.ranks = 3;
    plan.frames = {{{0, 1}, {1, 2}, {2, 0}}, {{0, 2}, {2, 1}, {1, 0}}};
    ASSERT_EQ(verify_plan(plan), "");
    const RankPlan r1 = rank_plan(plan, 1);
    ASSERT_EQ(r1.frames.size(), 2u);
    EXPECT_EQ(r1.frames[0].send_to, std::vector<int>{2});
    EXPECT_EQ(r1.frames[0].recv_from, std::vector<int>{0});
    EXPECT_EQ(r1.frames[1].send_to, std::vector<int>{0});
    EXPECT_EQ(r1.frames[1].recv_from, std::vector<int>{2});
}

TEST(Plan, VerifierNamesTheProblem) {
    Plan plan;
    plan.ranks = 2;
    plan.frames = {{{0, 1}}};
    EXPECT_NE(verify_plan(plan).find("1->0 is in no frame"), std::string::npos);
    plan.frames = {{{0, 1}, {1, 0}}, {{0, 1}}};
    EXPECT_NE(verify_plan(plan).find("appears twice"), std::string::npos);
    plan.frames = {{{0, 0}}};
    EXPECT_NE(verify_plan(plan).find("self-transfer"), std::string::npos);
    plan.frames = {{{0, 2}}};
    EXPECT_NE(verify_plan(plan).find("outside"), std::string::npos);
}

TEST(Plan, JsonRoundTrip) {
    const Network net = make_crossbar(4);
    const Plan plan = build_plan(net, one_rank_per_host(net), fast()).plan;
    const std::string path = test::temp_file(plan_json(plan).dump(), ".json");
    const Plan back = read_plan_json(path);
    EXPECT_EQ(back.ranks, plan.ranks);
    EXPECT_EQ(back.frames, plan.frames);
    EXPECT_EQ(back.hosts, plan.hosts);
    EXPECT_EQ(back.duration, plan.duration);
}

// The names of the links pair i of frame f occupies.
std::vector<std::string> route_names(const Plan& plan, std::size_t f, std::size_t i) {
    std::vector<std::string> names;
    for (int l : plan.links[f][i]) names.push_back(plan.link_names[static_cast<std::size_t>(l)]);
    return names;
}

// A plan file carries its routes, so `links` synchronisation works without the network:
// the same links per pair, and every rank gets the same tokens as from the built plan.
TEST(Plan, JsonCarriesTheRoutes) {
    for (const Network& net : {make_fat_tree(2, 3), make_torus({3, 3}, true)}) {
        const Plan plan = build_plan(net, one_rank_per_host(net), fast()).plan;
        const Plan back = read_plan_json(test::temp_file(plan_json(plan).dump(), ".json"));
        ASSERT_EQ(back.links.size(), plan.frames.size());
        for (std::size_t f = 0; f < plan.frames.size(); ++f)
            for (std::size_t i = 0; i < plan.frames[f].size(); ++i)
                EXPECT_EQ(route_names(back, f, i), route_names(plan, f, i)) << net.name() << " frame " << f;
        const auto built = rank_plans(plan), read = rank_plans(back);
        for (int r = 0; r < plan.ranks; ++r)
            for (std::size_t f = 0; f < plan.frames.size(); ++f) {
                EXPECT_EQ(read[r].frames[f].wait_for, built[r].frames[f].wait_for) << net.name();
                EXPECT_EQ(read[r].frames[f].signal, built[r].frames[f].signal) << net.name();
            }
    }
}

TEST(Plan, JsonRoutesAreChecked) {
    const std::string head = R"({"format": "liquid-plan", "version": 1, "ranks": 3, "frames": [[[0, 1], [1, 2]], )"
                             R"([[1, 0], [2, 1]], [[0, 2]], [[2, 0]]], )";
    auto error = [&](const std::string& tail) {
        try {
            read_plan_json(test::temp_file(head + tail, ".json"));
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    const std::string ok_routes = R"("routes": [[[0, 1], [2, 3]], [[4, 5], [6, 7]], [[0, 3]], [[6, 5]]]})";
    EXPECT_EQ(error(R"("links": ["a", "b", "c", "d", "e", "f", "g", "h"], )" + ok_routes), "accepted");
    // Two pairs of frame 0 on link "b".
    const std::string shared = error(R"("links": ["a", "b", "c", "d", "e", "f", "g", "h"], )"
                                     R"("routes": [[[0, 1], [1, 3]], [[4, 5], [6, 7]], [[0, 3]], [[6, 5]]]})");
    EXPECT_NE(shared.find("frame 0: pair 1->2 shares link b"), std::string::npos) << shared;
    EXPECT_NE(error(R"("links": ["a"], )" + ok_routes).find("/routes/0/0"), std::string::npos);
    EXPECT_NE(error(R"("links": ["a", "b", "c", "d", "e", "f", "g", "h"]})").find("/routes"), std::string::npos);
    EXPECT_NE(error(R"("links": ["a", "b", "c", "d", "e", "f", "g", "h"], "routes": [[[0], [2]]]})").find("routes for 1 frames"),
              std::string::npos);
    EXPECT_NE(error(R"("links": ["a", "b", "c", "d", "e", "f", "g", "h"], )"
                    R"("routes": [[[0, 0], [2, 3]], [[4, 5], [6, 7]], [[0, 3]], [[6, 5]]]})")
                  .find("uses link a twice"),
              std::string::npos);
}

TEST(Plan, JsonErrorsNameThePath) {
    const std::string bad =
        test::temp_file(R"({"format": "liquid-plan", "version": 1, "ranks": 2, "frames": [[[0, 1]]]})", ".json");
    try {
        read_plan_json(bad);
        FAIL() << "accepted a plan without 1->0";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("/frames"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("1->0"), std::string::npos) << e.what();
    }
    const std::string pair =
        test::temp_file(R"({"format": "liquid-plan", "version": 1, "ranks": 2, "frames": [[[0]]]})", ".json");
    EXPECT_THROW(read_plan_json(pair), InputError);
}

TEST(Plan, RankMapFile) {
    const auto hosts = read_rank_map(test::temp_file("# rank host\n1 h1\n0 h0   # first\n\n2 h0\n", ".map"));
    EXPECT_EQ(hosts, (std::vector<std::string>{"h0", "h1", "h0"}));
    EXPECT_THROW(read_rank_map(test::temp_file("0 h0\n2 h1\n", ".map")), InputError);  // rank 1 missing
    EXPECT_THROW(read_rank_map(test::temp_file("0 h0\n0 h1\n", ".map")), InputError);  // twice
    EXPECT_THROW(read_rank_map(test::temp_file("zero h0\n", ".map")), InputError);     // not a number
    EXPECT_THROW(read_rank_map(test::temp_file("0 h0 extra\n", ".map")), InputError);  // extra word
    try {
        read_rank_map(test::temp_file("0 h0\n0 h1\n", ".map"));
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(".map:2"), std::string::npos) << e.what();
    }
}

TEST(Plan, HostsByNameAcceptsQualifiedNamesAndRejectsStrangers) {
    const Network net = make_crossbar(2);
    const auto hosts = hosts_by_name(net, {"h1.cluster.example", "h0"}, "test");
    EXPECT_EQ(hosts, (std::vector<int>{*net.find_node("h1"), *net.find_node("h0")}));
    try {
        hosts_by_name(net, {"h0", "login7"}, "MPI_Get_processor_name");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("rank 1 runs on 'login7'"), std::string::npos) << e.what();
    }
}

TEST(Plan, MscclXmlHasOneGpuPerRankAndEveryChunk) {
    const Network net = make_crossbar(3);
    const Plan plan = build_plan(net, one_rank_per_host(net), fast()).plan;
    const std::string xml = plan_msccl_xml(plan, "liquid");
    EXPECT_NE(xml.find("<algo name=\"liquid\""), std::string::npos);
    EXPECT_NE(xml.find("coll=\"alltoall\""), std::string::npos);
    auto count = [&](const std::string& s) {
        std::size_t n = 0;
        for (std::size_t at = xml.find(s); at != std::string::npos; at = xml.find(s, at + 1)) ++n;
        return n;
    };
    EXPECT_EQ(count("<gpu "), 3u);
    EXPECT_EQ(count("type=\"s\""), 6u);
    EXPECT_EQ(count("type=\"r\""), 6u);
    EXPECT_EQ(count("type=\"cpy\""), 3u);
    EXPECT_EQ(count("<tb "), count("</tb>"));
}

}  // namespace
}  // namespace liquid::plan
