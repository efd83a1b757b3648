#include "liquid/optical/p2p/thesis_comparison.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <cmath>
#include <sstream>

#include "liquid/optical/p2p/options.hpp"

namespace liquid::optical::p2p {

const SimResult* ExperimentRun::find(const std::string& group, const std::string& curve, double x) const {
    for (std::size_t i = 0; i < experiments.size(); ++i)
        if (experiments[i].group == group && experiments[i].curve == curve && experiments[i].x == x) return &results[i];
    return nullptr;
}

ExperimentRun run_thesis_experiments(const ExperimentOptions& options, bool figures, unsigned threads,
                                     const ThesisProgress& progress) {
    ExperimentRun run;
    run.experiments = table_experiments(options);
    run.table_count = run.experiments.size();
    if (figures) {
        auto figs = figure_experiments(options);
        run.experiments.insert(run.experiments.end(), figs.begin(), figs.end());
    }
    if (progress.starting) progress.starting(run.experiments.size());
    // Longest runs first so the pool does not end on one big straggler.
    std::vector<std::size_t> order(run.experiments.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    auto weight = [](const Experiment& e) {
        const double n = e.ccc ? double(ccc_node_count(e.ccc_spec.dimension)) : double(e.ring_spec.nodes);
        return double(e.traffic.spawn) * std::log2(n) + n;
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](auto a, auto b) { return weight(run.experiments[a]) > weight(run.experiments[b]); });
    std::vector<Experiment> sorted;
    for (auto i : order) sorted.push_back(run.experiments[i]);
    const std::vector<SimResult> sorted_results = run_experiments(sorted, threads, progress.run_done);
    run.results.resize(run.experiments.size());
    for (std::size_t k = 0; k < order.size(); ++k) run.results[order[k]] = sorted_results[k];
    return run;
}

ThesisComparison compare_with_thesis(const ExperimentRun& run) {
    ThesisComparison c;
    for (const auto& row : kThesisTable1) {
        const auto curve = [&](const char* kind) { return fmt::format("{}_dim{}", kind, row.dimension); };
        const SimResult* c10 = run.find("table1", curve("cycled"), 10);
        if (!c10) continue;
        c.table1.push_back({row, c10, run.find("table1", curve("cycled"), 50), run.find("table1", curve("cycled"), 100),
                            run.find("table1", curve("on-demand"), 10), run.find("table1", curve("on-demand"), 100),
                            run.find("table1", curve("on-demand"), 0),
                            run.find("table1", curve("cycled-current-dimension"), 100)});
    }
    for (const auto& row : kThesisTable2) {
        const SimResult* fixed = run.find("table2", fmt::format("fixed_N{}", row.nodes), 100);
        const SimResult* random = run.find("table2", fmt::format("random_N{}", row.nodes), 100);
        if (fixed && random) c.table2.push_back({row, default_chord_length(row.nodes), fixed, random});
    }
    for (std::size_t i = 0; i < std::size(kThesisTable1); ++i) {
        const auto& t1 = kThesisTable1[i];
        const auto& t2 = kThesisTable2[i];
        const SimResult* c50 = run.find("table1", fmt::format("cycled_dim{}", t1.dimension), 50);
        const SimResult* rd = run.find("table2", fmt::format("random_N{}", t2.nodes), 100);
        if (!c50 || !rd) continue;
        c.table3.push_back({t1, t2, c50, run.find("table1", fmt::format("on-demand_dim{}", t1.dimension), 10),
                            run.find("table1", fmt::format("on-demand_dim{}", t1.dimension), 100), rd});
    }
    for (std::size_t i = 0; i < run.experiments.size(); ++i) {
        const Experiment& e = run.experiments[i];
        if (e.group != "dynamic" || e.ring_spec.reconfig.variant == Reconfig::None) continue;
        const SimResult& r = run.results[i];
        // The static baseline is the same curve with variant "none" (same seed and traffic).
        const std::string static_curve = e.curve.substr(0, e.curve.rfind('_') + 1) + "none";
        c.dynamic.push_back({&e, &r, run.find("dynamic", static_curve, e.x)});
    }
    for (const auto& r : run.results) c.collisions += long(r.collisions + r.misroutes);
    c.runs = run.results.size();
    return c;
}

ThesisTables run_thesis_tables(const ExperimentOptions& options, bool figures, unsigned threads, const ThesisProgress& progress) {
    ThesisTables t;
    t.run = run_thesis_experiments(options, figures, threads, progress);
    t.comparison = compare_with_thesis(t.run);
    return t;
}

std::uint32_t chord_length(const MultiRingSpec& s) {
    return s.w == MultiRingSpec::kDefaultW ? default_chord_length(s.nodes) : s.w;
}

std::string experiments_csv(const std::vector<Experiment>& exps, const std::vector<SimResult>& rs) {
    std::ostringstream f;
    f.exceptions(std::ios::badbit);  // out of memory throws, never a silently truncated CSV
    f << "group,curve,x,model,nodes,spawn,hotspot_p,mmir,discipline_or_chords,routing_or_w,reconfig,mean_rounds,p50,p90,"
         "p99,max,mean_hops,static_average_distance,mean_queue,max_queue,saturated,undelivered,collisions,overlaps,"
         "reconfigurations,seed,rounds,hotspot_move,hot_mean_rounds,load_bound_saturation_p\n";
    for (std::size_t i = 0; i < exps.size(); ++i) {
        const auto& e = exps[i];
        const auto& r = rs[i];
        const std::string kind = e.ccc ? to_string(e.ccc_spec.discipline) : to_string(e.ring_spec.chords);
        const std::string second = e.ccc ? to_string(e.ccc_spec.routing) : std::to_string(chord_length(e.ring_spec));
        f << fmt::format(
            "{},{},{},{},{},{},{},{},{},{},{},{:.4f},{},{},{},{},{:.4f},{:.4f},{:.4f},{},{},{},{},{},{},{},{},{},{:.4f},{:.4f}\n",
            e.group, e.curve, e.x, r.model, r.nodes, e.traffic.spawn, e.traffic.hotspot_p, e.run.mmir, kind, second,
            e.ccc ? "none" : to_string(e.ring_spec.reconfig.variant), r.mean_rounds, r.p50, r.p90, r.p99, r.max_rounds,
            r.mean_hops, r.static_average_distance, r.mean_queue, r.max_queue, r.saturated ? 1 : 0, r.undelivered, r.collisions,
            r.overlaps, r.reconfigurations, r.seed, e.run.rounds, e.traffic.move.every, r.hot_mean_rounds, r.hot_saturation_p);
    }
    return f.str();
}

std::string tables_csv(const ExperimentRun& run) {
    const auto split = std::ptrdiff_t(run.table_count);
    return experiments_csv({run.experiments.begin(), run.experiments.begin() + split},
                           {run.results.begin(), run.results.begin() + split});
}

std::string figures_csv(const ExperimentRun& run) {
    const auto split = std::ptrdiff_t(run.table_count);
    return experiments_csv({run.experiments.begin() + split, run.experiments.end()},
                           {run.results.begin() + split, run.results.end()});
}

}  // namespace liquid::optical::p2p
