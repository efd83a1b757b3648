// `liquid optical p2p`: one run of the point-to-point simulator (thesis ch. 5), and
// `liquid optical p2p-tables`: Tables 1-3 and the data of Figures 5.2-5.11.
#include <fmt/core.h>
#include <sstream>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "command.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/parallel_for.hpp"
#include "liquid/io/output_file.hpp"
#include "liquid/optical/p2p/options.hpp"
#include "liquid/optical/p2p/result_json.hpp"
#include "liquid/optical/p2p/simulator.hpp"
#include "liquid/optical/p2p/thesis_tables.hpp"
#include "output.hpp"

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

std::uint32_t chord_length(const p2p::MultiRingSpec& s) {
    return s.w == p2p::MultiRingSpec::kDefaultW ? p2p::default_chord_length(s.nodes) : s.w;
}

void print_result(const p2p::SimResult& r, const std::string& title, bool hot) {
    fmt::print("{}\n", title);
    fmt::print("  mean rounds {:.2f} (p50 {}, p90 {}, p99 {}, max {}), mean hops {:.2f}, load-free mean hops {:.2f}\n",
               r.mean_rounds, r.p50, r.p90, r.p99, r.max_rounds, r.mean_hops, r.static_average_distance);
    if (hot)
        fmt::print("  to the hot spot: {} measured requests, mean rounds {:.2f}{}\n", r.hot_delivered, r.hot_mean_rounds,
                   r.hotspot_moves ? fmt::format(" (it moved {} times)", r.hotspot_moves) : "");
    if (r.model == "multi-ring")
        fmt::print("  link load bound: the busiest link is offered {:.0f} % of what MMIR lets through; {}\n",
                   100 * r.busiest_link_utilization,
                   std::isfinite(r.hot_saturation_p)
                       ? fmt::format("a hot spot at node 0 overloads a link from p = {:.1f} %", 100 * r.hot_saturation_p)
                       : std::string("no hot spot can overload a link"));
    fmt::print("  requests: {} created, {} measured, {} delivered{}\n", r.created, r.measured, r.delivered,
               r.saturated ? fmt::format(", {} NOT delivered (saturated: offered load exceeds capacity)", r.undelivered)
                           : "");
    fmt::print("  queues: {:.2f} messages per node on average, longest {}; {:.1f} messages per transmission (max {})\n",
               r.mean_queue, r.max_queue, r.mean_batch, r.max_batch);
    fmt::print("  collision check: {} collisions, {} misroutes, {} harmless overlaps over {} rounds\n", r.collisions,
               r.misroutes, r.overlaps, r.rounds_run);
    if (r.reconfig_attempts)
        fmt::print("  reconfigurations: {} of {} attempts\n", r.reconfigurations, r.reconfig_attempts);
    fmt::print("  {:.2f} s, {:.0f} rounds/s\n", r.elapsed_seconds, double(r.rounds_run) / std::max(r.elapsed_seconds, 1e-9));
}

