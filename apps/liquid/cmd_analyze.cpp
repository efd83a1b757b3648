// `liquid analyze`: link loads, duration Λ, bottlenecks, skeleton, liquid throughput and
// congestion-graph size of a traffic (report §3–4).
#include <fmt/core.h>

#include "command.hpp"
#include "command_budget.hpp"
#include "input.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/byte_load.hpp"
#include "liquid/traffic/congestion_edges.hpp"
#include "option_checks.hpp"
#include "result_view.hpp"

namespace liquid::app {
namespace {

struct AnalyzeOptions {
    TrafficOptions traffic;
    BudgetOptions budget;
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

/// Unequal sizes: the byte-load bound T* and the links that set it.
void byte_load_rows(ResultView& v, const LoadedTraffic& in) {
    const Traffic& t = in.traffic;
    const std::vector<double> rates = traffic_link_rates(in);
    check_byte_sizes(t, rates, in.source);
    const ByteLoad b = byte_load(t, rates);
    std::vector<std::string> names;
    for (int l : b.bottlenecks) names.push_back(t.link_name(l));
    double bytes = 0;
    for (const Transfer& x : t.transfers()) bytes += x.size;
    v.field("bytes", bytes, "bytes", fmt::format("{:.0f} (sizes differ: the bound is the byte load)", bytes))
        .field("bound_s", b.bound_s, "bound T*",
               fmt::format("{:.6g} s = {:.0f} bytes over {:.4g} B/s on the most loaded link", b.bound_s,
                           b.bottlenecks.empty() ? 0.0 : b.bytes[static_cast<std::size_t>(b.bottlenecks.front())],
                           b.bottlenecks.empty() ? 0.0 : rates[static_cast<std::size_t>(b.bottlenecks.front())]))
        .names("byte_bottlenecks", names, "byte bottlenecks");
}

ResultView analysis_view(const LoadedTraffic& in, const TrafficAnalysis& a, const EdgeCount& edges, double rate, bool loads) {
    const Traffic& t = in.traffic;
    std::vector<std::string> bottlenecks;
    for (int l : a.bottlenecks) bottlenecks.push_back(t.link_name(l));
    nlohmann::json load_map = nlohmann::json::object();
    std::string load_lines = "link loads:";
    for (int l = 0; l < t.link_count(); ++l)
        if (a.load[l] > 0) {
            load_map[t.link_name(l)] = a.load[l];
            load_lines +=
                fmt::format("\n  {:<12} {}{}", t.link_name(l), a.load[l], a.load[l] == a.duration ? "  bottleneck" : "");
        }
    const double skeleton_pct = a.transfers ? 100.0 * double(a.skeleton.count()) / a.transfers : 0.0;
    std::string throughput = fmt::format("{}/{} = {:.4g} transfers per frame", a.transfers, a.duration, a.liquid_ratio());
    if (rate > 0)
        throughput += fmt::format(" = {:.4g} MB/s ({:.4g} Gb/s) at {:.4g} MB/s links", a.liquid_ratio() * rate / 1e6,
                                  a.liquid_ratio() * rate * 8 / 1e9, rate / 1e6);
    ResultView v;
    v.field("source", in.source, "traffic")
        .field("transfers", a.transfers, "transfers")
        .field("links", t.link_count(), "links")
        .json_only("links_used", load_map.size())
        .field("duration", a.duration, "duration (Lambda)")
        .names("bottlenecks", bottlenecks, "bottlenecks")
        .field("skeleton", a.skeleton.count(), "skeleton",
               fmt::format("{} transfers ({:.1f}%)", a.skeleton.count(), skeleton_pct))
        .field("liquid_throughput", a.liquid_ratio(), "liquid throughput", throughput);
    if (rate > 0) v.json_only("link_rate_bytes_per_s", rate).json_only("liquid_throughput_bytes_per_s", a.liquid_ratio() * rate);
    if (edges.counted)
        v.field("congestion_graph", {{"vertices", a.transfers}, {"edges", edges.edges}}, "congestion graph",
                fmt::format("{} vertices, {} edges", a.transfers, edges.edges));
    else v.text_only(v.label("congestion graph") + "not counted (--no-congestion-graph)");
    v.row("loads", load_map, load_lines).text_if(loads);
    if (in.demand || has_unequal_sizes(t)) byte_load_rows(v, in);
    return v;
}

const RegisterCommand reg_analyze{
    {"analyze", "link loads, duration, bottlenecks, skeleton, liquid throughput, congestion graph", [](CLI::App& cmd) {
         auto o = std::make_shared<AnalyzeOptions>();
         add_traffic_options(cmd, o->traffic);
         cmd.add_flag("--json", o->json, "print one JSON object");
         cmd.add_flag("--loads", o->loads, "list the load of every used link");
         cmd.add_flag("--no-congestion-graph", o->no_congestion_graph,
                      "skip counting the congestion-graph edges (the slowest part on huge traffics)");
         cmd.add_option("--rate", o->rate, "link rate in bytes/s for the throughput in bytes/s (default: the network's)")
             ->check(positive_amount());
         add_budget_options(cmd, o->budget);
         cmd.callback([o] {
             const CommandBudget budget(o->budget);
             LoadedTraffic in = load_traffic(o->traffic);
             TrafficAnalysis a = analyze(in.traffic);
             const EdgeCount edges = o->no_congestion_graph ? EdgeCount{} : EdgeCount{true, count_congestion_edges(in.traffic)};
             double rate = o->rate > 0 ? o->rate : in.link_rate;
             render(analysis_view(in, a, edges, rate, o->loads), o->json);
         });
     }}};

}  // namespace
}  // namespace liquid::app
