// `liquid optical p2p`: one run of the point-to-point simulator (thesis ch. 5), and
// `liquid optical p2p-tables`: Tables 1-3 and the data of Figures 5.2-5.11.
#include <fmt/core.h>
#include <sstream>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <thread>

#include "command.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/json_text.hpp"
#include "liquid/base/parallel_for.hpp"
#include "liquid/io/output_file.hpp"
#include "liquid/optical/p2p/model_run.hpp"
#include "liquid/optical/p2p/options.hpp"
#include "liquid/optical/p2p/simulator.hpp"
#include "liquid/optical/p2p/thesis_comparison.hpp"
#include "option_checks.hpp"
#include "output.hpp"
#include "result_view.hpp"

namespace liquid::app {
namespace {

namespace p2p = liquid::optical::p2p;

struct P2pOptions {
    std::string model = "ccc";
    int dimension = 6;
    std::uint32_t nodes = 384;
    std::string discipline = "cycled", cycle = "optimized", routing = "thesis";
    std::string chords = "random";
    std::int64_t w = -1;
    std::string spawn = "100%", hotspot = "0";
    std::uint32_t hotspot_move = 0;
    std::uint32_t mmir = 35, rounds = 10000, warmup = 0, drain = 0;
    std::string mmir_per = "link";
    std::uint64_t seed = 1;
    std::string reconfig = "none";
    std::uint32_t threshold = 10, gap = 10, tc = 2;
    bool json = false;
};

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
ResultView sim_result_view(const p2p::SimResult& r, const std::string& title, bool hot) {
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

p2p::ModelRun model_run(const P2pOptions& o) {
    p2p::ModelRun m;
    m.run = {o.rounds, o.warmup, o.mmir, o.seed, o.drain, p2p::parse_mmir_scope(o.mmir_per)};
    m.traffic = {0, p2p::parse_probability(o.hotspot, "--hotspot"), {o.hotspot_move}};
    if (o.hotspot_move && m.traffic.hotspot_p == 0)
        throw InputError("--hotspot-move", "a moving hot spot needs a hot-spot parameter", "add e.g. --hotspot 5%");
    m.ccc = o.model == "ccc";
    if (m.ccc) {
        m.ccc_spec = {o.dimension, p2p::parse_discipline(o.discipline), p2p::parse_cycle(o.cycle), p2p::parse_routing(o.routing)};
    } else if (o.model == "multi-ring") {
        m.ring_spec.nodes = o.nodes;
        m.ring_spec.chords = p2p::parse_chords(o.chords);
        if (o.w < -1 || o.w > std::int64_t(o.nodes)) throw InputError("-w", "chord length out of range", "0 <= w < N, even");
        m.ring_spec.w = o.w < 0 ? p2p::MultiRingSpec::kDefaultW : std::uint32_t(o.w);
        m.ring_spec.reconfig.variant = p2p::parse_reconfig(o.reconfig);
        m.ring_spec.reconfig.threshold = o.threshold;
        m.ring_spec.reconfig.gap = std::max(1u, o.gap);
        m.ring_spec.reconfig.tc_rounds = o.tc;
    } else {
        throw InputError("--model", "unknown model '" + o.model + "'", "use ccc or multi-ring");
    }
    m.traffic.spawn = p2p::parse_spawn(o.spawn, m.nodes());
    return m;
}

ResultView p2p_view(const P2pOptions& o, const p2p::ModelRun& m, const p2p::ModelRunResult& r) {
    const std::uint32_t nodes = m.nodes();
    nlohmann::json params = {{"model", o.model},
                             {"nodes", nodes},
                             {"spawn", m.traffic.spawn},
                             {"hotspot_p", m.traffic.hotspot_p},
                             {"hotspot_move", o.hotspot_move},
                             {"mmir", o.mmir},
                             {"mmir_per", o.mmir_per},
                             {"rounds", o.rounds},
                             {"warmup", o.warmup ? o.warmup : o.rounds / 5},
                             {"seed", o.seed}};
    std::string title;
    const std::string mmir = p2p::mmir_text(o.mmir, m.run.mmir_scope);
    if (m.ccc) {
        const p2p::CccSpec& ccc = m.ccc_spec;
        params["dimension"] = o.dimension;
        params["discipline"] = p2p::to_string(ccc.discipline);
        params["cycle"] = p2p::to_string(ccc.cycle);
        params["routing"] = p2p::to_string(ccc.routing);
        title = fmt::format("CCC D={} ({} nodes), {}{}, spawn {}, MMIR {}, hot spot p={}, seed {}", o.dimension, nodes,
                            p2p::to_string(ccc.discipline),
                            ccc.discipline == p2p::CccDiscipline::Cycled ? " (" + p2p::to_string(ccc.cycle) + ")" : "",
                            m.traffic.spawn, mmir, m.traffic.hotspot_p, o.seed);
    } else {
        const p2p::MultiRingSpec& ring = m.ring_spec;
        params["chords"] = p2p::to_string(ring.chords);
        if (ring.chords == p2p::ChordKind::Fixed) params["w"] = p2p::chord_length(ring);
        params["reconfig"] = p2p::to_string(ring.reconfig.variant);
        title = fmt::format("multi ring N={}, {} chords{}, spawn {}, MMIR {}, hot spot p={}, seed {}", nodes,
                            p2p::to_string(ring.chords),
                            ring.chords == p2p::ChordKind::Fixed ? fmt::format(" (w={})", p2p::chord_length(ring)) : "",
                            m.traffic.spawn, mmir, m.traffic.hotspot_p, o.seed);
    }
    if (o.hotspot_move) title += fmt::format(", hot spot moves every {} rounds", o.hotspot_move);
    if (m.dynamic()) title += ", dynamic reconfiguration " + p2p::to_string(m.ring_spec.reconfig.variant);
    ResultView v;
    const bool hot = m.traffic.hotspot_p > 0;
    v.json_only("parameters", params).section("result", sim_result_view(r.result, title, hot));
    if (r.static_baseline) {
        v.section("static_baseline", sim_result_view(*r.static_baseline, "static configuration, same seed and traffic", hot))
            .text_only(
                fmt::format("dynamic / static mean rounds: {:.3f}", r.result.mean_rounds / r.static_baseline->mean_rounds));
    }
    return v;
}

void run_p2p(const P2pOptions& o) {
    const p2p::ModelRun m = model_run(o);
    if (!o.json) fmt::print(stderr, "seed {}\n", o.seed);
    ProgressBar bar("simulating", std::uint64_t(o.rounds) * (m.dynamic() ? 2 : 1), !o.json);
    std::uint64_t reported = 0;
    const p2p::ModelRunResult r = p2p::run_model(m, [&](std::uint64_t done, std::uint64_t) {
        if (done > reported) bar.advance(done - reported);
        reported = std::max(reported, done);
    });
    bar.finish();
    render(p2p_view(o, m, r), o.json);
}

const RegisterCommand reg_p2p{
    {"optical p2p", "simulate random point-to-point traffic on the optical switch: CCC or multi ring (thesis ch. 5)",
     [](CLI::App& cmd) {
         auto o = std::make_shared<P2pOptions>();
         cmd.add_option("--model", o->model, "ccc or multi-ring")->capture_default_str();
         cmd.add_option("-D,--dimension", o->dimension, "CCC dimension (D*2^D nodes)")->capture_default_str();
         cmd.add_option("-N,--nodes", o->nodes, "multi-ring nodes (even)")->capture_default_str();
         cmd.add_option("--discipline", o->discipline, "CCC collision avoidance: on-demand or cycled")->capture_default_str();
         cmd.add_option("--cycle", o->cycle, "cycled pulse sequence: optimized (§5.4.6) or plain (2D slots)")
             ->capture_default_str();
         cmd.add_option("--routing", o->routing, "CCC routing: thesis (one-way ring walks), shortest-walks or current-dimension")
             ->capture_default_str();
         cmd.add_option("--chords", o->chords, "multi-ring chords: random or fixed")->capture_default_str();
         cmd.add_option("-w,--w", o->w, "fixed chord length (even, 0 = plain ring); default: even integer nearest sqrt(N)");
         cmd.add_option("--spawn", o->spawn, "max new events per round: a count or a percentage of N")->capture_default_str();
         cmd.add_option("--mmir", o->mmir, "max messages per link per round (0 = unlimited)")->capture_default_str();
         cmd.add_option("--mmir-per", o->mmir_per, "what MMIR limits: link (each multicast arc) or node (a whole transmission)")
             ->capture_default_str();
         cmd.add_option("--hotspot", o->hotspot, "hot-spot parameter p (e.g. 5% or 0.05); hot spot = node 0 unless it moves")
             ->capture_default_str();
         cmd.add_option("--hotspot-move", o->hotspot_move,
                        "moving hot spot (§5.9.4): every R rounds it jumps to a uniformly drawn other node (0 = fixed)")
             ->capture_default_str();
         cmd.add_option("--rounds", o->rounds, "rounds with measured spawns (warm-up included)")->capture_default_str();
         cmd.add_option("--warmup", o->warmup, "rounds whose requests are discarded (default rounds/5)");
         cmd.add_option("--drain", o->drain, "extra rounds allowed to deliver measured requests (default rounds)");
         cmd.add_option("--seed", o->seed, "random seed")->capture_default_str();
         cmd.add_option("--reconfig", o->reconfig, "multi-ring dynamic reconfiguration: none or 1..4 (§5.9.3)")
             ->capture_default_str();
         cmd.add_option("--threshold", o->threshold, "variant 1: strength threshold C")->capture_default_str();
         cmd.add_option("--gap", o->gap, "min rounds between reconfiguration attempts")->capture_default_str();
         cmd.add_option("--tc", o->tc, "rounds a configuration change takes (changed nodes cannot send)")->capture_default_str();
         cmd.add_flag("--json", o->json, "print one JSON object on stdout");
         cmd.callback([o] { run_p2p(*o); });
     }}};

}  // namespace
}  // namespace liquid::app

// ---------------------------------------------------------------- optical p2p-tables
namespace liquid::app {
namespace {

namespace p2p = liquid::optical::p2p;

struct TablesOptions {
    std::uint32_t rounds = 3000;
    std::uint64_t seed = 1;
    std::vector<int> dimensions = {4, 6, 8};
    bool figures = false, json = false;
    std::string out;
    unsigned threads = 0;
};

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

ResultView tables_view(const p2p::ThesisComparison& c, const TablesOptions& o) {
    ResultView v;
    v.text_only(fmt::format("Table 1: CCC, mean rounds to finish a random event (thesis routing; cycled MMIR 35 per link, "
                            "on-demand MMIR unlimited as §5.5.3 says; {} rounds, seed {}; * = saturated)",
                            o.rounds, o.seed))
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
        .json_only("seed", o.seed)
        .json_only("rounds", o.rounds);
    return v;
}

/// One run of p2p-runs.json: its result beside the experiment's parameters (JSON only).
ResultView experiment_view(const p2p::Experiment& e, const p2p::SimResult& r) {
    ResultView v = sim_result_view(r, "", false);
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

void run_tables(const TablesOptions& o) {
    for (int d : o.dimensions)
        if (d < 3 || d > 10) throw InputError("--dimensions", "dimension " + std::to_string(d) + " out of range", "use 3..10");
    if (o.rounds < 100) throw InputError("--rounds", "at least 100 rounds are needed for a steady state");
    if (!o.out.empty()) {  // before the runs, so a bad --out fails at once
        std::error_code ec;
        std::filesystem::create_directories(o.out, ec);
        if (ec) throw InputError("--out", "cannot create directory '" + o.out + "': " + ec.message());
    }
    std::optional<ProgressBar> bar;
    p2p::ThesisProgress progress;
    progress.starting = [&](std::size_t runs) {
        if (!o.json) fmt::print(stderr, "seed {}, {} runs of {} rounds\n", o.seed, runs, o.rounds);
        bar.emplace("p2p experiments", runs, !o.json);
    };
    progress.run_done = [&] { bar->advance(); };
    const p2p::ThesisTables t = p2p::run_thesis_tables(
        {o.rounds, o.seed, o.dimensions}, o.figures, static_cast<unsigned>(thread_count(static_cast<int>(o.threads))), progress);
    if (bar) bar->finish();
    const ResultView view = tables_view(t.comparison, o);
    if (!o.json) render(view, false);
    if (!o.out.empty()) {
        OutputBatch files_out(o.out, {"p2p", invocation(), o.seed});  // the run's files appear together, complete, or not at all
        files_out.add("p2p-tables.csv", p2p::tables_csv(t.run));
        nlohmann::json runs_json = nlohmann::json::array();
        for (std::size_t i = 0; i < t.run.experiments.size(); ++i)
            runs_json.push_back(experiment_view(t.run.experiments[i], t.run.results[i]).to_json());
        files_out.add("p2p-runs.json", json_text(runs_json, 1) + "\n");
        if (o.figures) files_out.add("p2p-figures.csv", p2p::figures_csv(t.run));
        files_out.add("p2p-tables.json", json_text(view.to_json(), 2) + "\n");
        files_out.commit();
        if (!o.json)
            fmt::print("wrote {}/p2p-tables.csv, p2p-tables.json, p2p-runs.json{}\n", o.out,
                       o.figures ? ", p2p-figures.csv" : "");
    }
    if (o.json) render(view, true);
}

const RegisterCommand reg_tables{
    {"optical p2p-tables",
     "regenerate thesis Tables 1-3 (and with --figures the data of Figures 5.2-5.11) beside the published values",
     [](CLI::App& cmd) {
         auto o = std::make_shared<TablesOptions>();
         cmd.add_option("--rounds", o->rounds, "rounds per run (warm-up = rounds/5)")->capture_default_str();
         cmd.add_option("--seed", o->seed, "random seed of every run")->capture_default_str();
         cmd.add_option("--dimensions", o->dimensions, "CCC dimensions (multi rings use N = D*2^D)")->capture_default_str();
         cmd.add_flag("--figures", o->figures, "also sweep the curves of Figures 5.2-5.7 and 5.9-5.11");
         cmd.add_option("--out", o->out, "directory for CSV and JSON files")->check(non_empty());
         cmd.add_option("--threads", o->threads, "worker threads (default: all cores)");
         cmd.add_flag("--json", o->json, "print one JSON object on stdout");
         cmd.callback([o] { run_tables(*o); });
     }}};

}  // namespace
}  // namespace liquid::app
