#include "liquid/io/network_json.hpp"

#include "liquid/base/error.hpp"
#include "liquid/base/json_text.hpp"
#include "liquid/base/name_check.hpp"
#include "liquid/base/stop.hpp"
#include "liquid/io/json_input.hpp"
#include "liquid/io/output_file.hpp"
#include "liquid/traffic/patterns.hpp"

namespace liquid {

namespace {

using io::JsonAt;

int node_named(const Network& net, const JsonAt& at) {
    std::string name = at.string();
    auto id = net.find_node(name);
    if (!id) at.fail("unknown node '" + name + "'", "declare it under \"hosts\" or \"switches\"");
    return *id;
}

int link_named(const Network& net, const JsonAt& at) {
    std::string name = at.string();
    auto id = net.find_link(name);
    if (!id) at.fail("unknown link '" + name + "'", "declare it under \"links\"");
    return *id;
}

double rate_of(const JsonAt& at) {
    double r = at.number();
    if (!(r > 0)) at.fail("rate must be positive", "give the rate in bytes per second");
    return r;
}

/// The network's own name: free text for people, but one line of printable characters.
std::string network_name(const JsonAt& at) {
    std::string name = at.string();
    if (name.size() > kMaxNameLength)
        at.fail("the name is longer than " + std::to_string(kMaxNameLength) + " characters", "shorten it");
    for (char c : name)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            at.fail("the name holds a control character", "use printable characters");
    return name;
}

/// Runs a Network mutation and re-labels its error with the JSON location.
template <class F>
auto located(const JsonAt& at, F&& f) {
    try {
        return f();
    } catch (const InputError& e) {
        at.fail(e.what(), "");
    }
}

void read_nodes(Network& net, const JsonAt& doc) {
    for (const char* kind : {"hosts", "switches"}) {
        if (!doc.has(kind)) continue;
        JsonAt list = doc[kind];
        for (std::size_t i = 0; i < list.array().size(); ++i) {
            JsonAt item = list[i];
            std::string name = item.string();
            located(item, [&] { return std::string(kind) == "hosts" ? net.add_host(name) : net.add_switch(name); });
        }
    }
    if (net.hosts().empty()) doc.fail("the network has no hosts", "list host names under \"hosts\"");
}

void read_links(Network& net, const JsonAt& doc) {
    if (doc.has("links")) {
        JsonAt links = doc["links"];
        for (std::size_t i = 0; i < links.array().size(); ++i) {
            JsonAt l = links[i];
            l.allow_members({"name", "from", "to", "rate"});
            int from = node_named(net, l["from"]), to = node_named(net, l["to"]);
            double rate = l.has("rate") ? rate_of(l["rate"]) : 0;
            std::string name = l.has("name") ? l["name"].string() : net.node(from).name + "-" + net.node(to).name;
            located(l, [&] { return net.add_link(name, from, to, rate); });
        }
    }
    if (doc.has("cables")) {  // shorthand: ["a", "b"] = links "a-b" and "b-a"
        JsonAt cables = doc["cables"];
        for (std::size_t i = 0; i < cables.array().size(); ++i) {
            JsonAt c = cables[i];
            if (c.array().size() != 2) c.fail("a cable joins two nodes", "write [\"a\", \"b\"]");
            int a = node_named(net, c[0]), b = node_named(net, c[1]);
            located(c, [&] {
                net.add_cable(a, b);
                return 0;
            });
        }
    }
    if (net.link_count() == 0) doc.fail("the network has no links", "add \"links\" (or \"cables\")");
}

Routing read_table(const Network& net, const JsonAt& r) {
    std::map<int, std::map<int, int>> next;
    JsonAt table = r["next_hop"];
    for (const auto& [from, row] : table.object().items()) {
        JsonAt at_row = table[from];
        auto sw = net.find_node(from);
        if (!sw) at_row.fail("unknown node '" + from + "'", "use a switch name as key");
        for (const auto& [dest, via] : at_row.object().items()) {
            (void)via;
            JsonAt cell = at_row[dest];
            auto d = net.find_node(dest);
            if (!d) cell.fail("unknown destination '" + dest + "'", "use a host or switch name as key");
            int hop = node_named(net, cell);
            if (!net.link_between(*sw, hop))
                cell.fail("'" + net.node(hop).name + "' is not a neighbour of '" + from + "'",
                          "name a node joined to it by a link");
            next[*sw][*d] = hop;
        }
    }
    return Routing::table(next);
}

/// "forwarding": {"switch": {"receiving host": "outgoing link"}}.
Routing read_forwarding(const Network& net, const JsonAt& r) {
    std::map<int, std::map<int, int>> out;
    JsonAt table = r["out_link"];
    for (const auto& [from, row] : table.object().items()) {
        (void)row;
        JsonAt at_row = table[from];
        auto sw = net.find_node(from);
        if (!sw || net.is_host(*sw)) at_row.fail("'" + from + "' is not a switch", "use a switch name as key");
        for (const auto& [dest, via] : at_row.object().items()) {
            (void)via;
            JsonAt cell = at_row[dest];
            auto d = net.find_node(dest);
            if (!d || !net.is_host(*d)) cell.fail("'" + dest + "' is not a host", "use a receiving host name as key");
            int l = link_named(net, cell);
            if (net.link(l).from != *sw)
                cell.fail("link '" + net.link(l).name + "' does not leave '" + from + "'", "name one of its outgoing links");
            out[*sw][*d] = l;
        }
    }
    return Routing::forwarding(std::move(out));
}

Routing read_paths(const Network& net, const JsonAt& r) {
    std::map<std::pair<int, int>, std::vector<int>> paths;
    JsonAt list = r["paths"];
    for (std::size_t i = 0; i < list.array().size(); ++i) {
        JsonAt p = list[i];
        p.allow_members({"from", "to", "links"});
        int from = node_named(net, p["from"]), to = node_named(net, p["to"]);
        std::vector<int> links;
        JsonAt ls = p["links"];
        for (std::size_t k = 0; k < ls.array().size(); ++k) links.push_back(link_named(net, ls[k]));
        if (!paths.emplace(std::pair{from, to}, links).second) p.fail("this pair already has a path", "give one path per pair");
    }
    return Routing::paths(std::move(paths));
}

Routing read_routing(const Network& net, const JsonAt& doc) {
    if (!doc.has("routing")) return Routing::shortest();
    JsonAt r = doc["routing"];
    r.allow_members({"type", "next_hop", "paths", "out_link"});
    std::string type = r["type"].string();
    if (type == "shortest") return Routing::shortest();
    if (type == "table") return read_table(net, r);
    if (type == "paths") return read_paths(net, r);
    if (type == "forwarding") return read_forwarding(net, r);
    r["type"].fail("unknown routing type '" + type + "'", "use \"shortest\", \"table\", \"paths\" or \"forwarding\"");
}

/// Follows every table route once so a looping or dead-ending table is reported at load
/// time, naming the pair. (Shortest routes cannot loop.)
void check_routes(const Network& net, const JsonAt& doc) {
    const auto kind = net.routing().kind();
    if (kind == Routing::Kind::Paths) {
        // Explicit paths are checked as given (chained links, no loop, no host in between).
        for (const auto& entry : net.routing().explicit_paths()) {
            const std::pair<int, int> ends = entry.first;
            located(doc["routing"], [&] { return net.route(ends.first, ends.second).size(); });
        }
        return;
    }
    if (kind != Routing::Kind::Table && kind != Routing::Kind::Forwarding) return;
    const auto senders = sending_hosts(net), receivers = receiving_hosts(net);
    if (senders.size() * receivers.size() > 262144) return;  // huge fabrics: checked on use
    for (int s : senders)
        for (int d : receivers) located(doc["routing"], [&] { return net.route(s, d).size(); });
}

}  // namespace

Network network_from_json(const nlohmann::json& j, const std::string& where) {
    JsonAt doc(j, where);
    doc.allow_members({"name", "comment", "rate", "hosts", "switches", "links", "cables", "routing"});
    Network net(doc.has("name") ? network_name(doc["name"]) : "network");
    if (doc.has("rate")) net.set_default_rate(rate_of(doc["rate"]));
    read_nodes(net, doc);
    read_links(net, doc);
    net.set_routing(read_routing(net, doc));
    check_routes(net, doc);
    return net;
}

Network read_network_json(const std::string& path) { return network_from_json(io::parse_json_file(path), path); }

namespace {

// Moves the (possibly large) table in: an initializer list would copy it inside a noexcept
// frame of nlohmann::json, where running out of memory aborts instead of throwing.
nlohmann::json routing_object(const char* type, const char* key, nlohmann::json&& value) {
    nlohmann::json o = nlohmann::json::object();
    o["type"] = type;
    o[key] = std::move(value);
    return o;
}

}  // namespace

nlohmann::json network_to_json(const Network& net) {
    nlohmann::json j;
    j["name"] = net.name();
    j["rate"] = net.default_rate();
    j["hosts"] = nlohmann::json::array();
    j["switches"] = nlohmann::json::array();
    for (const auto& n : net.nodes()) j[n.kind == NodeKind::Host ? "hosts" : "switches"].push_back(n.name);
    j["links"] = nlohmann::json::array();
    for (int l = 0; l < net.link_count(); ++l) {
        if (l % 4096 == 0) throw_if_stopped();
        const Link& link = net.link(l);
        nlohmann::json o{{"name", link.name}, {"from", net.node(link.from).name}, {"to", net.node(link.to).name}};
        if (link.rate > 0) o["rate"] = link.rate;
        j["links"].push_back(o);
    }
    const Routing& r = net.routing();
    switch (r.kind()) {
        case Routing::Kind::Shortest: j["routing"] = {{"type", "shortest"}}; break;
        case Routing::Kind::Table: {
            nlohmann::json table = nlohmann::json::object();
            const auto& rows = r.next_hop_rows();
            for (std::size_t sw = 0; sw < rows.size(); ++sw) {
                if (rows[sw].empty()) continue;
                throw_if_stopped();  // a row per switch: thousands of hosts each
                nlohmann::json row = nlohmann::json::object();
                for (const auto& [dest, via] : rows[sw]) row[net.node(dest).name] = net.node(via).name;
                table[net.node(static_cast<int>(sw)).name] = std::move(row);
            }
            j["routing"] = routing_object("table", "next_hop", std::move(table));
            break;
        }
        case Routing::Kind::Forwarding: {
            nlohmann::json table = nlohmann::json::object();
            for (const auto& [sw, row] : r.out_link()) {
                if (row.empty()) continue;
                throw_if_stopped();
                nlohmann::json names = nlohmann::json::object();
                for (const auto& [dest, link] : row) names[net.node(dest).name] = net.link(link).name;
                table[net.node(sw).name] = std::move(names);
            }
            j["routing"] = routing_object("forwarding", "out_link", std::move(table));
            break;
        }
        case Routing::Kind::Paths: {
            nlohmann::json paths = nlohmann::json::array();
            for (const auto& [pair, links] : r.explicit_paths()) {
                if (paths.size() % 4096 == 0) throw_if_stopped();
                nlohmann::json names = nlohmann::json::array();
                for (int l : links) names.push_back(net.link(l).name);
                paths.push_back({{"from", net.node(pair.first).name}, {"to", net.node(pair.second).name}, {"links", names}});
            }
            j["routing"] = routing_object("paths", "paths", std::move(paths));
            break;
        }
    }
    return j;
}

void write_network_json(const std::string& path, const Network& net) {
    write_file_atomically(path, json_text(network_to_json(net), 2) + "\n");
}

}  // namespace liquid
