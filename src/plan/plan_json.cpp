#include "liquid/plan/plan_json.hpp"

#include "liquid/base/error.hpp"
#include "liquid/base/input_file.hpp"
#include "liquid/base/time_budget.hpp"

namespace liquid::plan {

namespace {

using nlohmann::json;

// "links" (the names of the links the plan uses, in order of first use) and "routes" (per
// frame, per pair, indices into "links"): the plan's routes without the rest of the network.
void write_routes(const Plan& plan, json& doc) {
    std::vector<int> index(plan.link_names.size(), -1);
    json names = json::array(), routes = json::array();
    for (const auto& frame : plan.links) {
        throw_if_stop_requested();  // a million routes at 1 024 ranks
        json f = json::array();
        for (const auto& route : frame) {
            json r = json::array();
            for (int l : route) {
                if (index[l] < 0) {
                    index[l] = static_cast<int>(names.size());
                    names.push_back(plan.link_names[l]);
                }
                r.push_back(index[l]);
            }
            f.push_back(r);
        }
        routes.push_back(f);
    }
    doc["links"] = std::move(names);
    doc["routes"] = std::move(routes);
}

}  // namespace

nlohmann::json plan_json(const Plan& plan) {
    json frames = json::array();
    for (const auto& frame : plan.frames) {
        throw_if_stop_requested();
        json f = json::array();
        for (const RankPair& p : frame) f.push_back({p.src, p.dst});
        frames.push_back(f);
    }
    // Every rank's frames in one pass over the pairs (rank_plan() per rank would be K³).
    std::vector<std::vector<RankFrame>> by_rank(plan.ranks, std::vector<RankFrame>(plan.frames.size()));
    for (std::size_t f = 0; f < plan.frames.size(); ++f)
        for (const RankPair& p : plan.frames[f]) {
            by_rank[p.src][f].send_to.push_back(p.dst);
            by_rank[p.dst][f].recv_from.push_back(p.src);
        }
    json per_rank = json::array();
    for (int r = 0; r < plan.ranks; ++r) {
        throw_if_stop_requested();
        json rf = json::array();
        for (const RankFrame& f : by_rank[r]) rf.push_back({{"send", f.send_to}, {"recv", f.recv_from}});
        per_rank.push_back({{"rank", r}, {"host", plan.hosts.empty() ? "" : plan.hosts[r]}, {"frames", rf}});
    }
    json doc = {{"format", "liquid-plan"}, {"version", 1},           {"network", plan.network},   {"method", plan.method},
                {"ranks", plan.ranks},     {"hosts", plan.hosts},    {"duration", plan.duration}, {"length", plan.length()},
                {"liquid", plan.liquid},   {"optimal", plan.optimal}};
    // Moved, not copied: a million pairs at 1 024 ranks.
    doc["frames"] = std::move(frames);
    doc["per_rank"] = std::move(per_rank);
    if (!plan.links.empty()) write_routes(plan, doc);
    return doc;
}

namespace {

// A member of the plan file, or an InputError naming the file and JSON path.
const json& member(const json& j, const std::string& key, const std::string& file, const std::string& at,
                   bool (json::*is)() const, const char* what) {
    if (!j.contains(key)) throw InputError(file + ": " + at, "missing \"" + key + "\"", "write it with `liquid plan --json`");
    const json& v = j[key];
    if (!(v.*is)())
        throw InputError(file + ": " + at + "/" + key, std::string("expected ") + what, "write it with `liquid plan --json`");
    return v;
}

/// Like every other JSON input: a misspelt member is an error, not silently ignored
/// (members starting with "x-" are extensions and allowed).
void reject_unknown_members(const json& doc, const std::string& path) {
    static const char* const known[] = {"format", "version", "network", "method", "ranks",    "hosts", "duration",
                                        "length", "liquid",  "optimal", "frames", "per_rank", "links", "routes"};
    for (const auto& [key, value] : doc.items()) {
        if (key.rfind("x-", 0) == 0) continue;
        bool ok = false;
        for (const char* k : known) ok = ok || key == k;
        if (!ok)
            throw InputError(path + ": /" + key, "unknown member \"" + key + "\"",
                             "remove it or check its spelling (a plan file has format, version, ranks, frames, ...)");
    }
}

int rank_number(const json& v, const std::string& where) {
    if (!v.is_number_integer()) throw InputError(where, "a rank is a whole number", "write ranks as 0, 1, ...");
    // get<int>() would wrap 4294967296 to rank 0.
    if (v.is_number_unsigned() ? v.get<std::uint64_t>() > 1000000
                               : (v.get<std::int64_t>() < 0 || v.get<std::int64_t>() > 1000000))
        throw InputError(where, "rank " + v.dump() + " is outside 0..1000000", "write ranks of MPI_COMM_WORLD: 0, 1, ...");
    return v.get<int>();
}

// "links" and "routes" (write_routes), both or neither; their shape and meaning are checked
// by verify_plan.
void read_routes(const json& doc, const std::string& path, Plan& plan) {
    if (doc.contains("links") != doc.contains("routes"))
        throw InputError(path + ": /" + (doc.contains("links") ? "routes" : "links"), "missing",
                         "give both \"links\" and \"routes\", or neither");
    if (!doc.contains("links")) return;
    for (const json& name : member(doc, "links", path, "", &json::is_array, "an array of link names")) {
        if (!name.is_string()) throw InputError(path + ": /links", "a link name is a string", "write link names in quotes");
        plan.link_names.push_back(name.get<std::string>());
    }
    const json& routes = member(doc, "routes", path, "", &json::is_array, "an array of frames of routes");
    for (std::size_t f = 0; f < routes.size(); ++f) {
        const std::string at = path + ": /routes/" + std::to_string(f);
        if (!routes[f].is_array()) throw InputError(at, "expected an array of routes", "write [[0, 3], ...]");
        plan.links.emplace_back();
        for (std::size_t i = 0; i < routes[f].size(); ++i) {
            const json& route = routes[f][i];
            const std::string where = at + "/" + std::to_string(i);
            if (!route.is_array()) throw InputError(where, "a route is an array of link indices", "write [0, 3, ...]");
            plan.links.back().emplace_back();
            for (const json& l : route) {
                if (!l.is_number_integer() || l.get<long long>() < 0 ||
                    l.get<long long>() >= static_cast<long long>(plan.link_names.size()))
                    throw InputError(where, "link " + l.dump() + " is not an index into \"links\"",
                                     "give indices 0.." + std::to_string(plan.link_names.size()) + "-1");
                plan.links.back().back().push_back(l.get<int>());
            }
        }
    }
}

}  // namespace

Plan read_plan_json(const std::string& path) {
    json doc;
    try {
        doc = json::parse(read_input_file(path));
    } catch (const json::exception& e) {  // a syntax error, or a number no double holds
        throw InputError(path, std::string("not JSON: ") + e.what(), "write it with `liquid plan --json`");
    }
    if (!doc.is_object()) throw InputError(path + ": /", "expected an object", "write it with `liquid plan --json`");
    reject_unknown_members(doc, path);
    if (member(doc, "format", path, "", &json::is_string, "a string") != "liquid-plan")
        throw InputError(path + ": /format", "this is not a plan file", "write it with `liquid plan --json`");
    if (member(doc, "version", path, "", &json::is_number_integer, "a whole number") != 1)
        throw InputError(path + ": /version", "unknown plan version", "this liquid reads version 1");
    Plan plan;
    const long long ranks = member(doc, "ranks", path, "", &json::is_number_integer, "a whole number").get<long long>();
    if (ranks < 1 || ranks > 1000000)
        throw InputError(path + ": /ranks", "the number of ranks must be 1 or more", "give the communicator size");
    plan.ranks = static_cast<int>(ranks);
    if (doc.contains("network")) plan.network = member(doc, "network", path, "", &json::is_string, "a string").get<std::string>();
    if (doc.contains("method")) plan.method = member(doc, "method", path, "", &json::is_string, "a string").get<std::string>();
    if (doc.contains("duration"))
        plan.duration = member(doc, "duration", path, "", &json::is_number_integer, "a whole number").get<int>();
    if (doc.contains("liquid")) plan.liquid = member(doc, "liquid", path, "", &json::is_boolean, "true or false").get<bool>();
    if (doc.contains("optimal")) plan.optimal = member(doc, "optimal", path, "", &json::is_boolean, "true or false").get<bool>();
    if (doc.contains("hosts"))
        for (const json& h : member(doc, "hosts", path, "", &json::is_array, "an array of host names")) {
            if (!h.is_string()) throw InputError(path + ": /hosts", "a host name is a string", "write host names in quotes");
            plan.hosts.push_back(h.get<std::string>());
        }
    if (!plan.hosts.empty() && plan.hosts.size() != static_cast<std::size_t>(plan.ranks))
        throw InputError(path + ": /hosts",
                         std::to_string(plan.hosts.size()) + " hosts for " + std::to_string(plan.ranks) + " ranks",
                         "give one host per rank, or leave \"hosts\" out");
    const json& frames = member(doc, "frames", path, "", &json::is_array, "an array of frames");
    for (std::size_t f = 0; f < frames.size(); ++f) {
        const std::string at = "/frames/" + std::to_string(f);
        if (!frames[f].is_array())
            throw InputError(path + ": " + at, "a frame is an array of [src, dst] pairs", "write [[0, 1], ...]");
        plan.frames.emplace_back();
        for (std::size_t i = 0; i < frames[f].size(); ++i) {
            const json& pair = frames[f][i];
            const std::string where = path + ": " + at + "/" + std::to_string(i);
            if (!pair.is_array() || pair.size() != 2)
                throw InputError(where, "a transfer is [src, dst]", "give two rank numbers");
            plan.frames.back().push_back({rank_number(pair[0], where), rank_number(pair[1], where)});
        }
    }
    read_routes(doc, path, plan);
    if (std::string problem = verify_plan(plan); !problem.empty())
        throw InputError(path + ": /frames", problem,
                         "every ordered pair of distinct ranks must be in exactly one frame, and a frame's routes "
                         "must not share a link");
    return plan;
}

}  // namespace liquid::plan
