#include "liquid/io/traffic_json.hpp"

#include <climits>
#include <filesystem>

#include "liquid/base/error.hpp"
#include "liquid/io/json_input.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/io/network_spec.hpp"

namespace liquid {

namespace {

using io::JsonAt;

int host_named(const Network& net, const JsonAt& at) {
    std::string name = at.string();
    auto id = net.find_node(name);
    if (!id || !net.is_host(*id))
        at.fail("'" + name + "' is not a host of network '" + net.name() + "'", "use a declared host name");
    return *id;
}

std::vector<int> host_list(const Network& net, const JsonAt& at) {
    std::vector<int> v;
    for (std::size_t i = 0; i < at.array().size(); ++i) v.push_back(host_named(net, at[i]));
    return v;
}

double size_of(const JsonAt& at) {
    double s = at.number();
    if (!(s > 0)) at.fail("size must be positive", "give the message size in bytes");
    return s;
}

/// Network named by a traffic file: a path relative to the file, an inline object, or a
/// generator spec ("swiss-t1", "fat-tree:4,2").
Network network_of(const JsonAt& at, const std::string& traffic_path) {
    if (at.value().is_object()) return network_from_json(at.value(), at.where());
    std::string ref = at.string();
    auto rel = std::filesystem::path(traffic_path).parent_path() / ref;
    if (std::filesystem::exists(rel)) return read_network_json(rel.string());
    if (std::filesystem::exists(ref)) return read_network_json(ref);
    try {
        return make_network(ref);
    } catch (const InputError& e) {
        at.fail("'" + ref + "' is neither a network file nor a network spec", e.what());
    }
}

Traffic explicit_transfers(const JsonAt& list, const Network& net, double default_size) {
    std::vector<std::string> names;
    for (const auto& l : net.links()) names.push_back(l.name);
    Traffic traffic(names);
    for (std::size_t i = 0; i < list.array().size(); ++i) {
        JsonAt t = list[i];
        t.allow_members({"name", "from", "to", "size"});
        int from = host_named(net, t["from"]), to = host_named(net, t["to"]);
        std::string name = t.has("name") ? t["name"].string() : net.node(from).name + "-" + net.node(to).name;
        double size = t.has("size") ? size_of(t["size"]) : default_size;
        try {
            traffic.add(name, net.route(from, to), from, to, size);
        } catch (const InputError& e) {
            t.fail(e.what(), "");
        }
    }
    return traffic;
}

}  // namespace

PatternSpec pattern_from_json(const nlohmann::json& j, const Network& net, const std::string& where) {
    // `where` may already be "file: /pointer" (a pattern inside a traffic file): continue
    // that pointer so errors read "file: /pattern/count".
    const auto cut = where.find(": /");
    JsonAt p = cut == std::string::npos ? JsonAt(j, where) : JsonAt(j, where.substr(0, cut), where.substr(cut + 2));
    PatternSpec spec;
    if (j.is_string()) {
        spec.name = p.string();
        return spec;
    }
    p.allow_members({"name", "senders", "receivers", "self", "seed", "count", "size", "demand"});
    spec.name = p["name"].string();
    if (p.has("senders")) spec.senders = host_list(net, p["senders"]);
    if (p.has("receivers")) spec.receivers = host_list(net, p["receivers"]);
    if (p.has("self")) spec.include_self = p["self"].boolean();
    if (p.has("seed")) spec.seed = static_cast<std::uint64_t>(p["seed"].integer(0, LLONG_MAX));
    if (p.has("count")) spec.count = static_cast<int>(p["count"].integer(0, kMaxPatternCount));
    if (p.has("size")) spec.size = size_of(p["size"]);
    if (p.has("demand")) {
        JsonAt rows = p["demand"];
        for (std::size_t i = 0; i < rows.array().size(); ++i) {
            std::vector<int> row;
            for (std::size_t k = 0; k < rows[i].array().size(); ++k)
                row.push_back(static_cast<int>(rows[i][k].integer(0, kMaxPatternCount)));
            spec.demand.push_back(row);
        }
    }
    return spec;
}

Traffic traffic_from_json(const nlohmann::json& j, const Network& net, const std::string& where) {
    JsonAt doc(j, where);
    doc.allow_members({"network", "comment", "size", "pattern", "transfers"});
    double size = doc.has("size") ? size_of(doc["size"]) : 1.0;
    if (doc.has("pattern") == doc.has("transfers"))
        doc.fail("give exactly one of \"pattern\" and \"transfers\"", "name a pattern or list the transfers");
    if (doc.has("transfers")) {
        if (doc["transfers"].array().empty()) doc["transfers"].fail("the traffic has no transfer", "list at least one transfer");
        return explicit_transfers(doc["transfers"], net, size);
    }
    JsonAt p = doc["pattern"];
    PatternSpec spec = pattern_from_json(p.value(), net, p.where());
    if (!p.has("size")) spec.size = size;
    try {
        return make_pattern(net, spec);
    } catch (const InputError& e) {
        p.fail(e.what(), "");
    }
}

NetworkTraffic read_traffic_json(const std::string& path, const Network* fallback) {
    const nlohmann::json j = io::parse_json_file(path);
    JsonAt doc(j, path);
    doc.object();
    if (doc.has("network")) {
        Network net = network_of(doc["network"], path);
        Traffic traffic = traffic_from_json(j, net, path);
        return {std::move(net), std::move(traffic)};
    }
    if (!fallback) doc.fail("no network is named", "add \"network\": \"file.json\" or pass --network");
    return {*fallback, traffic_from_json(j, *fallback, path)};
}

nlohmann::json traffic_to_json(const Traffic& traffic, const Network& net) {
    nlohmann::json j;
    j["network"] = network_to_json(net);
    j["transfers"] = nlohmann::json::array();
    for (const auto& t : traffic.transfers()) {
        nlohmann::json o{{"name", t.name}, {"from", net.node(t.src).name}, {"to", net.node(t.dst).name}};
        if (t.size != 1.0) o["size"] = t.size;
        j["transfers"].push_back(o);
    }
    return j;
}

}  // namespace liquid
