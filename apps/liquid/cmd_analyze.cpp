// `liquid analyze`: link loads, duration Λ, bottlenecks, skeleton, liquid throughput and
// congestion-graph size of a traffic (report §3–4).
#include <fmt/core.h>

#include "command.hpp"
#include "input.hpp"
#include "option_checks.hpp"
#include "output.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/congestion_edges.hpp"

namespace liquid::app {
namespace {

struct AnalyzeOptions {
    TrafficOptions traffic;
    bool json = false;
    bool loads = false;
    bool no_congestion_graph = false;
    double rate = 0;
};

/// Edges of the congestion graph, counted without building it; not counted with --no-congestion-graph.
struct EdgeCount {
    bool counted = false;
    std::uint64_t edges = 0;
};

nlohmann::json analysis_json(const LoadedTraffic& in, const TrafficAnalysis& a, const EdgeCount& edges, double rate) {
    nlohmann::json bottlenecks = nlohmann::json::array();
    for (int l : a.bottlenecks) bottlenecks.push_back(in.traffic.link_name(l));
    nlohmann::json loads = nlohmann::json::object();
    for (int l = 0; l < in.traffic.link_count(); ++l)
        if (a.load[l] > 0) loads[in.traffic.link_name(l)] = a.load[l];
    nlohmann::json j{{"source", in.source},
                     {"transfers", a.transfers},
                     {"links", in.traffic.link_count()},
                     {"links_used", loads.size()},
                     {"duration", a.duration},
                     {"bottlenecks", bottlenecks},
                     {"skeleton", a.skeleton.count()},
                     {"liquid_throughput", a.liquid_ratio()},
                     {"loads", loads}};
    if (edges.counted) j["congestion_graph"] = {{"vertices", a.transfers}, {"edges", edges.edges}};
    if (rate > 0) {
        j["link_rate_bytes_per_s"] = rate;
        j["liquid_throughput_bytes_per_s"] = a.liquid_ratio() * rate;
    }
    return j;
}

void print_text(const LoadedTraffic& in, const TrafficAnalysis& a, const EdgeCount& edges, double rate, bool loads) {
    fmt::print("traffic:            {}\n", in.source);
    fmt::print("transfers:          {}\n", a.transfers);
    fmt::print("links:              {}\n", in.traffic.link_count());
    fmt::print("duration (Lambda):  {}\n", a.duration);
    std::string names;
    for (int l : a.bottlenecks) names += (names.empty() ? "" : " ") + in.traffic.link_name(l);
    fmt::print("bottlenecks:        {} ({})\n", a.bottlenecks.size(), names);
    fmt::print("skeleton:           {} transfers ({:.1f}%)\n", a.skeleton.count(),
               a.transfers ? 100.0 * double(a.skeleton.count()) / a.transfers : 0.0);
    fmt::print("liquid throughput:  {}/{} = {:.4g} transfers per frame", a.transfers, a.duration, a.liquid_ratio());
    if (rate > 0) fmt::print(" = {:.4g} MB/s ({:.4g} Gb/s) at {:.4g} MB/s links", a.liquid_ratio() * rate / 1e6,
                             a.liquid_ratio() * rate * 8 / 1e9, rate / 1e6);
    if (edges.counted) fmt::print("\ncongestion graph:   {} vertices, {} edges\n", a.transfers, edges.edges);
    else fmt::print("\ncongestion graph:   not counted (--no-congestion-graph)\n");
    if (loads) {
        fmt::print("link loads:\n");
        for (int l = 0; l < in.traffic.link_count(); ++l)
            if (a.load[l] > 0) fmt::print("  {:<12} {}{}\n", in.traffic.link_name(l), a.load[l], a.load[l] == a.duration ? "  bottleneck" : "");
    }
}

const RegisterCommand reg{{"analyze", "link loads, duration, bottlenecks, skeleton, liquid throughput, congestion graph",
    [](CLI::App& cmd) {
        auto o = std::make_shared<AnalyzeOptions>();
        add_traffic_options(cmd, o->traffic);
        cmd.add_flag("--json", o->json, "print one JSON object");
        cmd.add_flag("--loads", o->loads, "list the load of every used link");
        cmd.add_flag("--no-congestion-graph", o->no_congestion_graph,
                     "skip counting the congestion-graph edges (the slowest part on huge traffics)");
        cmd.add_option("--rate", o->rate, "link rate in bytes/s for the throughput in bytes/s (default: the network's)")
            ->check(positive_amount());
        cmd.callback([o] {
            LoadedTraffic in = load_traffic(o->traffic);
            TrafficAnalysis a = analyze(in.traffic);
            const EdgeCount edges = o->no_congestion_graph ? EdgeCount{} : EdgeCount{true, count_congestion_edges(in.traffic)};
            double rate = o->rate > 0 ? o->rate : in.link_rate;
            if (o->json) print_json(analysis_json(in, a, edges, rate));
            else print_text(in, a, edges, rate, o->loads);
        });
    }}};

}  // namespace
}  // namespace liquid::app
