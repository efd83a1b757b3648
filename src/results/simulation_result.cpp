// `liquid simulate --json`: written and read here only (see simulation_result.hpp).
#include "liquid/results/simulation_result.hpp"

#include <fmt/core.h>

#include "liquid/io/json_input.hpp"

namespace liquid::results {

ResultView simulation_view(const SimulationRun& run, const sim::Execution& e) {
    const sim::SimResult& r = e.result;
    const sim::SimOptions& t = run.times;
    const bool frames = e.executor == "frames";
    nlohmann::json links = nlohmann::json::array();
    std::string link_lines = "links (utilisation = carrying / makespan; held includes blocked and draining time):";
    for (int l = 0; l < static_cast<int>(r.links.size()); ++l) {
        const auto& link = r.links[static_cast<std::size_t>(l)];
        if (link.held <= 0) continue;
        links.push_back({{"link", run.traffic->link_name(l)},
                         {"utilisation", r.utilisation(l)},
                         {"held_s", link.held},
                         {"carrying_s", link.carrying}});
        link_lines +=
            fmt::format("\n  {:<12} {:6.1f}%   held {:.6g} s", run.traffic->link_name(l), 100 * r.utilisation(l), link.held);
    }
    ResultView v;
    v.field("source", run.source, "traffic")
        .field("method", e.method, "execution",
               fmt::format("{} ({}){}", e.method, frames ? "barrier-synchronised frames" : "per-sender queues, no sync",
                           e.method == "random" ? fmt::format(", seed {}", run.seed) : ""))
        .json_only("executor", e.executor)
        .json_only("seed", run.seed)
        .field("frames", r.frames, "frames")
        .text_if(frames)
        .field("hop_latency_s", t.hop_latency_s, "overheads",
               fmt::format("hop latency {:g} s, message overhead {:g} s, barrier {:g} s", t.hop_latency_s, t.message_overhead_s,
                           t.barrier_s))
        .json_only("message_overhead_s", t.message_overhead_s)
        .json_only("barrier_s", t.barrier_s)
        .json_only("barrier_time_s", r.barrier_time)
        .json_only("status", status_name(r.status))
        .field("makespan_s", r.makespan, "makespan",
               fmt::format("{:.6g} s ({} messages, {:.4g} MB, {} events)", r.makespan, r.messages, r.total_bytes / 1e6, r.events))
        .json_only("transfers", r.messages)
        .json_only("total_bytes", r.total_bytes)
        .json_only("events", r.events)
        .field("throughput_bytes_per_s", r.throughput, "throughput",
               fmt::format("{:.4g} MB/s at {:.4g} MB/s links", r.throughput / 1e6, run.link_rate / 1e6))
        .json_only("link_rate_bytes_per_s", run.link_rate)
        .field("liquid_throughput_bytes_per_s", r.liquid_throughput, "liquid throughput",
               fmt::format("{:.4g} MB/s (bottleneck busy {:.6g} s)", r.liquid_throughput / 1e6, r.liquid_time))
        .json_only("liquid_time_s", r.liquid_time)
        .field("ratio", r.ratio, "ratio", fmt::format("{:.4f}", r.ratio))
        .field(
            "blocked", {{"total_s", r.blocked_total}, {"max_s", r.blocked_max}, {"messages", r.blocked_messages}}, "blocked",
            fmt::format("{} messages, {:.6g} s in total, {:.6g} s at most", r.blocked_messages, r.blocked_total, r.blocked_max))
        .row("links", links, link_lines)
        .text_if(run.show_links);
    if (e.weighted)
        v.field("bound_s", e.bound_s, "bound T*",
                fmt::format("{:.6g} s (the most loaded link's bytes over its rate); delivered at {:.4f} of it, "
                            "planned {:.6g} s in {} frames",
                            e.bound_s, e.bound_s / r.makespan, e.planned_s, e.schedule_length))
            .json_only("planned_time_s", e.planned_s)
            .json_only("ratio_to_bound", e.bound_s / r.makespan);
    if (e.solved) v.json_only("schedule", {{"length", e.schedule_length}, {"liquid", e.liquid}});
    return v;
}

bool is_simulation_result(const nlohmann::json& j) { return j.is_object() && j.contains("makespan_s") && j.contains("links"); }

SimulationSummary read_simulation(const nlohmann::json& j, const std::string& file) {
    const io::JsonAt doc(j, file);
    SimulationSummary s{doc["source"].string(),
                        doc["method"].string(),
                        doc["executor"].string(),
                        doc["makespan_s"].number(),
                        doc["throughput_bytes_per_s"].number(),
                        doc["liquid_throughput_bytes_per_s"].number(),
                        doc["ratio"].number(),
                        {}};
    const io::JsonAt links = doc["links"];
    links.array();
    for (std::size_t i = 0; i < links.size(); ++i)
        s.links.push_back({links[i]["link"].string(), links[i]["utilisation"].number()});
    return s;
}

}  // namespace liquid::results
