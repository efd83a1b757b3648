// GraphML import (graphml.graphdrawing.org). Keys are looked up by their attr.name:
//  node "kind" (or "type"): host / switch; node "label" or "name": the node's name
//  (else its id); edge "name": the link name; edge "rate": bytes/s; graph "name", "rate".
// An edge is one directed link in a directed graph (edgedefault="directed" or
// directed="true"), else a cable (two links). When no node is marked as a host, as in a
// topology zoo of routers, every node is a switch with one host "h_<node>" attached.
// Routing: shortest paths (GraphML carries no routes).
#include <map>
#include <set>

#include "io/text_input.hpp"
#include "io/xml_reader.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/network_import.hpp"

namespace liquid {

namespace {

using io::XmlElement;

struct Keys {
    std::map<std::string, std::string> node, edge, graph;  // key id -> attr.name (lower case)
};

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string attr(const XmlElement& e, const std::string& key) {
    auto it = e.attributes.find(key);
    return it == e.attributes.end() ? "" : it->second;
}

/// data values of `e` by attr.name.
std::map<std::string, std::string> data_of(const XmlElement& e, const std::map<std::string, std::string>& keys) {
    std::map<std::string, std::string> out;
    for (const auto& c : e.children)
        if (c.name == "data") {
            auto k = keys.find(attr(c, "key"));
            if (k != keys.end()) out[k->second] = std::string(io::trim(c.text));
        }
    return out;
}

double rate_value(const std::string& where, const std::string& text) {
    try {
        std::size_t used = 0;
        double r = std::stod(text, &used);
        if (used == text.size() && r > 0) return r;
    } catch (const std::exception&) {
    }
    throw InputError(where, "rate '" + text + "' is not a positive number", "give the rate in bytes per second");
}

struct GraphmlNode {
    std::string id, name;
    bool host = false;
    int line = 0;
};

class Reader {
public:
    explicit Reader(const std::string& path) : path_(path) {}

    Network read() {
        XmlElement root = io::read_xml_file(path_);
        if (root.name != "graphml") fail(root, "the root element is <" + root.name + ">, not <graphml>", "give a GraphML file");
        for (const auto& c : root.children)
            if (c.name == "key") key(c);
        const XmlElement* graph = nullptr;
        for (const auto& c : root.children)
            if (c.name == "graph") {
                if (graph) fail(c, "the file holds a second <graph>", "keep one graph per file");
                graph = &c;
            }
        if (!graph) fail(root, "no <graph> element", "add <graph edgedefault=...>");
        return build(*graph);
    }

private:
    [[noreturn]] void fail(const XmlElement& e, const std::string& problem, const std::string& fix) const {
        throw InputError(path_ + ":" + std::to_string(e.line), problem, fix);
    }

    template <class F>
    int located(int line, F&& f) {
        try {
            return f();
        } catch (const InputError& e) {
            throw InputError(path_ + ":" + std::to_string(line), e.what());
        }
    }

    void key(const XmlElement& k) {
        std::string id = attr(k, "id"), for_ = attr(k, "for"), name = lower(attr(k, "attr.name"));
        if (id.empty()) fail(k, "a <key> without id", "give every key an id");
        if (name.empty()) name = lower(id);
        if (for_ == "node" || for_ == "all") keys_.node[id] = name;
        if (for_ == "edge" || for_ == "all") keys_.edge[id] = name;
        if (for_ == "graph" || for_ == "all") keys_.graph[id] = name;
    }

