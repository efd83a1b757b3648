// The optical point-to-point documents: written and read here only (see
// optical_p2p_result.hpp).
#include "liquid/results/optical_p2p_result.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <climits>
#include <cmath>

#include "liquid/io/json_input.hpp"
#include "liquid/optical/p2p/options.hpp"

namespace liquid::results {

namespace p2p = liquid::optical::p2p;

namespace {

/// "p = 81.5 %" where a hot spot at node 0 first overloads a link; JSON null when none does
/// (MMIR unlimited, or every p fits).
ResultView load_bound_rows(const p2p::SimResult& r) {
    const bool bounded = std::isfinite(r.hot_saturation_p);
    ResultView v;
    v.row("saturation_p", bounded ? nlohmann::json(r.hot_saturation_p) : nlohmann::json(),
          fmt::format("  link load bound: the busiest link is offered {:.0f} % of what MMIR lets through; {}",
                      100 * r.busiest_link_utilization,
                      bounded ? fmt::format("a hot spot at node 0 overloads a link from p = {:.1f} %", 100 * r.hot_saturation_p)
                              : std::string("no hot spot can overload a link")))
        .json_only("busiest_link_utilization", r.busiest_link_utilization);
    return v;
}

/// One simulation's result (the `--json` object of `liquid optical p2p`, a run of
/// p2p-runs.json): a titled block of lines in the text.
}  // namespace

ResultView p2p_run_view(const p2p::SimResult& r, const std::string& title, bool hot) {
    ResultView v;
    v.text_only(title)
        .json_only("model", r.model)
        .json_only("nodes", r.nodes)
        .json_only("seed", r.seed)
        .row("mean_rounds", r.mean_rounds,
             fmt::format("  mean rounds {:.2f} (p50 {}, p90 {}, p99 {}, max {}), mean hops {:.2f}, load-free mean hops {:.2f}",
                         r.mean_rounds, r.p50, r.p90, r.p99, r.max_rounds, r.mean_hops, r.static_average_distance))
        .json_only("percentiles", {{"p50", r.p50}, {"p90", r.p90}, {"p99", r.p99}, {"max", r.max_rounds}})
        .json_only("mean_hops", r.mean_hops)
        .json_only("static_average_distance", r.static_average_distance)
        .json_only("static_diameter", r.static_diameter)
        .row("hotspot", {{"delivered", r.hot_delivered}, {"mean_rounds", r.hot_mean_rounds}, {"moves", r.hotspot_moves}},
             fmt::format("  to the hot spot: {} measured requests, mean rounds {:.2f}{}", r.hot_delivered, r.hot_mean_rounds,
                         r.hotspot_moves ? fmt::format(" (it moved {} times)", r.hotspot_moves) : ""))
        .text_if(hot);
    if (r.model == "multi-ring") v.section("load_bound", load_bound_rows(r));
    v.row("requests",
          {{"created", r.created}, {"measured", r.measured}, {"delivered", r.delivered}, {"undelivered", r.undelivered}},
          fmt::format(
              "  requests: {} created, {} measured, {} delivered{}", r.created, r.measured, r.delivered,
              r.saturated ? fmt::format(", {} NOT delivered (saturated: offered load exceeds capacity)", r.undelivered) : ""))
        .json_only("saturated", r.saturated)
        .row("queue", {{"mean_per_node", r.mean_queue}, {"max", r.max_queue}},
             fmt::format("  queues: {:.2f} messages per node on average, longest {}; {:.1f} messages per transmission (max {})",
                         r.mean_queue, r.max_queue, r.mean_batch, r.max_batch))
        .json_only("batch", {{"mean", r.mean_batch}, {"max", r.max_batch}})
        .row("collisions", r.collisions,
             fmt::format("  collision check: {} collisions, {} misroutes, {} harmless overlaps over {} rounds", r.collisions,
                         r.misroutes, r.overlaps, r.rounds_run))
        .json_only("misroutes", r.misroutes)
        .json_only("overlaps", r.overlaps)
        .json_only("rounds_run", r.rounds_run)
        .json_only("transmissions", r.transmissions)
        .row("reconfigurations", r.reconfigurations,
             fmt::format("  reconfigurations: {} of {} attempts", r.reconfigurations, r.reconfig_attempts))
        .text_if(r.reconfig_attempts > 0)
        .json_only("reconfig_attempts", r.reconfig_attempts)
        .row("elapsed_seconds", r.elapsed_seconds,
             fmt::format("  {:.2f} s, {:.0f} rounds/s", r.elapsed_seconds,
                         double(r.rounds_run) / std::max(r.elapsed_seconds, 1e-9)));
    return v;
}

namespace {

/// "12.3", or "812.4*" when measured requests were still undelivered (saturated).
std::string cell(const p2p::SimResult* r) {
    if (!r) return "-";
    return fmt::format("{:.1f}{}", r->mean_rounds, r->saturated ? "*" : "");
}

ResultView table1_row(const p2p::Table1Comparison& c) {
    const auto& t = c.thesis;
    const int d = t.dimension;
    ResultView v;
    v.row("dimension", d,
          fmt::format("{:>3} {:>6} | {:>7} {:>22} | {:>9} {:>15} {:>9} | {:>10.2f} {:>4} | {:>12}", d, c.cycled10->nodes,
                      t.cycled, cell(c.cycled10) + " / " + cell(c.cycled50) + " / " + cell(c.cycled100),
                      fmt::format("{}-{}", t.on_demand_low, t.on_demand_high), cell(c.on_demand10) + " - " + cell(c.on_demand100),
                      cell(c.on_demand_idle), c.cycled10->static_average_distance, 3 * d, cell(c.current_dimension100)))
        .json_only("nodes", c.cycled10->nodes)
        .json_only("thesis", {{"cycled", t.cycled}, {"on_demand", {t.on_demand_low, t.on_demand_high}}})
        .json_only("ours", {{"cycled", {c.cycled10->mean_rounds, c.cycled50->mean_rounds, c.cycled100->mean_rounds}},
                            {"cycled_saturated", {c.cycled10->saturated, c.cycled50->saturated, c.cycled100->saturated}},
                            {"on_demand", {c.on_demand10->mean_rounds, c.on_demand100->mean_rounds}},
                            {"on_demand_one_event_per_round", c.on_demand_idle->mean_rounds},
                            {"route_hops", c.cycled10->static_average_distance},
                            {"cycled_current_dimension_100", c.current_dimension100->mean_rounds}});
    return v;
}

ResultView table2_row(const p2p::Table2Comparison& c) {
    const auto& t = c.thesis;
    ResultView v;
    v.row("dimension", t.dimension,
          fmt::format("{:>3} {:>6} {:>4} | {:>13} {:>6.2f} | {:>13} {:>6} | {:>14} {:>6.2f} {:>5} | {:>14} {:>6}", t.dimension,
                      t.nodes, c.w, t.optimal_fixed, c.fixed->static_average_distance, t.average_fixed, cell(c.fixed),
                      t.optimal_random, c.random->static_average_distance, c.random->static_diameter, t.average_random,
                      cell(c.random)))
        .json_only("nodes", t.nodes)
        .json_only("w", c.w)
        .json_only("thesis", {{"optimal_fixed", t.optimal_fixed},
                              {"average_fixed", t.average_fixed},
                              {"optimal_random", t.optimal_random},
                              {"average_random", t.average_random}})
        .json_only("ours", {{"optimal_fixed", c.fixed->static_average_distance},
                            {"average_fixed", c.fixed->mean_rounds},
                            {"optimal_random", c.random->static_average_distance},
                            {"diameter_random", c.random->static_diameter},
                            {"average_random", c.random->mean_rounds}});
    return v;
}

ResultView table3_row(const p2p::Table3Comparison& c) {
    ResultView v;
    v.row("dimension", c.ccc.dimension,
          fmt::format("{:>3} | {:>24} {:>24} | {:>10} {:>6}", c.ccc.dimension,
                      fmt::format("{} / {}-{}", c.ccc.cycled, c.ccc.on_demand_low, c.ccc.on_demand_high),
                      cell(c.cycled50) + " / " + cell(c.on_demand10) + "-" + cell(c.on_demand100), c.ring.average_random,
                      cell(c.ring_random)))
        .json_only("thesis", {{"ccc_cycled", c.ccc.cycled},
                              {"ccc_on_demand", {c.ccc.on_demand_low, c.ccc.on_demand_high}},
                              {"multi_ring", c.ring.average_random}})
        .json_only("ours", {{"ccc_cycled", c.cycled50->mean_rounds},
                            {"ccc_on_demand", {c.on_demand10->mean_rounds, c.on_demand100->mean_rounds}},
                            {"multi_ring", c.ring_random->mean_rounds}});
    return v;
}

ResultView dynamic_row(const p2p::DynamicComparison& c) {
    const p2p::SimResult& r = *c.dynamic;
    const p2p::Experiment& e = *c.experiment;
    const std::string variant = p2p::to_string(e.ring_spec.reconfig.variant);
    ResultView v;
    v.row("nodes", r.nodes,
          fmt::format("{:>5} {:>3}% {:>5} {:<20} | {:>8} {:>8} {:>7.3f} | {:>16}", r.nodes, int(e.traffic.hotspot_p * 100),
                      e.traffic.move.every ? std::to_string(e.traffic.move.every) : "-", variant, cell(&r), cell(c.fixed),
                      r.mean_rounds / c.fixed->mean_rounds, fmt::format("{}/{}", r.reconfigurations, r.reconfig_attempts)))
        .json_only("hotspot_p", e.traffic.hotspot_p)
        .json_only("hotspot_move", e.traffic.move.every)
        .json_only("variant", variant)
        .json_only("mean_rounds", r.mean_rounds)
        .json_only("static_mean_rounds", c.fixed->mean_rounds)
        .json_only("ratio", r.mean_rounds / c.fixed->mean_rounds)
        .json_only("reconfigurations", r.reconfigurations)
        .json_only("attempts", r.reconfig_attempts);
    return v;
}

}  // namespace

ResultView thesis_tables_view(const p2p::ThesisComparison& c, std::uint32_t rounds, std::uint64_t seed) {
    ResultView v;
    v.text_only(fmt::format("Table 1: CCC, mean rounds to finish a random event (thesis routing; cycled MMIR 35 per link, "
                            "on-demand MMIR unlimited as §5.5.3 says; {} rounds, seed {}; * = saturated)",
                            rounds, seed))
        .text_only(fmt::format("{:>3} {:>6} | {:>7} {:>22} | {:>9} {:>15} {:>9} | {:>9} {:>4} | {:>12}", "D", "nodes", "cycled",
                               "ours 10% / 50% / 100%", "on-demand", "ours 10%-100%", "ours idle", "route hops", "3D",
                               "cur-dim 100%"))
        .list("table1", views_of(c.table1, table1_row))
        .text_only(
            "\nTable 2: multi ring, spawn = N, MMIR 35 per link; 'optimal' = load-free mean distance (BFS), "
            "'average' = simulated mean rounds")
        .text_only(fmt::format("{:>3} {:>6} {:>4} | {:>13} {:>6} | {:>13} {:>6} | {:>14} {:>6} {:>5} | {:>14} {:>6}", "D", "N",
                               "w", "opt fixed", "ours", "avg fixed", "ours", "opt random", "ours", "diam", "avg random", "ours"))
        .list("table2", views_of(c.table2, table2_row))
        .text_only("\nTable 3: CCC against multi ring (mean rounds)")
        .text_only(
            fmt::format("{:>3} | {:>24} {:>24} | {:>10} {:>6}", "D", "thesis cycled / on-dem.", "ours", "thesis MR", "ours"))
        .list("table3", views_of(c.table3, table3_row));
    if (!c.dynamic.empty())
        v.text_only(
             "\nDynamic reconfiguration (§5.9, random chords, spawn = N; the thesis printed no numbers, only that every "
             "variant lost to the static configuration, with moving hot spots too (§5.9.4); moves = rounds between two "
             "hot-spot jumps)")
            .text_only(fmt::format("{:>5} {:>4} {:>5} {:<20} | {:>8} {:>8} {:>7} | {:>16}", "N", "hot", "moves", "variant",
                                   "dynamic", "static", "ratio", "changes/attempts"))
            .list("dynamic", views_of(c.dynamic, dynamic_row));
    v.row("collisions_total", c.collisions,
          fmt::format("\ncollision check over all {} runs: {} collisions or misroutes", c.runs, c.collisions))
        .json_only("seed", seed)
        .json_only("rounds", rounds);
    return v;
}

/// One run of p2p-runs.json: its result beside the experiment's parameters (JSON only).
ResultView experiment_run_view(const p2p::Experiment& e, const p2p::SimResult& r) {
    ResultView v = p2p_run_view(r, "", false);
    v.json_only("group", e.group)
        .json_only("curve", e.curve)
        .json_only("x", e.x)
        .json_only("spawn", e.traffic.spawn)
        .json_only("hotspot_p", e.traffic.hotspot_p)
        .json_only("hotspot_move", e.traffic.move.every)
        .json_only("mmir", e.run.mmir)
        .json_only("rounds", e.run.rounds);
    if (e.ccc) {
        v.json_only("dimension", e.ccc_spec.dimension)
            .json_only("discipline", p2p::to_string(e.ccc_spec.discipline))
            .json_only("routing", p2p::to_string(e.ccc_spec.routing));
    } else {
        v.json_only("chords", p2p::to_string(e.ring_spec.chords));
        if (e.ring_spec.chords == p2p::ChordKind::Fixed) v.json_only("w", p2p::chord_length(e.ring_spec));
        v.json_only("reconfig", p2p::to_string(e.ring_spec.reconfig.variant));
    }
    return v;
}

namespace {

/// A number, null (nothing measured) or an array of them.
CellValues cell_values(const io::JsonAt& j) {
    const nlohmann::json& v = j.value();
    if (v.is_null()) return {std::nullopt};
    if (v.is_number()) return {j.number()};
    if (!v.is_array()) j.fail("expected a number, null or an array of them", "give the unmodified --json output of the command");
    CellValues out;
    for (std::size_t i = 0; i < j.size(); ++i) {
        if (j[i].value().is_array()) j[i].fail("expected a number or null", "give the unmodified --json output of the command");
        out.push_back(cell_values(j[i]).front());
    }
    return out;
}

CellValues at(const io::JsonAt& row, const char* key) { return cell_values(row[key]); }
CellValues at(const io::JsonAt& row, const char* group, const char* key) { return cell_values(row[group][key]); }

template <class Row, class Read>
std::vector<Row> rows_of(const io::JsonAt& doc, const char* key, Read read) {
    std::vector<Row> rows;
    if (!doc.has(key)) return rows;
    const io::JsonAt list = doc[key];
    list.array();
    for (std::size_t i = 0; i < list.size(); ++i) rows.push_back(read(list[i]));
    return rows;
}

CccTableRow ccc_row(const io::JsonAt& r) {
    return {at(r, "dimension"),           at(r, "nodes"),
            at(r, "thesis", "cycled"),    at(r, "ours", "cycled"),
            at(r, "thesis", "on_demand"), at(r, "ours", "on_demand"),
            at(r, "ours", "route_hops")};
}

RingTableRow ring_row(const io::JsonAt& r) {
    return {at(r, "dimension"),
            at(r, "nodes"),
            at(r, "w"),
            at(r, "thesis", "optimal_fixed"),
            at(r, "ours", "optimal_fixed"),
            at(r, "thesis", "average_fixed"),
            at(r, "ours", "average_fixed"),
            at(r, "thesis", "optimal_random"),
            at(r, "ours", "optimal_random"),
            at(r, "thesis", "average_random"),
            at(r, "ours", "average_random")};
}

CccRingTableRow ccc_ring_row(const io::JsonAt& r) {
    return {at(r, "dimension"),
            at(r, "thesis", "ccc_cycled"),
            at(r, "ours", "ccc_cycled"),
            at(r, "thesis", "ccc_on_demand"),
            at(r, "ours", "ccc_on_demand"),
            at(r, "thesis", "multi_ring"),
            at(r, "ours", "multi_ring")};
}

DynamicTableRow dynamic_table_row(const io::JsonAt& r) {
    return {at(r, "nodes"),       at(r, "hotspot_p"),          at(r, "hotspot_move"), r["variant"].string(),
            at(r, "mean_rounds"), at(r, "static_mean_rounds"), at(r, "ratio")};
}

bool has(const nlohmann::json& j, const char* key) { return j.is_object() && j.contains(key); }

}  // namespace

bool is_thesis_tables_result(const nlohmann::json& j) { return has(j, "table1") || has(j, "table2"); }

ThesisTablesFigures read_thesis_tables(const nlohmann::json& j, const std::string& file) {
    const io::JsonAt doc(j, file);
    ThesisTablesFigures t;
    t.rounds = static_cast<std::uint32_t>(doc["rounds"].integer(0, UINT32_MAX));
    const io::JsonAt seed = doc["seed"];
    if (!seed.value().is_number_unsigned()) seed.fail("expected a whole number >= 0", "give the seed the run printed");
    t.seed = seed.value().get<std::uint64_t>();
    t.table1 = rows_of<CccTableRow>(doc, "table1", ccc_row);
    t.table2 = rows_of<RingTableRow>(doc, "table2", ring_row);
    t.table3 = rows_of<CccRingTableRow>(doc, "table3", ccc_ring_row);
    t.dynamic = rows_of<DynamicTableRow>(doc, "dynamic", dynamic_table_row);
    return t;
}

}  // namespace liquid::results
