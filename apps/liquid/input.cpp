#include "input.hpp"
#include "option_checks.hpp"

#include <climits>
#include <filesystem>
#include <sstream>

#include "liquid/base/error.hpp"
#include "liquid/base/name_check.hpp"
#include "liquid/io/demand_csv.hpp"
#include "liquid/io/network_import.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/io/traffic_file.hpp"
#include "liquid/io/traffic_json.hpp"
#include "liquid/traffic/byte_load.hpp"
#include "liquid/traffic/demand_matrix.hpp"
#include "liquid/traffic/patterns.hpp"

namespace liquid::app {

void add_traffic_options(CLI::App& cmd, TrafficOptions& o) {
    cmd.add_option("--traffic", o.traffic_file, "link-set traffic file (*.traffic)")->check(non_empty());
    cmd.add_option("--network", o.network, "network JSON file or generator spec: " + network_spec_help())->check(non_empty());
    cmd.add_option("--pattern", o.pattern, "pattern over --network: all-to-all, half-to-half, permutation, random")
        ->capture_default_str()
        ->check(non_empty());
    cmd.add_option("--senders", o.senders, "comma-separated sender hosts (default: all hosts)");
    cmd.add_option("--receivers", o.receivers, "comma-separated receiver hosts (default: all hosts)");
    cmd.add_flag("--self", o.include_self, "all-to-all also sends from each host to itself (Swiss-T1 nodes)");
    cmd.add_option("--demand", o.demand, "CSV of bytes, senders x receivers over --network's hosts (header row/column optional)")
        ->check(non_empty());
    cmd.add_option("--traffic-json", o.traffic_json, "traffic over a network (JSON)")->check(non_empty());
    cmd.add_option("--seed", o.seed, "seed of random patterns")->capture_default_str()->check(whole_number(0, LLONG_MAX));
    cmd.add_option("--count", o.count, "number of transfers of the random pattern (default: one per sender)")
        ->check(whole_number(0, kMaxPatternCount));
    cmd.add_option("--size", o.size, "message size in bytes")->check(positive_amount());
}

namespace {

std::vector<int> host_list(const Network& net, const std::string& csv, const char* option) {
    std::vector<int> hosts;
    std::vector<char> listed(static_cast<std::size_t>(net.node_count()), 0);
    std::istringstream in(csv);
    for (std::string name; std::getline(in, name, ',');) {
        if (name.empty()) continue;
        auto id = net.find_node(name);
        if (!id || !net.is_host(*id))
            throw InputError(option, "'" + printable_name(name) + "' is not a host of network '" + net.name() + "'",
                             "use host names, comma-separated");
        if (listed[static_cast<std::size_t>(*id)]++)
            throw InputError(option, "host '" + printable_name(name) + "' is listed twice", "list each host once");
        hosts.push_back(*id);
    }
    return hosts;
}

}  // namespace

std::vector<std::string> traffic_input_files(const TrafficOptions& o) {
    std::vector<std::string> files{o.traffic_file, o.traffic_json, o.network};
    for (std::string& f : import_spec_files(o.network)) files.push_back(std::move(f));
    return files;
}

LoadedTraffic load_traffic(const TrafficOptions& o) {
    if (o.size < 0) throw InputError("--size", "the message size is negative", "give the size in bytes (> 0)");
    if (o.count < 0) throw InputError("--count", "the transfer count is negative", "give a count >= 1");
    const int sources = !o.traffic_file.empty() + !o.traffic_json.empty() + !o.demand.empty();
    if (sources > 1) throw InputError("--traffic/--traffic-json/--demand", "more than one was given", "give one traffic");
    if (!o.traffic_file.empty()) {
        if (!o.network.empty())
            throw InputError("--traffic", "a link-set traffic needs no --network", "drop --network or use --traffic-json");
        LoadedTraffic t{std::nullopt, read_traffic_file(o.traffic_file), "link-set traffic " + o.traffic_file, 0};
        return t;
    }
    LoadedTraffic out;
    if (!o.traffic_json.empty()) {
        std::optional<Network> fallback;
        if (!o.network.empty()) fallback = load_network(o.network);
        auto nt = read_traffic_json(o.traffic_json, fallback ? &*fallback : nullptr);
        out.network = std::move(nt.network);
        out.traffic = std::move(nt.traffic);
        out.source = "traffic " + o.traffic_json + " over network '" + out.network->name() + "'";
    } else if (!o.demand.empty()) {
        if (o.network.empty()) throw InputError("--demand", "a demand matrix needs --network", "add --network SPEC|FILE.json");
        out.network = load_network(o.network);
        const std::vector<int> hosts = out.network->hosts();
        std::vector<std::string> names;
        for (int h : hosts) names.push_back(out.network->node(h).name);
        try {
            out.traffic = traffic_from_bytes(*out.network, hosts, read_demand_csv(o.demand, names));
        } catch (const InputError& e) {
            // Shape problems found after reading name the file too.
            if (e.where().rfind(o.demand, 0) == 0) throw;
            throw InputError(o.demand, e.what());
        }
        out.source = "demand " + o.demand + " over network '" + out.network->name() + "'";
        out.demand = true;
    } else {
        out.network = load_network(o.network.empty() ? "two-switch" : o.network);
        PatternSpec spec;
        spec.name = o.pattern;
        spec.senders = host_list(*out.network, o.senders, "--senders");
        spec.receivers = host_list(*out.network, o.receivers, "--receivers");
        spec.include_self = o.include_self;
        spec.seed = o.seed;
        spec.count = o.count;
        if (o.size > 0) spec.size = o.size;
        out.traffic = make_pattern(*out.network, spec);
        out.source = o.pattern + " over network '" + out.network->name() + "'";
        if (o.pattern == "permutation" || o.pattern == "random") out.source += " (seed " + std::to_string(o.seed) + ")";
    }
    if (out.traffic.size() == 0)
        throw InputError(out.source, "the traffic has no transfer", "choose senders and receivers that differ, or add --self");
    out.link_rate = out.network->default_rate();
    return out;
}

std::vector<double> traffic_link_rates(const LoadedTraffic& in) {
    return in.network ? link_rates(*in.network) : uniform_link_rates(in.traffic, Network().default_rate());
}

}  // namespace liquid::app
