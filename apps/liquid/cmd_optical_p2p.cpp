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
#include "liquid/results/optical_p2p_result.hpp"
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
    v.json_only("parameters", params).section("result", results::p2p_run_view(r.result, title, hot));
    if (r.static_baseline) {
        v.section("static_baseline",
                  results::p2p_run_view(*r.static_baseline, "static configuration, same seed and traffic", hot))
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
    const ResultView view = results::thesis_tables_view(t.comparison, o.rounds, o.seed);
    if (!o.json) render(view, false);
    if (!o.out.empty()) {
        OutputBatch files_out(o.out, {"p2p", invocation(), o.seed});  // the run's files appear together, complete, or not at all
        files_out.add("p2p-tables.csv", p2p::tables_csv(t.run));
        nlohmann::json runs_json = nlohmann::json::array();
        for (std::size_t i = 0; i < t.run.experiments.size(); ++i)
            runs_json.push_back(results::experiment_run_view(t.run.experiments[i], t.run.results[i]).to_json());
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
