// One table from import format to reader; `liquid network --from FORMAT FILE...` and
// the --network dispatcher's `FORMAT:FILE[,FILE...]` rows both go through it.
#include "liquid/io/network_import.hpp"

#include <algorithm>
#include <functional>
#include <map>

#include "liquid/base/error.hpp"
#include "liquid/io/infiniband.hpp"

namespace liquid {

namespace {

struct ImportFormat {
    std::size_t min_files, max_files;
    std::function<Network(const std::vector<std::string>&)> read;
};

/// Written in place of the forwarding tables: route the fabric by shortest paths on purpose.
constexpr const char* kShortestRouting = "routing=shortest";

/// The topology, then the forwarding tables or routing=shortest. Without either, the routes
/// would be a guess (shortest paths), not the ones the subnet manager programmed: on a
/// fat tree routed by ftree that guess can triple Λ, so it is refused, not assumed.
Network read_infiniband(const std::vector<std::string>& files) {
    std::vector<std::string> lfts(files.begin() + 1, files.end());
    const auto shortest = std::find(lfts.begin(), lfts.end(), kShortestRouting);
    const bool wants_shortest = shortest != lfts.end();
    if (wants_shortest) lfts.erase(shortest);
    IbTopology topo = read_ibnetdiscover(files.front());
    const std::string where = "ibnetdiscover " + files.front();
    if (wants_shortest && !lfts.empty())
        throw InputError(where, "both forwarding tables and routing=shortest were given",
                         "drop routing=shortest to follow the tables, or the tables to route by shortest paths");
    if (!wants_shortest && lfts.empty())
        throw InputError(where,
                         "no forwarding tables: the routes the subnet manager programmed are unknown (shortest paths "
                         "are only a guess)",
                         "add OpenSM's LFT dump (opensm-lfts.dump) or the `ibroute` output of every switch after the "
                         "topology, or routing=shortest to route by shortest paths on purpose");
    return ib_network(topo, wants_shortest ? std::vector<IbForwardingTable>{} : read_forwarding_tables(lfts));
}

const std::map<std::string, ImportFormat>& table() {
    static const std::map<std::string, ImportFormat> formats{
        {"ibnetdiscover", {1, 64, read_infiniband}},
        {"slurm", {1, 1, [](const auto& f) { return read_slurm_topology(f[0]); }}},
        {"booksim", {1, 1, [](const auto& f) { return read_booksim_anynet(f[0]); }}},
        {"graphml", {1, 1, [](const auto& f) { return read_graphml(f[0]); }}},
    };
    return formats;
}

/// The generators' bound on (switch, host) routing-table entries (generators.cpp), which
/// keeps routing within a few hundred MB and seconds; imported fabrics get the same.
constexpr long long kMaxTableEntries = 1LL << 24;

}  // namespace

/// The size check of an imported fabric (network_import.hpp), after parsing (linear in the
/// file) and before routing (quadratic in the fabric).
void check_fabric_size(const Network& net, const std::string& file) {
    const long long hosts = static_cast<long long>(net.hosts().size());
    const long long switches = static_cast<long long>(net.node_count()) - hosts;
    const std::string fix = "import a smaller fabric (at most " + std::to_string(kMaxImportedNodes) + " hosts and switches, " +
                            std::to_string(kMaxImportedLinks) + " links, " + std::to_string(kMaxTableEntries) +
                            " switch-host pairs)";
    if (hosts > kMaxImportedNodes) throw InputError(file, std::to_string(hosts) + " hosts are too many", fix);
    if (switches > kMaxImportedNodes) throw InputError(file, std::to_string(switches) + " switches are too many", fix);
    if (net.link_count() > kMaxImportedLinks)
        throw InputError(file, std::to_string(net.link_count()) + " links are too many", fix);
    if (hosts * switches > kMaxTableEntries)
        throw InputError(file,
                         std::to_string(switches) + " switches times " + std::to_string(hosts) + " hosts need " +
                             std::to_string(hosts * switches) + " routing-table entries",
                         fix);
}

const std::vector<std::string>& import_formats() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const auto& [name, f] : table()) v.push_back(name);
        return v;
    }();
    return names;
}

const std::string& import_help() {
    static const std::string help =
        "ibnetdiscover:TOPOLOGY,LFTS... (ibnetdiscover output + OpenSM's opensm-lfts.dump or concatenated ibroute "
        "output; routing=shortest instead of LFTS routes by shortest paths), "
        "slurm:topology.conf, booksim:ANYNET_FILE, graphml:FILE";
    return help;
}

Network import_network(const std::string& format, const std::vector<std::string>& files) {
    auto it = table().find(format);
    if (it == table().end()) throw InputError("--from " + format, "unknown import format", "use one of: " + import_help());
    if (files.size() < it->second.min_files || files.size() > it->second.max_files)
        throw InputError("--from " + format,
                         "takes " + std::to_string(it->second.min_files) +
                             (it->second.max_files > it->second.min_files ? " or more files" : " file"),
                         import_help());
    Network net = it->second.read(files);
    check_fabric_size(net, files.front());
    return net;
}

std::vector<std::string> import_spec_files(const std::string& spec) {
    const auto colon = spec.find(':');
    if (colon == std::string::npos || table().count(spec.substr(0, colon)) == 0) return {};
    const std::string fix = "write FORMAT:FILE[,FILE...]; in a file name write \\, for a comma and \\\\ for a backslash";
    std::vector<std::string> files(1);
    for (std::size_t i = colon + 1; i < spec.size(); ++i) {
        const char c = spec[i];
        if (c == ',') {
            if (files.back().empty()) throw InputError("network " + spec, "a file name is empty", fix);
            files.emplace_back();
        } else if (c == '\\') {
            if (++i == spec.size()) throw InputError("network " + spec, "the spec ends with a lone backslash", fix);
            files.back() += spec[i];
        } else {
            files.back() += c;
        }
    }
    if (files.back().empty()) throw InputError("network " + spec, "a file name is empty", fix);
    return files;
}

Network import_network_spec(const std::string& spec) {
    return import_network(spec.substr(0, spec.find(':')), import_spec_files(spec));
}

}  // namespace liquid
