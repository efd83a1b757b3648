// BookSim2's "anynet" network file (src/networks/anynet.cpp of BookSim2): one line per
// router or node, listing what it connects to, with optional channel latencies:
//   router 0 node 0 node 1 router 1 15 router 2
//   node 5 router 2
// Routers and nodes are numbered from 0 without gaps; a node hangs off one router; a
// router-router connection is bidirectional and a pair has one channel. liquid reads
// routers as switches "r<N>" and nodes as hosts "n<N>", with shortest-path routing
// (BookSim's min_anynet routes shortest paths too; ties may break differently).
#include <map>
#include <set>
#include <tuple>

#include "io/text_input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/network_import.hpp"

namespace liquid {

namespace {

using io::TextLines;

enum class Kind { Router, Node };

struct Parsed {
    std::map<int, int> node_router;  // node -> router
    std::map<int, int> node_line;
    std::set<int> routers, nodes;
    std::vector<std::pair<int, int>> router_pairs;  // first-seen order, a < b
    std::set<std::pair<int, int>> seen_pairs;
    // Each connection listed at most once from each end: (head kind, head, other kind,
    // other) -> line. The other end may list it again (BookSim files often do).
    std::map<std::tuple<Kind, int, Kind, int>, int> listed;
};

Kind kind_of(const TextLines& in, std::string_view w) {
    if (w == "router") return Kind::Router;
    if (w == "node") return Kind::Node;
    in.fail("expected 'router' or 'node', found '" + std::string(w) + "'", "write e.g. 'router 0 node 0 router 1'");
}

int id_of(const TextLines& in, std::string_view w) {
    std::uint64_t v = 0;
    if (!io::parse_uint(w, v, 1u << 20))
        in.fail("'" + std::string(w) + "' is not a router or node number", "numbers are 0, 1, 2, ...");
    return static_cast<int>(v);
}

void attach(const TextLines& in, Parsed& p, int node, int router) {
    auto [it, fresh] = p.node_router.emplace(node, router);
    if (!fresh && it->second != router)
        in.fail("node " + std::to_string(node) + " connects to router " + std::to_string(it->second) + " and router " +
                    std::to_string(router),
                "a BookSim2 node hangs off exactly one router");
    p.node_line.emplace(node, in.line_number());
}

void parse_line(const TextLines& in, Parsed& p, const std::vector<std::string_view>& w) {
    const Kind head = kind_of(in, w[0]);
    if (w.size() < 2) in.fail("the line ends after '" + std::string(w[0]) + "'", "give its number");
    const int id = id_of(in, w[1]);
    (head == Kind::Router ? p.routers : p.nodes).insert(id);
    for (std::size_t i = 2; i < w.size();) {
        const Kind body = kind_of(in, w[i]);
        if (i + 1 >= w.size()) in.fail("'" + std::string(w[i]) + "' without a number", "write 'router N' or 'node N'");
        const int other = id_of(in, w[i + 1]);
        i += 2;
        if (i < w.size() && w[i] != "router" && w[i] != "node") {  // a channel latency
            std::uint64_t lat = 0;
            if (!io::parse_uint(w[i], lat, 1u << 20) || lat == 0)
                in.fail("bad latency '" + std::string(w[i]) + "'", "latencies are cycles >= 1");
            ++i;
        }
        (body == Kind::Router ? p.routers : p.nodes).insert(other);
        if (auto [it, fresh] = p.listed.emplace(std::tuple{head, id, body, other}, in.line_number()); !fresh)
            in.fail(std::string(body == Kind::Router ? "router " : "node ") + std::to_string(other) + " is listed again for " +
                        (head == Kind::Router ? "router " : "node ") + std::to_string(id) + " (first at line " +
                        std::to_string(it->second) + ")",
                    "list each connection once per line's router or node");
        if (head == Kind::Node && body == Kind::Node)
            in.fail("node " + std::to_string(id) + " connects to node " + std::to_string(other), "nodes connect to routers only");
        if (head == Kind::Router && body == Kind::Router) {
            if (id == other) in.fail("router " + std::to_string(id) + " connects to itself", "remove the self-connection");
            std::pair<int, int> key{std::min(id, other), std::max(id, other)};
            if (p.seen_pairs.insert(key).second) p.router_pairs.push_back(key);
        } else {
            attach(in, p, head == Kind::Node ? id : other, head == Kind::Node ? other : id);
        }
    }
}

void require_sequential(const TextLines& in, const std::set<int>& ids, const char* what) {
    int expect = 0;
    for (int id : ids) {
        if (id != expect)
            throw InputError(in.path(),
                             std::string(what) + " " + std::to_string(expect) + " is missing (numbers must run 0.." +
                                 std::to_string(ids.size() - 1) + " without gaps)",
                             "BookSim2 requires sequential numbering from 0");
        ++expect;
    }
}

}  // namespace

Network read_booksim_anynet(const std::string& path) {
    TextLines in(path);
    Parsed p;
    for (std::string raw; in.next(raw);) {
        auto w = io::words(raw);
        if (!w.empty()) parse_line(in, p, w);
    }
    if (p.nodes.empty()) throw InputError(path, "the file declares no node", "add lines such as 'router 0 node 0 node 1'");
    require_sequential(in, p.routers, "router");
    require_sequential(in, p.nodes, "node");
    Network net("booksim-anynet");
    for (int r : p.routers) net.add_switch("r" + std::to_string(r));
    for (int n : p.nodes) {
        auto it = p.node_router.find(n);
        if (it == p.node_router.end())
            throw InputError(path, "node " + std::to_string(n) + " connects to no router",
                             "attach it: 'router R node " + std::to_string(n) + "'");
        int h = net.add_host("n" + std::to_string(n));
        net.add_cable(h, *net.find_node("r" + std::to_string(it->second)));
    }
    for (auto [a, b] : p.router_pairs)
        net.add_cable(*net.find_node("r" + std::to_string(a)), *net.find_node("r" + std::to_string(b)));
    return net;
}

}  // namespace liquid
