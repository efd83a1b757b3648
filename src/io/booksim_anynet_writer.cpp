// BookSim2 anynet export (format: booksim_anynet_reader.cpp). Switches become routers and
// hosts nodes, both numbered in declaration order; each router line lists its nodes and
// the routers it connects to (each pair once: BookSim makes router channels bidirectional).
#include <map>
#include <set>

#include "io/cables.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/network_export.hpp"

namespace liquid {

int write_booksim_anynet(std::ostream& out, const Network& net) {
    std::map<int, int> router_of, node_of;  // network node -> anynet number
    for (int s : net.switches()) router_of.emplace(s, static_cast<int>(router_of.size()));
    for (int h : net.hosts()) node_of.emplace(h, static_cast<int>(node_of.size()));
    // Per router: its nodes and the higher-numbered routers it joins, in number order
    // (a canonical text: the same network always exports the same file).
    std::vector<std::set<int>> nodes(router_of.size()), routers(router_of.size());
    std::map<int, int> host_router;
    std::set<std::pair<int, int>> pairs;
    int approximated = 0;
    for (const auto& c : io::pair_cables(net)) {
        const Link& k = net.link(c.forward);
        if (c.backward < 0) ++approximated;  // BookSim channels go both ways
        bool ha = net.is_host(k.from), hb = net.is_host(k.to);
        if (ha && hb)
            throw InputError("--format booksim",
                             "hosts '" + net.node(k.from).name + "' and '" + net.node(k.to).name + "' are cabled directly",
                             "BookSim2 anynet joins nodes to routers only");
        if (ha || hb) {
            int h = ha ? k.from : k.to, s = ha ? k.to : k.from;
            auto [it, fresh] = host_router.emplace(h, s);
            if (!fresh && it->second != s)
                throw InputError("--format booksim", "host '" + net.node(h).name + "' hangs off two switches",
                                 "BookSim2 anynet attaches each node to one router");
            if (!fresh) {
                ++approximated;
                continue;
            }
            nodes[router_of[s]].insert(node_of[h]);
            continue;
        }
        int a = router_of[k.from], b = router_of[k.to];
        if (!pairs.insert({std::min(a, b), std::max(a, b)}).second) {
            ++approximated;
            continue;
        }  // parallel cable
        routers[std::min(a, b)].insert(std::max(a, b));
    }
    for (int h : net.hosts())
        if (!host_router.count(h))
            throw InputError("--format booksim", "host '" + net.node(h).name + "' has no switch",
                             "BookSim2 anynet attaches each node to one router");
    for (std::size_t r = 0; r < nodes.size(); ++r) {
        out << "router " << r;
        for (int n : nodes[r]) out << " node " << n;
        for (int o : routers[r]) out << " router " << o;
        out << '\n';
    }
    return approximated;
}

}  // namespace liquid