void run_p2p(const P2pOptions& o) {
    p2p::RunSpec run{o.rounds, o.warmup, o.mmir, o.seed, o.drain, p2p::parse_mmir_scope(o.mmir_per)};
    p2p::TrafficSpec traffic{0, p2p::parse_probability(o.hotspot, "--hotspot"), {o.hotspot_move}};
    if (o.hotspot_move && traffic.hotspot_p == 0)
        throw InputError("--hotspot-move", "a moving hot spot needs a hot-spot parameter", "add e.g. --hotspot 5%");
    std::uint32_t nodes = 0;
    p2p::CccSpec ccc;
    p2p::MultiRingSpec ring;
    const bool is_ccc = o.model == "ccc";
    if (is_ccc) {
        ccc = {o.dimension, p2p::parse_discipline(o.discipline), p2p::parse_cycle(o.cycle), p2p::parse_routing(o.routing)};
        nodes = p2p::CccTopology(o.dimension).nodes();
    } else if (o.model == "multi-ring") {
        ring.nodes = o.nodes;
        ring.chords = p2p::parse_chords(o.chords);
        if (o.w < -1 || o.w > std::int64_t(o.nodes)) throw InputError("-w", "chord length out of range", "0 <= w < N, even");
        ring.w = o.w < 0 ? p2p::MultiRingSpec::kDefaultW : std::uint32_t(o.w);
        ring.reconfig.variant = p2p::parse_reconfig(o.reconfig);
        ring.reconfig.threshold = o.threshold;
        ring.reconfig.gap = std::max(1u, o.gap);
        ring.reconfig.tc_rounds = o.tc;
        nodes = o.nodes;
    } else {
        throw InputError("--model", "unknown model '" + o.model + "'", "use ccc or multi-ring");
    }
    traffic.spawn = p2p::parse_spawn(o.spawn, nodes);
    if (!o.json) fmt::print(stderr, "seed {}\n", o.seed);

    const bool dynamic = !is_ccc && ring.reconfig.variant != p2p::Reconfig::none;
    ProgressBar bar("simulating", std::uint64_t(o.rounds) * (dynamic ? 2 : 1), !o.json);
    std::uint64_t base = 0, reported = 0;
    auto progress = [&](std::uint64_t done, std::uint64_t) {
        if (base + done > reported) bar.advance(base + done - reported);
        reported = std::max(reported, base + done);
    };
    p2p::SimResult result = is_ccc ? p2p::simulate_ccc(ccc, traffic, run, progress)
                                   : p2p::simulate_multi_ring(ring, traffic, run, progress);
    p2p::SimResult baseline;
    if (dynamic) {
        base = o.rounds;
        p2p::MultiRingSpec fixed = ring;
        fixed.reconfig.variant = p2p::Reconfig::none;
        baseline = p2p::simulate_multi_ring(fixed, traffic, run, progress);
    }
    bar.finish();

    nlohmann::json params = {{"model", o.model}, {"nodes", nodes}, {"spawn", traffic.spawn},
                             {"hotspot_p", traffic.hotspot_p}, {"hotspot_move", o.hotspot_move}, {"mmir", o.mmir}, {"mmir_per", o.mmir_per}, {"rounds", o.rounds},
                             {"warmup", o.warmup ? o.warmup : o.rounds / 5}, {"seed", o.seed}};
    std::string title;
    if (is_ccc) {
        params["dimension"] = o.dimension;
        params["discipline"] = p2p::to_string(ccc.discipline);
        params["cycle"] = p2p::to_string(ccc.cycle);
        params["routing"] = p2p::to_string(ccc.routing);
        title = fmt::format("CCC D={} ({} nodes), {}{}, spawn {}, MMIR {}, hot spot p={}, seed {}", o.dimension, nodes,
                            p2p::to_string(ccc.discipline),
                            ccc.discipline == p2p::CccDiscipline::cycled ? " (" + p2p::to_string(ccc.cycle) + ")" : "",
                            traffic.spawn, p2p::mmir_text(o.mmir, run.mmir_scope), traffic.hotspot_p, o.seed);
    } else {
        params["chords"] = p2p::to_string(ring.chords);
        if (ring.chords == p2p::ChordKind::fixed) params["w"] = chord_length(ring);
        params["reconfig"] = p2p::to_string(ring.reconfig.variant);
        title = fmt::format("multi ring N={}, {} chords{}, spawn {}, MMIR {}, hot spot p={}, seed {}", nodes,
                            p2p::to_string(ring.chords),
                            ring.chords == p2p::ChordKind::fixed
                                ? fmt::format(" (w={})", chord_length(ring))
                                : "",
                            traffic.spawn, p2p::mmir_text(o.mmir, run.mmir_scope), traffic.hotspot_p, o.seed);
    }
    if (o.hotspot_move) title += fmt::format(", hot spot moves every {} rounds", o.hotspot_move);
    if (o.json) {
        nlohmann::json j = {{"parameters", params}, {"result", p2p::to_json(result)}};
        if (dynamic) j["static_baseline"] = p2p::to_json(baseline);
        print_json(j);
        return;
    }
    const bool hot = traffic.hotspot_p > 0;
    print_result(result, title + (dynamic ? ", dynamic reconfiguration " + p2p::to_string(ring.reconfig.variant) : ""), hot);
    if (dynamic) {
        print_result(baseline, "static configuration, same seed and traffic", hot);
        fmt::print("dynamic / static mean rounds: {:.3f}\n", result.mean_rounds / baseline.mean_rounds);
    }
}

