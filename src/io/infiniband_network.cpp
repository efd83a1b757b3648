// From an InfiniBand topology and its forwarding tables to a Network whose routes are the
// ones the hardware takes: a packet to LID L leaves switch S by port LFT_S[L], and that
// port's cable decides the next switch. Each connected port is one directed link, so
// parallel cables between two switches stay distinct (that is where bandwidth hides).
#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <unordered_map>

#include "io/text_input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/infiniband.hpp"

namespace liquid {

namespace {

/// Data rate in bytes/s of a "4xEDR"-style width x speed, 0 if unknown (the lane rates
/// are the IBTA data rates after line coding).
double ib_rate(const std::string& speed) {
    static const std::map<std::string, double> lane_gbps{{"SDR", 2},  {"DDR", 4},  {"QDR", 8},   {"FDR10", 10}, {"FDR", 13.64},
                                                         {"EDR", 25}, {"HDR", 50}, {"NDR", 100}, {"XDR", 200}};
    auto x = speed.find('x');
    std::uint64_t width = 0;
    if (x == std::string::npos || !io::parse_uint(speed.substr(0, x), width, 64)) return 0;
    auto it = lane_gbps.find(speed.substr(x + 1));
    return it == lane_gbps.end() ? 0 : static_cast<double>(width) * it->second * 1e9 / 8;
}

/// "h2" < "h10": digit runs compare as numbers, so hosts come out in the order users count.
bool natural_less(const std::string& a, const std::string& b) {
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
            std::size_t i2 = i, j2 = j;
            while (i2 < a.size() && std::isdigit(static_cast<unsigned char>(a[i2]))) ++i2;
            while (j2 < b.size() && std::isdigit(static_cast<unsigned char>(b[j2]))) ++j2;
            auto da = a.substr(i, i2 - i), db = b.substr(j, j2 - j);
            da.erase(0, std::min(da.find_first_not_of('0'), da.size()));
            db.erase(0, std::min(db.find_first_not_of('0'), db.size()));
            if (da.size() != db.size()) return da.size() < db.size();
            if (da != db) return da < db;
            i = i2;
            j = j2;
        } else {
            if (a[i] != b[j]) return a[i] < b[j];
            ++i;
            ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

struct Endpoint {
    int ib_node, port;  // port 0 = the whole switch
};

class Builder {
public:
    Builder(const IbTopology& topo, const std::vector<IbForwardingTable>& tables) : topo_(topo), tables_(tables) {
        net_.set_name(std::filesystem::path(topo.file).stem().string());
    }

    Network build() {
        name_nodes();
        add_nodes();
        add_links();
        if (!tables_.empty()) route();
        return std::move(net_);
    }

private:
    /// Node description, else the id ibnetdiscover gives (which carries the GUID);
    /// duplicates get the id appended so every name stays unique.
    void name_nodes() {
        std::unordered_map<std::string, int> uses;
        for (const auto& n : topo_.nodes) ++uses[io::safe_name(n.description.empty() ? n.id : n.description)];
        for (const auto& n : topo_.nodes) {
            std::string base = io::safe_name(n.description.empty() ? n.id : n.description);
            names_.push_back(uses[base] > 1 ? base + "_" + io::safe_name(n.id) : base);
        }
    }

    void add_nodes() {
        std::vector<int> order(topo_.nodes.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
        std::sort(order.begin(), order.end(), [&](int a, int b) { return natural_less(names_[a], names_[b]); });
        node_of_port_.resize(topo_.nodes.size());
        for (int i : order)
            if (topo_.nodes[i].is_switch) node_of_port_[i][0] = net_.add_switch(names_[i]);
        for (int i : order) {
            const IbNode& n = topo_.nodes[i];
            if (n.is_switch) continue;
            // A CA with several cabled ports is several endpoints (one LID each).
            for (const auto& [port, p] : n.ports) {
                (void)p;
                std::string name = n.ports.size() == 1 ? names_[i] : names_[i] + "_p" + std::to_string(port);
                node_of_port_[i][port] = net_.add_host(name);
                host_ports_.push_back({i, port});
            }
        }
        if (net_.hosts().empty())
            throw InputError(topo_.file, "the fabric has no cabled channel adapter (host)",
                             "give the whole ibnetdiscover output");
    }

    int net_node(int ib, int port) const {
        const auto& m = node_of_port_[ib];
        auto it = m.find(topo_.nodes[ib].is_switch ? 0 : port);
        return it->second;
    }

    std::string end_name(int ib, int port) const {
        int node = net_node(ib, port);
        return topo_.nodes[ib].is_switch ? net_.node(node).name + "_p" + std::to_string(port) : net_.node(node).name;
    }

    void add_links() {
        std::map<double, int> rate_count;
        std::vector<double> rates;
        for (std::size_t i = 0; i < topo_.nodes.size(); ++i)
            for (const auto& [port, p] : topo_.nodes[i].ports) {
                int a = static_cast<int>(i);
                int l = net_.add_link(end_name(a, port) + "-" + end_name(p.peer, p.peer_port), net_node(a, port),
                                      net_node(p.peer, p.peer_port));
                link_of_port_[{a, port}] = l;
                rates.push_back(ib_rate(p.speed));
                if (rates.back() == 0 && !p.speed.empty())  // not a guess of 125 MB/s
                    throw InputError(topo_.file + ":" + std::to_string(p.line), "unknown link width x speed '" + p.speed + "'",
                                     "write WIDTHxSPEED with a width of 1 to 64 lanes and a speed of SDR, DDR, QDR, FDR10, FDR, "
                                     "EDR, HDR, NDR or XDR, e.g. 4xEDR");
                if (rates.back() > 0) ++rate_count[rates.back()];
            }
        if (rate_count.empty()) return;
        double common =
            std::max_element(rate_count.begin(), rate_count.end(), [](auto& x, auto& y) { return x.second < y.second; })->first;
        net_.set_default_rate(common);
        // Links at another speed keep their own rate (Network::link_rate reads it).
        Network rebuilt(net_.name(), common);
        for (const auto& n : net_.nodes()) n.kind == NodeKind::Host ? rebuilt.add_host(n.name) : rebuilt.add_switch(n.name);
        for (int l = 0; l < net_.link_count(); ++l) {
            const Link& k = net_.link(l);
            rebuilt.add_link(k.name, k.from, k.to, rates[l] > 0 && rates[l] != common ? rates[l] : 0);
        }
        net_ = std::move(rebuilt);
    }

    const IbForwardingTable* table_of(int sw) const {
        return sw < static_cast<int>(table_index_.size()) ? table_index_[sw] : nullptr;
    }

    void match_tables() {
        std::unordered_map<std::uint64_t, int> by_guid;
        std::unordered_map<int, int> by_lid;
        for (std::size_t i = 0; i < topo_.nodes.size(); ++i)
            if (topo_.nodes[i].is_switch) {
                if (topo_.nodes[i].guid) by_guid[topo_.nodes[i].guid] = static_cast<int>(i);
                if (topo_.nodes[i].lid) by_lid[topo_.nodes[i].lid] = static_cast<int>(i);
            }
        table_index_.assign(topo_.nodes.size(), nullptr);
        for (const auto& t : tables_) {
            auto g = by_guid.find(t.guid);
            int sw = g != by_guid.end() ? g->second : -1;
            if (sw < 0 && by_lid.count(t.lid)) sw = by_lid[t.lid];
            if (sw < 0)
                throw InputError(t.where,
                                 fmt::format("switch LID {} guid {:#018x} is not in the topology {}", t.lid, t.guid, topo_.file),
                                 "give the topology and the tables of the same fabric");
            // LID and GUID must name the same switch: a table of one switch under another's
            // header would route every packet through the wrong ports.
            const IbNode& n = topo_.nodes[static_cast<std::size_t>(sw)];
            if ((n.lid && n.lid != t.lid) || (n.guid && t.guid && n.guid != t.guid))
                throw InputError(
                    t.where,
                    fmt::format("the table header names LID {} guid {:#018x}, but in the topology {} {} is {}", t.lid, t.guid,
                                topo_.file, g != by_guid.end() ? "that guid" : "that LID", switch_label(sw)),
                    "give the topology and the tables of the same fabric, with headers as captured");
            if (table_index_[static_cast<std::size_t>(sw)])
                throw InputError(t.where,
                                 "a second table of " + switch_label(sw) + " (the first at " +
                                     table_index_[static_cast<std::size_t>(sw)]->where + ")",
                                 "give every switch's table once");
            table_index_[static_cast<std::size_t>(sw)] = &t;
        }
    }

    std::string switch_label(int sw) const {
        const IbNode& n = topo_.nodes[sw];
        return fmt::format("switch '{}' (LID {}, guid {:#018x})", names_[sw], n.lid, n.guid);
    }

    /// Traces, for every receiving host, the LFT walk from every switch a route can
    /// enter; each switch is checked once per destination (memoised), so this is
    /// O(switches x hosts) even on large fabrics.
    void route() {
        match_tables();
        std::map<int, std::map<int, int>> out_link;
        std::unordered_map<int, Endpoint> lid_owner;
        for (const auto& [ib, port] : host_ports_) {
            const IbNode& n = topo_.nodes[ib];
            auto pl = n.port_lids.find(port);
            int lid = pl != n.port_lids.end() ? pl->second : n.lid;
            if (!lid)
                throw InputError(topo_.file + ":" + std::to_string(n.line),
                                 "no LID is given for host '" + net_.node(net_node(ib, port)).name + "'",
                                 "use ibnetdiscover output: its comments carry the LIDs");
            if (auto [it, fresh] = lid_owner.emplace(lid, Endpoint{ib, port}); !fresh)
                throw InputError(topo_.file + ":" + std::to_string(n.line),
                                 "LID " + std::to_string(lid) + " is given to two ports",
                                 "give the ibnetdiscover output of one fabric");
            host_lid_.push_back(lid);
        }
        std::vector<int> state(topo_.nodes.size());
        for (std::size_t h = 0; h < host_ports_.size(); ++h) {
            std::fill(state.begin(), state.end(), 0);
            for (const auto& [src, sport] : host_ports_) {
                const IbPort& up = topo_.nodes[src].ports.at(sport);
                if (!topo_.nodes[up.peer].is_switch) continue;  // two CAs cabled back to back
                walk(up.peer, h, state, out_link);
            }
        }
        net_.set_routing(Routing::forwarding(std::move(out_link)));
    }

    /// Follows LID host_lid_[h] from switch `sw` until the host or a checked switch.
    void walk(int sw, std::size_t h, std::vector<int>& state, std::map<int, std::map<int, int>>& out_link) {
        const int lid = host_lid_[h];
        const auto [dst_ib, dst_port] = host_ports_[h];
        const int dst = net_node(dst_ib, dst_port);
        std::vector<int> trail;
        for (int at = sw;;) {
            if (state[at] == 2) break;
            if (state[at] == 1) {
                std::string loop;
                for (int s : trail) loop += names_[s] + " -> ";
                throw InputError(
                    table_of(at)->where,
                    fmt::format("LID {} ('{}'): the forwarding tables loop: {}{}", lid, net_.node(dst).name, loop, names_[at]),
                    "the tables were captured from different sweeps, or edited: capture them again");
            }
            state[at] = 1;
            trail.push_back(at);
            const IbForwardingTable* t = table_of(at);
            if (!t)
                throw InputError(
                    topo_.file + ":" + std::to_string(topo_.nodes[at].line),
                    switch_label(at) + " has no forwarding table, and routes to LID " + std::to_string(lid) + " enter it",
                    "give its table (OpenSM's dump has every switch; ibroute may miss unreachable ones)");
            auto e = t->port_of_lid.find(lid);
            if (e == t->port_of_lid.end())
                throw InputError(t->where,
                                 fmt::format("{} has no entry for LID {} ('{}')", switch_label(at), lid, net_.node(dst).name),
                                 "the destination is unrouted: check the subnet manager's log");
            const int port = e->second;
            auto cable = topo_.nodes[at].ports.find(port);
            if (cable == topo_.nodes[at].ports.end())
                throw InputError(t->where,
                                 fmt::format("{} sends LID {} ('{}') to port {}, which leads nowhere (no cable in {})",
                                             switch_label(at), lid, net_.node(dst).name, port, topo_.file),
                                 "give the topology and the tables of the same fabric");
            out_link[net_node(at, 0)][dst] = link_of_port_.at({at, port});
            const IbPort& p = cable->second;
            if (!topo_.nodes[p.peer].is_switch) {
                if (p.peer != dst_ib || p.peer_port != dst_port)
                    throw InputError(t->where,
                                     fmt::format("{} sends LID {} ('{}') to port {}, which leads to host '{}'", switch_label(at),
                                                 lid, net_.node(dst).name, port, net_.node(net_node(p.peer, p.peer_port)).name),
                                     "hosts do not forward: give the topology and the tables of the same fabric");
                break;
            }
            at = p.peer;
        }
        for (int s : trail) state[s] = 2;
    }

    const IbTopology& topo_;
    const std::vector<IbForwardingTable>& tables_;
    Network net_;
    std::vector<std::string> names_;
    std::vector<std::map<int, int>> node_of_port_;  // ib node -> port -> network node (switch: port 0)
    std::vector<std::pair<int, int>> host_ports_;   // (ib node, port) per host, in host order
    std::vector<int> host_lid_;
    std::map<std::pair<int, int>, int> link_of_port_;
    std::vector<const IbForwardingTable*> table_index_;
};

}  // namespace

Network ib_network(const IbTopology& topo, const std::vector<IbForwardingTable>& tables) { return Builder(topo, tables).build(); }

}  // namespace liquid
