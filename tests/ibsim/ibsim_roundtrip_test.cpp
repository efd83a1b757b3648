// End to end against the real InfiniBand stack (Release pass only): a generated fabric
// runs in ibsim, the real OpenSM routes it with one of its engines, ibnetdiscover and
// ibroute capture it (scripts/ibsim-route.sh), and liquid imports the capture. Checked:
// every host pair has a route; every route is a shortest path of the topology; the loads
// `liquid analyze` reports equal an independent count over the dumped LFTs (a separate
// parser in this file); `liquid schedule` prints a verified schedule.
// One ibsim at a time: the tests of this binary share the ctest RESOURCE_LOCK "ibsim".
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "liquid/io/infiniband.hpp"
#include "liquid/plan/plan.hpp"
#include "support/run.hpp"
#include "support/sanitized.hpp"

namespace liquid {
namespace {

namespace fs = std::filesystem;
using test::run_liquid;
using test::slurp;
using test::source_path;

/// A fresh directory removed on every exit path.
struct TempDir {
    fs::path path;
    TempDir() {
        std::string templ = (fs::temp_directory_path() / "liquid-ibsim-XXXXXX").string();
        if (!::mkdtemp(templ.data())) throw std::runtime_error("mkdtemp failed");
        path = templ;
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

bool have(const char* tool) {
    return std::system(("PATH=$PATH:/usr/sbin command -v " + std::string(tool) + " >/dev/null 2>&1").c_str()) == 0;
}

int sh(const std::string& cmd) {
    int status = std::system(cmd.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

// ---- the independent count: its own reading of ibnetdiscover output and the LFT dump ----

struct Capture {
    std::map<std::string, std::string> desc;                                   // node id -> description
    std::map<std::pair<std::string, int>, std::pair<std::string, int>> cable;  // (id, port) -> (peer id, peer port)
    std::map<std::string, int> lid;                                            // node id -> LID (CA: its port's)
    std::map<int, std::string> by_lid;
    std::map<int, std::map<int, int>> lft;  // switch LID -> dest LID -> port
    std::vector<std::string> hosts;         // CA ids
};

Capture read_capture(const fs::path& dir) {
    Capture c;
    std::istringstream topo(slurp((dir / "topology.txt").string()));
    const std::regex header(R"re(^(Switch|Ca)\s+\d+\s+"([^"]+)"\s*#\s*"([^"]*)"(.*)$)re");
    const std::regex port(R"re(^\[(\d+)\](\([0-9a-f]+\))?\s+"([^"]+)"\[(\d+)\][^#]*#(.*)$)re");
    const std::regex lid_re(R"re(lid (\d+))re");
    std::string line, node;
    bool is_ca = false;
    for (std::smatch m; std::getline(topo, line);) {
        if (std::regex_match(line, m, header)) {
            node = m[2];
            is_ca = m[1] == "Ca";
            c.desc[node] = m[3];
            std::string rest = m[4];
            if (!is_ca && std::regex_search(rest, m, lid_re)) c.lid[node] = std::stoi(m[1]);
            if (is_ca) c.hosts.push_back(node);
        } else if (std::regex_match(line, m, port)) {
            c.cable[{node, std::stoi(m[1])}] = {m[3], std::stoi(m[4])};
            std::string comment = m[5];
            if (is_ca && std::regex_search(comment, m, lid_re)) c.lid[node] = std::stoi(m[1]);
        }
    }
    for (const auto& [id, l] : c.lid) c.by_lid[l] = id;
    std::istringstream dump(slurp((dir / "opensm-lfts.dump").string()));
    const std::regex table(R"re(^Unicast lids .* of switch Lid (\d+) guid)re"), entry(R"re(^0x([0-9a-f]+) (\d+))re");
    int sw = -1;
    for (std::smatch m; std::getline(dump, line);) {
        if (std::regex_search(line, m, table)) sw = std::stoi(m[1]);
        else if (std::regex_search(line, m, entry)) c.lft[sw][std::stoi(m[1].str(), nullptr, 16)] = std::stoi(m[2]);
    }
    return c;
}

/// Link loads of all-to-all (no self pairs), keyed "description:port" of the sending end.
std::map<std::string, int> count_loads(const Capture& c) {
    std::map<std::string, int> load;
    for (const auto& s : c.hosts)
        for (const auto& d : c.hosts) {
            if (s == d) continue;
            const int dlid = c.lid.at(d);
            std::string at = s;
            int out = 1;
            for (int hops = 0; hops < 64; ++hops) {
                ++load[c.desc.at(at) + ":" + std::to_string(out)];
                auto [next, in] = c.cable.at({at, out});
                (void)in;
                if (next == d) break;
                at = next;
                out = c.lft.at(c.lid.at(at)).at(dlid);
            }
        }
    return load;
}

/// liquid's link name "leaf0_p5-spine0_p1" or "h0-leaf0_p1" -> "leaf0:5" or "h0:1".
std::string sending_end(const std::string& link) {
    std::string from = link.substr(0, link.find('-'));
    auto p = from.rfind("_p");
    return p == std::string::npos ? from + ":1" : from.substr(0, p) + ":" + from.substr(p + 2);
}

struct Case {
    std::string name, generator;
    std::vector<std::string> engines;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

class IbsimRoundTrip : public testing::TestWithParam<Case> {};

TEST_P(IbsimRoundTrip, RoutesLoadsAndScheduleMatchTheRealSubnetManager) {
    if (liquid::test::sanitized_build()) GTEST_SKIP() << "ibsim round trip runs in the Release pass only";
    for (const char* tool : {"ibsim", "opensm", "ibnetdiscover", "ibroute", "python3"})
        if (!have(tool))
            GTEST_SKIP() << tool
                         << " is not installed: run scripts/install-deps.sh (ibsim-utils libumad2sim0 opensm infiniband-diags)";
    const Case& c = GetParam();
    TempDir tmp;
    const fs::path net = tmp.path / "fabric.net";
    ASSERT_EQ(sh("python3 " + source_path("scripts/ibsim-fabric.py") + " " + c.generator + " -o " + net.string()), 0);
    for (const auto& engine : c.engines) {
        SCOPED_TRACE(c.name + " routed by " + engine);
        const fs::path dir = tmp.path / engine;
        ASSERT_EQ(sh(source_path("scripts/ibsim-route.sh") + " " + net.string() + " " + engine + " " + dir.string() + " >" +
                     (tmp.path / "route.log").string() + " 2>&1"),
                  0)
            << slurp((tmp.path / "route.log").string());
        const std::string topo = (dir / "topology.txt").string(), dump = (dir / "opensm-lfts.dump").string();

        // Every pair routes, and every route is as short as the topology allows.
        Network routed = ib_network(read_ibnetdiscover(topo), read_forwarding_tables({dump}));
        Network shortest = routed;
        shortest.set_routing(Routing::shortest());
        for (int s : routed.hosts())
            for (int d : routed.hosts())
                ASSERT_EQ(routed.route(s, d).size(), shortest.route(s, d).size())
                    << routed.node(s).name << " -> " << routed.node(d).name;

        // ibroute, where every switch answered, gives the same routes as OpenSM's dump.
        const std::string ibroute = slurp((dir / "ibroute.txt").string());
        if (ibroute.find("failed") == std::string::npos) {
            Network viaroute = ib_network(read_ibnetdiscover(topo), read_forwarding_tables({(dir / "ibroute.txt").string()}));
            for (int s : routed.hosts())
                for (int d : routed.hosts()) ASSERT_EQ(viaroute.route(s, d), routed.route(s, d));
        }

        // analyze's loads equal the independent count over the dumped LFTs.
        const std::string spec = "ibnetdiscover:" + topo + "," + dump;
        auto a = run_liquid("analyze --network " + spec + " --json");
        ASSERT_EQ(a.exit_code, 0) << a.err;
        auto j = nlohmann::json::parse(a.out);
        std::map<std::string, int> reported;
        for (const auto& [link, load] : j["loads"].items()) reported[sending_end(link)] = load.get<int>();
        const auto counted = count_loads(read_capture(dir));
        EXPECT_EQ(reported, counted);
        int lambda = 0;
        for (const auto& [k, v] : counted) lambda = std::max(lambda, v);
        EXPECT_EQ(j["duration"].get<int>(), lambda);
        std::cout << "[ ibsim    ] " << c.name << " " << engine << ": all-to-all Lambda " << lambda << "\n";

        // schedule prints a verified schedule covering every transfer.
        auto s = run_liquid("schedule --network " + spec + " --json --time-limit 4");
        ASSERT_EQ(s.exit_code, 0) << s.err;
        auto sj = nlohmann::json::parse(s.out);
        EXPECT_TRUE(sj["schedule"]["verified"].get<bool>());
        std::size_t scheduled = 0;
        for (const auto& frame : sj["schedule"]["frames"]) scheduled += frame.size();
        EXPECT_EQ(scheduled, j["transfers"].get<std::size_t>());
        EXPECT_GE(sj["schedule"]["length"].get<int>(), lambda);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Fabrics, IbsimRoundTrip,
    testing::Values(
        Case{"fat_tree_2level_2to1", "fat-tree --leaves 4 --hosts-per-leaf 4 --spines 2", {"ftree", "minhop", "updn"}},
        Case{"fat_tree_3level_2to1",
             "fat-tree3 --pods 4 --leaves-per-pod 2 --hosts-per-leaf 4 --aggs-per-pod 2 --cores 4",
             {"ftree", "minhop"}},
        Case{"torus_3x3", "mesh --rows 3 --cols 3 --wrap --hosts-per-switch 2", {"minhop", "dor", "updn"}}),
    [](const testing::TestParamInfo<Case>& i) { return i.param.name; });

// A real fabric's HCAs carry descriptions such as "node07 HCA-1" while MPI names the
// machine "node07" (or "node07.cluster.example"): the interposer's host rule
// (plan::host_of_machine) must map every rank to its own adapter, and `liquid plan` with a
// rank map of processor names must plan over exactly those hosts.
TEST(IbsimHostNames, RealNodeDescriptionsMatchProcessorNames) {
    if (liquid::test::sanitized_build()) GTEST_SKIP() << "ibsim round trip runs in the Release pass only";
    for (const char* tool : {"ibsim", "opensm", "ibnetdiscover", "ibroute", "python3"})
        if (!have(tool)) GTEST_SKIP() << tool << " is not installed: run scripts/install-deps.sh";
    TempDir tmp;
    const fs::path net = tmp.path / "fabric.net", dir = tmp.path / "ftree";
    ASSERT_EQ(sh("python3 " + source_path("scripts/ibsim-fabric.py") +
                 " fat-tree --leaves 4 --hosts-per-leaf 2 --spines 2 --host-description 'node{i:02d} HCA-1' -o " + net.string()),
              0);
    ASSERT_EQ(sh(source_path("scripts/ibsim-route.sh") + " " + net.string() + " ftree " + dir.string() + " >" +
                 (tmp.path / "route.log").string() + " 2>&1"),
              0)
        << slurp((tmp.path / "route.log").string());
    const std::string topo = (dir / "topology.txt").string(), dump = (dir / "opensm-lfts.dump").string();
    const Network fabric = ib_network(read_ibnetdiscover(topo), read_forwarding_tables({dump}));
    ASSERT_EQ(fabric.hosts().size(), 8u);

    std::vector<std::string> machines;
    for (int i = 0; i < 8; ++i) machines.push_back("node0" + std::to_string(i) + (i % 2 ? ".cluster.example" : ""));
    const std::vector<int> hosts = plan::hosts_by_name(fabric, machines, "MPI_Get_processor_name");
    for (int i = 0; i < 8; ++i) EXPECT_EQ(fabric.node(hosts[i]).name, "node0" + std::to_string(i) + "_HCA-1") << machines[i];

    // The same rule behind `liquid plan --rankmap` (ranks in reverse machine order).
    std::string map;
    for (int r = 0; r < 8; ++r) map += std::to_string(r) + " " + machines[7 - r] + "\n";
    const fs::path map_file = tmp.path / "ranks.map";
    std::ofstream(map_file) << map;
    auto p = run_liquid("plan --network ibnetdiscover:" + topo + "," + dump + " --rankmap " + map_file.string() +
                        " --method round-robin --json");
    ASSERT_EQ(p.exit_code, 0) << p.err;
    const auto j = nlohmann::json::parse(p.out);
    ASSERT_EQ(j["hosts"].size(), 8u);
    for (int r = 0; r < 8; ++r) EXPECT_EQ(j["hosts"][r].get<std::string>(), "node0" + std::to_string(7 - r) + "_HCA-1");
}

}  // namespace
}  // namespace liquid
