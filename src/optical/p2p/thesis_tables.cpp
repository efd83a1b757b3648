#include "liquid/optical/p2p/thesis_tables.hpp"
#include "liquid/base/stop.hpp"

#include <algorithm>
#include "liquid/base/parallel_for.hpp"
#include "liquid/optical/p2p/options.hpp"

#include <fmt/core.h>
#include <atomic>
#include <cmath>
#include <exception>
#include <mutex>
#include <thread>

namespace liquid::optical::p2p {
namespace {

std::uint32_t ccc_nodes(int d) { return std::uint32_t(d) << d; }

// §5.5.3: "In the on-demand version the value of MMIR is meaningless": a granted node sends
// what it has. (Under any collision-free discipline a node hears one sender per round, so a
// per-link cap would also cap what a hot spot can absorb, which the thesis did not see.)
constexpr std::uint32_t kOnDemandMmir = 0;

std::uint32_t spawn_of(double percent, std::uint32_t nodes) {
    return std::max<std::uint32_t>(1, std::uint32_t(std::lround(percent / 100.0 * nodes)));
}

Experiment ccc_point(const ExperimentOptions& o, std::string group, std::string curve, int d, CccDiscipline disc,
                     double spawn_percent, std::uint32_t mmir, double hotspot) {
    Experiment e;
    e.group = std::move(group);
    e.curve = std::move(curve);
    e.x = spawn_percent;
    e.ccc = true;
    e.ccc_spec.dimension = d;
    e.ccc_spec.discipline = disc;
    e.traffic = {spawn_of(spawn_percent, ccc_nodes(d)), hotspot};
    e.run.rounds = o.rounds;
    e.run.mmir = mmir;
    e.run.seed = o.seed;
    return e;
}

Experiment ring_point(const ExperimentOptions& o, std::string group, std::string curve, std::uint32_t nodes, ChordKind chords,
                      std::uint32_t w, double spawn_percent, std::uint32_t mmir, double hotspot,
                      Reconfig variant = Reconfig::None) {
    Experiment e;
    e.group = std::move(group);
    e.curve = std::move(curve);
    e.x = spawn_percent;
    e.ccc = false;
    e.ring_spec.nodes = nodes;
    e.ring_spec.chords = chords;
    e.ring_spec.w = w;
    e.ring_spec.reconfig.variant = variant;
    e.traffic = {spawn_of(spawn_percent, nodes), hotspot};
    e.run.rounds = o.rounds;
    e.run.mmir = mmir;
    e.run.seed = o.seed;
    return e;
}

// Rounds between two moves of the moving hot spot in the §5.9 table: long against the
// reconfiguration gap (10 rounds) and v4's regeneration interval (100-300), so every variant
// can adapt before the hot spot leaves, and several moves fall into a 3000-round run.
constexpr std::uint32_t kMovingEvery = 500;

std::string mmir_label(std::uint32_t mmir) { return mmir ? fmt::format("mmir{}", mmir) : std::string("unlimited"); }

}  // namespace

std::vector<Experiment> table_experiments(const ExperimentOptions& o) {
    std::vector<Experiment> out;
    for (int d : o.dimensions) {
        for (double s : {10.0, 50.0, 100.0})
            out.push_back(ccc_point(o, "table1", fmt::format("cycled_dim{}", d), d, CccDiscipline::Cycled, s, 35, 0));
        for (double s : {10.0, 100.0})
            out.push_back(
                ccc_point(o, "table1", fmt::format("on-demand_dim{}", d), d, CccDiscipline::OnDemand, s, kOnDemandMmir, 0));
        // One event per round: no queueing, so the latency is the route length. Separates
        // routing from contention in the thesis's unexplained light-load gap (§5.5.3).
        Experiment idle =
            ccc_point(o, "table1", fmt::format("on-demand_dim{}", d), d, CccDiscipline::OnDemand, 0, kOnDemandMmir, 0);
        idle.traffic.spawn = 1;
        out.push_back(idle);
        // The shortcut of the thesis's ref. [3] that it did not implement (§5.5.1).
        Experiment shortcut =
            ccc_point(o, "table1", fmt::format("cycled-current-dimension_dim{}", d), d, CccDiscipline::Cycled, 100, 35, 0);
        shortcut.ccc_spec.routing = CccRouting::CurrentDimension;
        out.push_back(shortcut);
    }
    for (int d : o.dimensions) {
        const std::uint32_t n = ccc_nodes(d);
        out.push_back(
            ring_point(o, "table2", fmt::format("fixed_N{}", n), n, ChordKind::Fixed, MultiRingSpec::kDefaultW, 100, 35, 0));
        out.push_back(
            ring_point(o, "table2", fmt::format("random_N{}", n), n, ChordKind::Random, MultiRingSpec::kDefaultW, 100, 35, 0));
    }
    // §5.9: each variant against the static random configuration, same seed and traffic,
    // with the hot-spot distribution the variants were designed for.
    for (int d : o.dimensions) {
        const std::uint32_t n = ccc_nodes(d);
        if (n > 512) continue;  // v2-v4 evaluate all-pairs distances per attempt
        for (double hot : {0.0, 0.05})
            for (Reconfig v : {Reconfig::None, Reconfig::LocalStrength, Reconfig::GlobalAverage, Reconfig::NearDestination,
                               Reconfig::RandomRegenerate})
                out.push_back(ring_point(o, "dynamic", fmt::format("N{}_hot{}_{}", n, int(hot * 100), to_string(v)), n,
                                         ChordKind::Random, MultiRingSpec::kDefaultW, 100, 35, hot, v));
        // §5.9.4: "We also tried to use moving hot spots ... but it was not successful either."
        for (Reconfig v : {Reconfig::None, Reconfig::LocalStrength, Reconfig::GlobalAverage, Reconfig::NearDestination,
                           Reconfig::RandomRegenerate}) {
            Experiment e = ring_point(o, "dynamic", fmt::format("N{}_hot5_move{}_{}", n, kMovingEvery, to_string(v)), n,
                                      ChordKind::Random, MultiRingSpec::kDefaultW, 100, 35, 0.05, v);
            e.traffic.move.every = kMovingEvery;
            out.push_back(e);
        }
    }
    return out;
}

std::vector<Experiment> figure_experiments(const ExperimentOptions& o) {
    std::vector<Experiment> out;
    const std::vector<double> spawns = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100};
    auto has = [&](int d) { return std::find(o.dimensions.begin(), o.dimensions.end(), d) != o.dimensions.end(); };
    auto sweep = [&](auto make) {
        for (double s : spawns) out.push_back(make(s));
    };
    if (has(6))  // Fig 5.2: MMIR values, D=6, cycled
        for (std::uint32_t m : {10u, 25u, 35u, 0u})
            sweep([&](double s) {
                return ccc_point(o, "fig5.2", "cycled_" + mmir_label(m) + "_dim6", 6, CccDiscipline::Cycled, s, m, 0);
            });
    if (has(8))  // Fig 5.3: MMIR values, D=8, cycled
        for (std::uint32_t m : {10u, 23u, 35u})
            sweep([&](double s) {
                return ccc_point(o, "fig5.3", "cycled_" + mmir_label(m) + "_dim8", 8, CccDiscipline::Cycled, s, m, 0);
            });
    for (int d : {6, 8})  // Fig 5.4: hot spots, on-demand
        if (has(d))
            for (int h : {1, 3, 5})
                sweep([&](double s) {
                    return ccc_point(o, "fig5.4", fmt::format("on-demand_hot{}_dim{}", h, d), d, CccDiscipline::OnDemand, s,
                                     kOnDemandMmir, h / 100.0);
                });
    if (has(6)) {  // Fig 5.5: hot spots with MMIR=30, cycled, D=6, and the unlimited line
        for (int h : {0, 1, 3, 5})
            sweep([&](double s) {
                return ccc_point(o, "fig5.5", fmt::format("cycled_mmir30_hot{}_dim6", h), 6, CccDiscipline::Cycled, s, 30,
                                 h / 100.0);
            });
        sweep(
            [&](double s) { return ccc_point(o, "fig5.5", "cycled_unlimited_hot5_dim6", 6, CccDiscipline::Cycled, s, 0, 0.05); });
    }
    for (int hot : {0, 5})  // Fig 5.6 (no hot spots) and 5.7 (5% hot spots): on-demand vs cycled
        for (int d : o.dimensions)
            for (CccDiscipline disc : {CccDiscipline::OnDemand, CccDiscipline::Cycled})
                sweep([&](double s) {
                    return ccc_point(o, hot ? "fig5.7" : "fig5.6", fmt::format("{}_dim{}", to_string(disc), d), d, disc, s,
                                     disc == CccDiscipline::OnDemand ? kOnDemandMmir : 35, hot / 100.0);
                });
    // Fig 5.9: N=64, fixed chords of every even length w (the parity rule forbids odd w):
    // load-free optimum and simulation at spawn = N.
    for (std::uint32_t w = 0; w < 64; w += 2) {
        Experiment e = ring_point(o, "fig5.9", "fixed_N64", 64, ChordKind::Fixed, w, 100, 35, 0);
        e.x = w;
        out.push_back(e);
    }
    for (std::uint32_t m : {5u, 10u, 20u, 35u, 0u})  // Fig 5.10: MMIR, random chords, N=384
        sweep([&](double s) {
            return ring_point(o, "fig5.10", "random_" + mmir_label(m) + "_N384", 384, ChordKind::Random, MultiRingSpec::kDefaultW,
                              s, m, 0);
        });
    for (int h : {0, 1, 3, 5})  // Fig 5.11: hot spots, random chords, N=384
        sweep([&](double s) {
            return ring_point(o, "fig5.11", fmt::format("random_hot{}_N384", h), 384, ChordKind::Random, MultiRingSpec::kDefaultW,
                              s, 35, h / 100.0);
        });
    // Fig 5.11 beyond the thesis's 1-5 %: where does node 0's absorption limit bite? x is the
    // hot-spot parameter in %, spawn = N; MMIR 35 (the thesis's value) and 10.
    for (std::uint32_t m : {35u, 10u})
        for (double h : {0.0, 2.5, 5.0, 7.5, 10.0, 12.5, 15.0, 17.5, 20.0, 25.0, 30.0}) {
            Experiment e = ring_point(o, "fig5.11-p", "random_" + mmir_label(m) + "_N384", 384, ChordKind::Random,
                                      MultiRingSpec::kDefaultW, 100, m, h / 100.0);
            e.x = h;
            out.push_back(e);
        }
    return out;
}

SimResult run_experiment(const Experiment& e) {
    return e.ccc ? simulate_ccc(e.ccc_spec, e.traffic, e.run) : simulate_multi_ring(e.ring_spec, e.traffic, e.run);
}

std::vector<SimResult> run_experiments(const std::vector<Experiment>& experiments, unsigned threads,
                                       const std::function<void()>& done) {
    std::vector<SimResult> results(experiments.size());
    parallel_for(experiments.size(), static_cast<int>(std::max(1u, threads)), [&](std::size_t i) {
        results[i] = run_experiment(experiments[i]);
        if (done) done();
    });
    return results;
}

}  // namespace liquid::optical::p2p
