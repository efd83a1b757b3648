// `liquid simulate testbed --json`: written and read here only (see
// testbed_simulation_result.hpp).
#include "liquid/results/testbed_simulation_result.hpp"

#include <fmt/core.h>

#include "liquid/io/json_input.hpp"

namespace liquid::results {
namespace {

/// One JSON line per pattern (the columns of testbed.csv, throughputs in MB/s).
nlohmann::json rows_json(const std::vector<testbed::TestbedRow>& rows) {
    nlohmann::json out = nlohmann::json::array();
    for (const testbed::TestbedRow& r : rows) {
        nlohmann::json j{{"allocation", r.rep.allocation.label()},
                         {"nodes", r.rep.allocation.total()},
                         {"transfers", r.rep.transfers},
                         {"duration", r.rep.duration},
                         {"liquid_MBps", r.liquid_throughput / 1e6},
                         {"round_robin_length", r.round_robin_length},
                         {"dsatur_length", r.dsatur_length},
                         {"liquid_length", r.liquid_length},
                         {"liquid_found", r.liquid_found}};
        const std::pair<const char*, const testbed::TableCell*> cells[] = {{"round_robin", &r.round_robin},
                                                                           {"random", &r.random},
                                                                           {"fifo", &r.fifo},
                                                                           {"round_robin_frames", &r.round_robin_frames},
                                                                           {"dsatur", &r.dsatur},
                                                                           {"liquid_schedule", &r.liquid}};
        for (const auto& [name, c] : cells) {
            j[std::string(name) + "_MBps"] = c->throughput / 1e6;
            j[std::string(name) + "_ratio"] = c->ratio;
        }
        out.push_back(std::move(j));
    }
    return out;
}

constexpr const char* kBelow98 = "below_0.98";

}  // namespace

ResultView testbed_simulation_view(const testbed::TestbedTableOptions& o, const testbed::TestbedSimulation& result,
                                   const std::string& csv, const std::string& report) {
    const testbed::TestbedSummary& sum = result.summary;
    ResultView ratios(0);
    ratios.text_only(
        fmt::format("ratio to the liquid throughput:  {:<20} {:>7} {:>7} {:>7} {:>10}", "", "min", "median", "max", "< 0.98"));
    for (const auto& [name, s] : sum.ratios)
        ratios.row(name, {{"min", s.min}, {"median", s.median}, {"max", s.max}, {kBelow98, s.below_98}},
                   fmt::format("  {:<47} {:7.3f} {:7.3f} {:7.3f} {:10}", name, s.min, s.median, s.max, s.below_98));
    ResultView v(14);
    v.field("patterns", sum.patterns, "patterns",
            fmt::format("{} representative Swiss-T1 allocations (>= 2 switches)", sum.patterns))
        .field("unaware_size_bytes", o.unaware_size, "messages",
               fmt::format("{:g} MB unaware orders, {:g} MB schedules; links {:g} MB/s; random: median of {} seeds from {}",
                           o.unaware_size / 1e6, o.scheduled_size / 1e6, sum.link_rate / 1e6, o.random_runs, o.seed))
        .json_only("scheduled_size_bytes", o.scheduled_size)
        .json_only("random_runs", o.random_runs)
        .json_only("seed", o.seed)
        .field("hop_latency_s", o.sim.hop_latency_s, "overheads",
               fmt::format("hop latency {:g} s, message overhead {:g} s, barrier {:g} s", o.sim.hop_latency_s,
                           o.sim.message_overhead_s, o.sim.barrier_s))
        .json_only("message_overhead_s", o.sim.message_overhead_s)
        .json_only("barrier_s", o.sim.barrier_s)
        .row("liquid_schedules_found", sum.liquid_found,
             fmt::format("liquid schedules found: {} of {}", sum.liquid_found, sum.patterns))
        .section("ratio", ratios)
        .field("table", csv, "table", csv + (report.empty() ? "" : ", report: " + report))
        .json_only("rows", rows_json(result.rows));
    return v;
}

bool is_testbed_simulation_result(const nlohmann::json& j) {
    return j.is_object() && j.contains("patterns") && j.contains("ratio");
}

TestbedSimulationSummary read_testbed_simulation(const nlohmann::json& j, const std::string& file) {
    const io::JsonAt doc(j, file);
    TestbedSimulationSummary s;
    s.unaware_size_bytes = doc["unaware_size_bytes"].number();
    s.scheduled_size_bytes = doc["scheduled_size_bytes"].number();
    const io::JsonAt ratio = doc["ratio"];
    for (const auto& [name, value] : ratio.object().items()) {
        (void)value;
        const io::JsonAt r = ratio[name];
        s.ratios.push_back(
            {name,
             {r["min"].number(), r["median"].number(), r["max"].number(), static_cast<int>(r[kBelow98].integer(0, 1 << 30))}});
    }
    const io::JsonAt rows = doc["rows"];
    rows.array();
    for (std::size_t i = 0; i < rows.size(); ++i)
        s.rows.push_back({rows[i]["allocation"].string(), rows[i]["liquid_MBps"].number(),
                          rows[i]["liquid_schedule_MBps"].number(), rows[i]["round_robin_MBps"].number()});
    return s;
}

}  // namespace liquid::results
