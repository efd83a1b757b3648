// `liquid analyze`: link loads, duration Λ, bottlenecks, skeleton, liquid throughput and
// congestion-graph size of a traffic (report §3–4).
#include <fmt/core.h>

#include "command.hpp"
#include "input.hpp"
#include "option_checks.hpp"
#include "output.hpp"
#include "liquid/traffic/analysis.hpp"

namespace liquid::app {
namespace {

struct AnalyzeOptions {
    TrafficOptions traffic;
    bool json = false;
    bool loads = false;
    double rate = 0;
};

nlohmann::json analysis_json(const LoadedTraffic& in, const TrafficAnalysis& a, const CongestionGraph& g, double rate) {
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
                     {"congestion_graph", {{"vertices", g.vertex_count()}, {"edges", g.edge_count()}}},
                     {"loads", loads}};
    if (rate > 0) {
        j["link_rate_bytes_per_s"] = rate;
        j["liquid_throughput_bytes_per_s"] = a.liquid_ratio() * rate;
    }
    return j;
}

void print_text(const LoadedTraffic& in, const TrafficAnalysis& a, const CongestionGraph& g, double rate, bool loads) {
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
    fmt::print("\ncongestion graph:   {} vertices, {} edges\n", g.vertex_count(), g.edge_count());
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
        cmd.add_option("--rate", o->rate, "link rate in bytes/s for the throughput in bytes/s (default: the network's)")
            ->check(positive_amount());
        cmd.callback([o] {
            LoadedTraffic in = load_traffic(o->traffic);
            TrafficAnalysis a = analyze(in.traffic);
            CongestionGraph g(in.traffic);
            double rate = o->rate > 0 ? o->rate : in.link_rate;
            if (o->json) print_json(analysis_json(in, a, g, rate));
            else print_text(in, a, g, rate, o->loads);
        });
    }}};

}  // namespace
}  // namespace liquid::app