    Network build(const XmlElement& g) {
        const bool directed_default = attr(g, "edgedefault") == "directed";
        auto gdata = data_of(g, keys_.graph);
        Network net(gdata.count("name") ? gdata["name"] : "graphml");
        if (gdata.count("rate")) net.set_default_rate(rate_value(path_ + ":" + std::to_string(g.line), gdata["rate"]));
        std::vector<GraphmlNode> nodes;
        std::map<std::string, int> by_id;
        bool any_host = false;
        std::map<std::string, int> label_uses;
        for (const auto& c : g.children) {
            if (c.name == "hyperedge")
                fail(c, "a <hyperedge> joins more than two nodes; liquid reads <edge> elements only",
                     "replace the hyperedge by edges between pairs of its nodes");
            if (c.name != "node") continue;
            for (const auto& inner : c.children)
                if (inner.name == "graph")
                    fail(inner, "node '" + attr(c, "id") + "' holds a nested <graph>; liquid reads one flat graph",
                         "flatten the graph: list the inner nodes and edges in the outer graph");
            GraphmlNode n{attr(c, "id"), "", false, c.line};
            if (n.id.empty()) fail(c, "a <node> without id", "give every node an id");
            if (!by_id.emplace(n.id, static_cast<int>(nodes.size())).second)
                fail(c, "node id '" + n.id + "' is used twice", "give every node a unique id");
            auto d = data_of(c, keys_.node);
            std::string kind = lower(d.count("kind") ? d["kind"] : d.count("type") ? d["type"] : "");
            if (!kind.empty() && kind != "host" && kind != "switch" && d.count("kind"))
                fail(c, "node kind '" + kind + "'", "use host or switch");
            n.host = kind == "host";
            any_host |= n.host;
            n.name = io::safe_name(d.count("label") && !d["label"].empty() ? d["label"]
                                   : d.count("name") && !d["name"].empty() ? d["name"]
                                                                           : n.id);
            ++label_uses[n.name];
            nodes.push_back(std::move(n));
        }
        if (nodes.empty()) fail(g, "the graph has no node", "add <node id=...> elements");
        unique_names(nodes, label_uses);
        std::vector<int> index(nodes.size());
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            auto& n = nodes[i];
            index[i] = located(n.line, [&] { return n.host ? net.add_host(n.name) : net.add_switch(n.name); });
        }
        for (const auto& c : g.children)
            if (c.name == "edge") edge(net, c, by_id, index, directed_default);
        if (!any_host) attach_hosts(net);
        if (net.link_count() == 0) fail(g, "the graph has no edge", "add <edge source=... target=...> elements");
        return net;
    }

    /// Labels need not be unique and safe_name() maps ids "a b" and "a_b" alike: a name used
    /// once stays; the others get "_<id>", then "_<id>_2", "_<id>_3" ... until no node has
    /// it, so distinct nodes always get distinct names (the mangling is injective).
    static void unique_names(std::vector<GraphmlNode>& nodes, const std::map<std::string, int>& label_uses) {
        std::set<std::string> taken;
        for (const auto& n : nodes)
            if (label_uses.at(n.name) == 1) taken.insert(n.name);
        for (auto& n : nodes) {
            if (label_uses.at(n.name) == 1) continue;
            const std::string base = n.name + "_" + io::safe_name(n.id);
            std::string name = base;
            for (int k = 2; taken.count(name); ++k) name = base + "_" + std::to_string(k);
            taken.insert(name);
            n.name = std::move(name);
        }
    }

    void edge(Network& net, const XmlElement& c, const std::map<std::string, int>& by_id, const std::vector<int>& index,
              bool directed_default) {
        auto s = by_id.find(attr(c, "source")), t = by_id.find(attr(c, "target"));
        if (s == by_id.end() || t == by_id.end())
            fail(c, "edge endpoint '" + (s == by_id.end() ? attr(c, "source") : attr(c, "target")) + "' is not a node",
                 "use node ids");
        std::string dir = attr(c, "directed");
        bool directed = dir.empty() ? directed_default : dir == "true";
        auto d = data_of(c, keys_.edge);
        double rate = d.count("rate") ? rate_value(path_ + ":" + std::to_string(c.line), d["rate"]) : 0;
        int a = index[s->second], b = index[t->second];
        located(c.line, [&] {
            net.add_link(d.count("name") && directed ? d["name"] : fresh_name(net, a, b), a, b, rate);
            if (!directed) net.add_link(fresh_name(net, b, a), b, a, rate);
            return 0;
        });
    }

    /// "a-b", then "a-b.2", "a-b.3" for parallel edges.
    static std::string fresh_name(const Network& net, int a, int b) {
        std::string base = net.node(a).name + "-" + net.node(b).name, name = base;
        for (int k = 2; net.find_link(name); ++k) name = base + "." + std::to_string(k);
        return name;
    }

    static void attach_hosts(Network& net) {
        for (int s : net.switches()) {
            std::string name = "h_" + net.node(s).name;
            if (net.find_node(name))
                throw InputError("graphml", "node '" + name + "' already exists", "rename it or mark hosts with a kind key");
            net.add_cable(net.add_host(name), s);
        }
    }

    std::string path_;
    Keys keys_;
};

}  // namespace

Network read_graphml(const std::string& path) { return Reader(path).read(); }

}  // namespace liquid