const RegisterCommand reg_p2p{{
    "optical p2p",
    "simulate random point-to-point traffic on the optical switch: CCC or multi ring (thesis ch. 5)",
    [](CLI::App& cmd) {
        auto o = std::make_shared<P2pOptions>();
        cmd.add_option("--model", o->model, "ccc or multi-ring")->capture_default_str();
        cmd.add_option("-D,--dimension", o->dimension, "CCC dimension (D*2^D nodes)")->capture_default_str();
        cmd.add_option("-N,--nodes", o->nodes, "multi-ring nodes (even)")->capture_default_str();
        cmd.add_option("--discipline", o->discipline, "CCC collision avoidance: on-demand or cycled")->capture_default_str();
        cmd.add_option("--cycle", o->cycle, "cycled pulse sequence: optimized (§5.4.6) or plain (2D slots)")->capture_default_str();
        cmd.add_option("--routing", o->routing, "CCC routing: thesis (one-way ring walks), shortest-walks or current-dimension")->capture_default_str();
        cmd.add_option("--chords", o->chords, "multi-ring chords: random or fixed")->capture_default_str();
        cmd.add_option("-w,--w", o->w, "fixed chord length (even, 0 = plain ring); default: even integer nearest sqrt(N)");
        cmd.add_option("--spawn", o->spawn, "max new events per round: a count or a percentage of N")->capture_default_str();
        cmd.add_option("--mmir", o->mmir, "max messages per link per round (0 = unlimited)")->capture_default_str();
        cmd.add_option("--mmir-per", o->mmir_per, "what MMIR limits: link (each multicast arc) or node (a whole transmission)")
            ->capture_default_str();
        cmd.add_option("--hotspot", o->hotspot, "hot-spot parameter p (e.g. 5% or 0.05); hot spot = node 0 unless it moves")->capture_default_str();
        cmd.add_option("--hotspot-move", o->hotspot_move,
                       "moving hot spot (§5.9.4): every R rounds it jumps to a uniformly drawn other node (0 = fixed)")
            ->capture_default_str();
        cmd.add_option("--rounds", o->rounds, "rounds with measured spawns (warm-up included)")->capture_default_str();
        cmd.add_option("--warmup", o->warmup, "rounds whose requests are discarded (default rounds/5)");
        cmd.add_option("--drain", o->drain, "extra rounds allowed to deliver measured requests (default rounds)");
        cmd.add_option("--seed", o->seed, "random seed")->capture_default_str();
        cmd.add_option("--reconfig", o->reconfig, "multi-ring dynamic reconfiguration: none or 1..4 (§5.9.3)")->capture_default_str();
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

struct Lookup {
    const std::vector<p2p::Experiment>& exps;
    const std::vector<p2p::SimResult>& results;
    const p2p::SimResult* find(const std::string& group, const std::string& curve, double x) const {
        for (std::size_t i = 0; i < exps.size(); ++i)
            if (exps[i].group == group && exps[i].curve == curve && exps[i].x == x) return &results[i];
        return nullptr;
    }
};

/// "12.3", or "812.4*" when measured requests were still undelivered (saturated).
std::string cell(const p2p::SimResult* r) {
    if (!r) return "-";
    return fmt::format("{:.1f}{}", r->mean_rounds, r->saturated ? "*" : "");
}

nlohmann::json experiment_row(const p2p::Experiment& e, const p2p::SimResult& r) {
    nlohmann::json j = p2p::to_json(r);
    j["group"] = e.group;
    j["curve"] = e.curve;
    j["x"] = e.x;
    j["spawn"] = e.traffic.spawn;
    j["hotspot_p"] = e.traffic.hotspot_p;
    j["hotspot_move"] = e.traffic.move.every;
    j["mmir"] = e.run.mmir;
    j["rounds"] = e.run.rounds;
    if (e.ccc) {
        j["dimension"] = e.ccc_spec.dimension;
        j["discipline"] = p2p::to_string(e.ccc_spec.discipline);
        j["routing"] = p2p::to_string(e.ccc_spec.routing);
    } else {
        j["chords"] = p2p::to_string(e.ring_spec.chords);
        if (e.ring_spec.chords == p2p::ChordKind::fixed) j["w"] = chord_length(e.ring_spec);
        j["reconfig"] = p2p::to_string(e.ring_spec.reconfig.variant);
    }
    return j;
}

std::string csv_text(const std::vector<p2p::Experiment>& exps, const std::vector<p2p::SimResult>& rs) {
    std::ostringstream f;
    f << "group,curve,x,model,nodes,spawn,hotspot_p,mmir,discipline_or_chords,routing_or_w,reconfig,mean_rounds,p50,p90,"
         "p99,max,mean_hops,static_average_distance,mean_queue,max_queue,saturated,undelivered,collisions,overlaps,"
         "reconfigurations,seed,rounds,hotspot_move,hot_mean_rounds,load_bound_saturation_p\n";
    for (std::size_t i = 0; i < exps.size(); ++i) {
        const auto& e = exps[i];
        const auto& r = rs[i];
        const std::string kind = e.ccc ? p2p::to_string(e.ccc_spec.discipline) : p2p::to_string(e.ring_spec.chords);
        const std::string second = e.ccc ? p2p::to_string(e.ccc_spec.routing)
                                         : std::to_string(chord_length(e.ring_spec));
        f << fmt::format("{},{},{},{},{},{},{},{},{},{},{},{:.4f},{},{},{},{},{:.4f},{:.4f},{:.4f},{},{},{},{},{},{},{},{},{},{:.4f},{:.4f}\n",
                         e.group, e.curve, e.x, r.model, r.nodes, e.traffic.spawn, e.traffic.hotspot_p, e.run.mmir, kind,
                         second, e.ccc ? "none" : p2p::to_string(e.ring_spec.reconfig.variant), r.mean_rounds, r.p50,
                         r.p90, r.p99, r.max_rounds, r.mean_hops, r.static_average_distance, r.mean_queue, r.max_queue,
                         r.saturated ? 1 : 0, r.undelivered, r.collisions, r.overlaps, r.reconfigurations, r.seed,
                         e.run.rounds, e.traffic.move.every, r.hot_mean_rounds, r.hot_saturation_p);
    }
    return f.str();
}

nlohmann::json print_tables(const Lookup& L, const TablesOptions& o, bool print) {
    nlohmann::json j;
    auto say = [&](const std::string& s) {
        if (print) fmt::print("{}", s);
    };
    say(fmt::format("Table 1: CCC, mean rounds to finish a random event (thesis routing; cycled MMIR 35 per link, "
                    "on-demand MMIR unlimited as §5.5.3 says; {} rounds, seed {}; * = saturated)\n",
                    o.rounds, o.seed));
    say(fmt::format("{:>3} {:>6} | {:>7} {:>22} | {:>9} {:>15} {:>9} | {:>9} {:>4} | {:>12}\n", "D", "nodes", "cycled",
                    "ours 10% / 50% / 100%", "on-demand", "ours 10%-100%", "ours idle", "route hops", "3D",
                    "cur-dim 100%"));
    for (const auto& row : p2p::kThesisTable1) {
        const int d = row.dimension;
        const auto* c10 = L.find("table1", fmt::format("cycled_dim{}", d), 10);
        if (!c10) continue;
        const auto* c50 = L.find("table1", fmt::format("cycled_dim{}", d), 50);
        const auto* c100 = L.find("table1", fmt::format("cycled_dim{}", d), 100);
        const auto* o10 = L.find("table1", fmt::format("on-demand_dim{}", d), 10);
        const auto* o100 = L.find("table1", fmt::format("on-demand_dim{}", d), 100);
        const auto* idle = L.find("table1", fmt::format("on-demand_dim{}", d), 0);
        const auto* cur = L.find("table1", fmt::format("cycled-current-dimension_dim{}", d), 100);
        say(fmt::format("{:>3} {:>6} | {:>7} {:>22} | {:>9} {:>15} {:>9} | {:>10.2f} {:>4} | {:>12}\n", d, c10->nodes,
                        row.cycled, cell(c10) + " / " + cell(c50) + " / " + cell(c100),
                        fmt::format("{}-{}", row.on_demand_low, row.on_demand_high), cell(o10) + " - " + cell(o100),
                        cell(idle), c10->static_average_distance, 3 * d, cell(cur)));
        j["table1"].push_back({{"dimension", d}, {"nodes", c10->nodes},
                               {"thesis", {{"cycled", row.cycled}, {"on_demand", {row.on_demand_low, row.on_demand_high}}}},
                               {"ours", {{"cycled", {c10->mean_rounds, c50->mean_rounds, c100->mean_rounds}},
                                         {"cycled_saturated", {c10->saturated, c50->saturated, c100->saturated}},
                                         {"on_demand", {o10->mean_rounds, o100->mean_rounds}},
                                         {"on_demand_one_event_per_round", idle->mean_rounds},
                                         {"route_hops", c10->static_average_distance},
                                         {"cycled_current_dimension_100", cur->mean_rounds}}}});
    }
    say(fmt::format("\nTable 2: multi ring, spawn = N, MMIR 35 per link; 'optimal' = load-free mean distance (BFS), "
                    "'average' = simulated mean rounds\n"));
    say(fmt::format("{:>3} {:>6} {:>4} | {:>13} {:>6} | {:>13} {:>6} | {:>14} {:>6} {:>5} | {:>14} {:>6}\n", "D", "N", "w",
                    "opt fixed", "ours", "avg fixed", "ours", "opt random", "ours", "diam", "avg random", "ours"));
    for (const auto& row : p2p::kThesisTable2) {
        const auto* fx = L.find("table2", fmt::format("fixed_N{}", row.nodes), 100);
        const auto* rd = L.find("table2", fmt::format("random_N{}", row.nodes), 100);
        if (!fx || !rd) continue;
        say(fmt::format("{:>3} {:>6} {:>4} | {:>13} {:>6.2f} | {:>13} {:>6} | {:>14} {:>6.2f} {:>5} | {:>14} {:>6}\n",
                        row.dimension, row.nodes, p2p::default_chord_length(row.nodes), row.optimal_fixed,
                        fx->static_average_distance, row.average_fixed, cell(fx), row.optimal_random,
                        rd->static_average_distance, rd->static_diameter, row.average_random, cell(rd)));
        j["table2"].push_back({{"dimension", row.dimension}, {"nodes", row.nodes}, {"w", p2p::default_chord_length(row.nodes)},
                               {"thesis", {{"optimal_fixed", row.optimal_fixed}, {"average_fixed", row.average_fixed},
                                           {"optimal_random", row.optimal_random}, {"average_random", row.average_random}}},
                               {"ours", {{"optimal_fixed", fx->static_average_distance}, {"average_fixed", fx->mean_rounds},
                                         {"optimal_random", rd->static_average_distance}, {"diameter_random", rd->static_diameter},
                                         {"average_random", rd->mean_rounds}}}});
    }
    say("\nTable 3: CCC against multi ring (mean rounds)\n");
    say(fmt::format("{:>3} | {:>24} {:>24} | {:>10} {:>6}\n", "D", "thesis cycled / on-dem.", "ours", "thesis MR", "ours"));
    for (std::size_t i = 0; i < 3; ++i) {
        const auto& t1 = p2p::kThesisTable1[i];
        const auto& t2 = p2p::kThesisTable2[i];
        const auto* c50 = L.find("table1", fmt::format("cycled_dim{}", t1.dimension), 50);
        const auto* o10 = L.find("table1", fmt::format("on-demand_dim{}", t1.dimension), 10);
        const auto* o100 = L.find("table1", fmt::format("on-demand_dim{}", t1.dimension), 100);
        const auto* rd = L.find("table2", fmt::format("random_N{}", t2.nodes), 100);
        if (!c50 || !rd) continue;
        say(fmt::format("{:>3} | {:>24} {:>24} | {:>10} {:>6}\n", t1.dimension,
                        fmt::format("{} / {}-{}", t1.cycled, t1.on_demand_low, t1.on_demand_high),
                        cell(c50) + " / " + cell(o10) + "-" + cell(o100), t2.average_random, cell(rd)));
        j["table3"].push_back({{"dimension", t1.dimension},
                               {"thesis", {{"ccc_cycled", t1.cycled}, {"ccc_on_demand", {t1.on_demand_low, t1.on_demand_high}},
                                           {"multi_ring", t2.average_random}}},
                               {"ours", {{"ccc_cycled", c50->mean_rounds}, {"ccc_on_demand", {o10->mean_rounds, o100->mean_rounds}},
                                         {"multi_ring", rd->mean_rounds}}}});
    }
    bool header = false;
    for (std::size_t i = 0; i < L.exps.size(); ++i) {
        const auto& e = L.exps[i];
        if (e.group != "dynamic" || e.ring_spec.reconfig.variant == p2p::Reconfig::none) continue;
        if (!header) {
            say("\nDynamic reconfiguration (§5.9, random chords, spawn = N; the thesis printed no numbers, only that every "
                "variant lost to the static configuration, with moving hot spots too (§5.9.4); moves = rounds between two "
                "hot-spot jumps)\n");
            say(fmt::format("{:>5} {:>4} {:>5} {:<20} | {:>8} {:>8} {:>7} | {:>16}\n", "N", "hot", "moves", "variant",
                            "dynamic", "static", "ratio", "changes/attempts"));
            header = true;
        }
        const auto& r = L.results[i];
        // The static baseline is the same curve with variant "none" (same seed and traffic).
        const std::string static_curve = e.curve.substr(0, e.curve.rfind('_') + 1) + "none";
        const auto* base = L.find("dynamic", static_curve, e.x);
        const std::uint32_t move = e.traffic.move.every;
        say(fmt::format("{:>5} {:>3}% {:>5} {:<20} | {:>8} {:>8} {:>7.3f} | {:>16}\n", r.nodes,
                        int(e.traffic.hotspot_p * 100), move ? std::to_string(move) : "-",
                        p2p::to_string(e.ring_spec.reconfig.variant), cell(&r), cell(base), r.mean_rounds / base->mean_rounds,
                        fmt::format("{}/{}", r.reconfigurations, r.reconfig_attempts)));
        j["dynamic"].push_back({{"nodes", r.nodes}, {"hotspot_p", e.traffic.hotspot_p}, {"hotspot_move", move},
                                {"variant", p2p::to_string(e.ring_spec.reconfig.variant)}, {"mean_rounds", r.mean_rounds},
                                {"static_mean_rounds", base->mean_rounds}, {"ratio", r.mean_rounds / base->mean_rounds},
                                {"reconfigurations", r.reconfigurations}, {"attempts", r.reconfig_attempts}});
    }
    long collisions = 0;
    for (const auto& r : L.results) collisions += long(r.collisions + r.misroutes);
    say(fmt::format("\ncollision check over all {} runs: {} collisions or misroutes\n", L.results.size(), collisions));
    j["collisions_total"] = collisions;
    return j;
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
    p2p::ExperimentOptions eo{o.rounds, o.seed, o.dimensions};
    std::vector<p2p::Experiment> exps = p2p::table_experiments(eo);
    const std::size_t table_count = exps.size();
    if (o.figures) {
        auto figs = p2p::figure_experiments(eo);
        exps.insert(exps.end(), figs.begin(), figs.end());
    }
    if (!o.json) fmt::print(stderr, "seed {}, {} runs of {} rounds\n", o.seed, exps.size(), o.rounds);
    // Longest runs first so the pool does not end on one big straggler.
    std::vector<std::size_t> order(exps.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    auto weight = [&](const p2p::Experiment& e) {
        const double n = e.ccc ? double(p2p::CccTopology(e.ccc_spec.dimension).nodes()) : double(e.ring_spec.nodes);
        return double(e.traffic.spawn) * std::log2(n) + n;
    };
    std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return weight(exps[a]) > weight(exps[b]); });
    std::vector<p2p::Experiment> sorted;
    for (auto i : order) sorted.push_back(exps[i]);
    ProgressBar bar("p2p experiments", sorted.size(), !o.json);
    const auto threads = static_cast<unsigned>(thread_count(static_cast<int>(o.threads)));
    auto sorted_results = p2p::run_experiments(sorted, threads, [&] { bar.advance(); });
    bar.finish();
    std::vector<p2p::SimResult> results(exps.size());
    for (std::size_t k = 0; k < order.size(); ++k) results[order[k]] = sorted_results[k];

    Lookup L{exps, results};
    nlohmann::json j = print_tables(L, o, !o.json);
    j["seed"] = o.seed;
    j["rounds"] = o.rounds;
    if (!o.out.empty()) {
        std::vector<p2p::Experiment> te(exps.begin(), exps.begin() + std::ptrdiff_t(table_count));
        std::vector<p2p::SimResult> tr(results.begin(), results.begin() + std::ptrdiff_t(table_count));
        OutputBatch files_out(o.out, {"p2p", invocation(), o.seed});  // the run's files appear together, complete, or not at all
        files_out.add("p2p-tables.csv", csv_text(te, tr));
        nlohmann::json runs = nlohmann::json::array();
        for (std::size_t i = 0; i < exps.size(); ++i) runs.push_back(experiment_row(exps[i], results[i]));
        files_out.add("p2p-runs.json", runs.dump(1) + "\n");
        if (o.figures) {
            std::vector<p2p::Experiment> fe(exps.begin() + std::ptrdiff_t(table_count), exps.end());
            std::vector<p2p::SimResult> fr(results.begin() + std::ptrdiff_t(table_count), results.end());
            files_out.add("p2p-figures.csv", csv_text(fe, fr));
        }
        files_out.add("p2p-tables.json", j.dump(2) + "\n");
        files_out.commit();
        if (!o.json) fmt::print("wrote {}/p2p-tables.csv, p2p-tables.json, p2p-runs.json{}\n", o.out,
                                o.figures ? ", p2p-figures.csv" : "");
    }
    if (o.json) print_json(j);
}

const RegisterCommand reg_tables{{
    "optical p2p-tables",
    "regenerate thesis Tables 1-3 (and with --figures the data of Figures 5.2-5.11) beside the published values",
    [](CLI::App& cmd) {
        auto o = std::make_shared<TablesOptions>();
        cmd.add_option("--rounds", o->rounds, "rounds per run (warm-up = rounds/5)")->capture_default_str();
        cmd.add_option("--seed", o->seed, "random seed of every run")->capture_default_str();
        cmd.add_option("--dimensions", o->dimensions, "CCC dimensions (multi rings use N = D*2^D)")->capture_default_str();
        cmd.add_flag("--figures", o->figures, "also sweep the curves of Figures 5.2-5.7 and 5.9-5.11");
        cmd.add_option("--out", o->out, "directory for CSV and JSON files");
        cmd.add_option("--threads", o->threads, "worker threads (default: all cores)");
        cmd.add_flag("--json", o->json, "print one JSON object on stdout");
        cmd.callback([o] { run_tables(*o); });
    }}};

}  // namespace
}  // namespace liquid::app
