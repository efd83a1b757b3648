// Fabric-scale experiment: all-to-all on 32–256-host fabrics. Per fabric, in
// one run: the default method (`optimal`: construction portfolio, bounds, symmetry and
// invariant search, tabu search, exact search) with a 10 s budget, DSatur and round-robin
// alone, and CaDiCaL alone deciding "Λ frames?" with the engine's SAT encoding (budget
// LIQUID_BENCH_SAT_S, default 10 s).
// scripts/bench-fabric-scale.sh turns the medians into the "Fabric scale" table of docs/performance.md.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <sstream>
#include <string>

#include "liquid/io/network_spec.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/lower_bounds.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sched/sat_decision.hpp"

namespace {
using namespace liquid;

const char* const kFabrics[] = {"torus:6x6",         "mesh:6x6",     "torus:4x4x4",  "torus:8x8",    "hypercube:6", "ccc:4",
                                "chordal-ring:32,5", "fat-tree:4,3", "fat-tree:8,2", "fat-tree:4,4", "hypercube:7"};

/// The fabrics, or the network specs in LIQUID_BENCH_FABRICS (separated by spaces).
std::vector<std::string> fabrics() {
    const char* env = std::getenv("LIQUID_BENCH_FABRICS");
    if (!env) return {std::begin(kFabrics), std::end(kFabrics)};
    std::vector<std::string> specs;
    std::istringstream in(env);
    for (std::string spec; in >> spec;) specs.push_back(spec);
    return specs;
}

const Traffic& traffic_of(const std::string& spec) {
    static std::map<std::string, Traffic> cache;
    auto it = cache.find(spec);
    if (it == cache.end()) it = cache.emplace(spec, make_pattern(make_network(spec), PatternSpec{})).first;
    return it->second;
}

double env_seconds(const char* name, double fallback) {
    const char* v = std::getenv(name);
    return v ? std::atof(v) : fallback;
}

void report(benchmark::State& state, const Traffic& t, int length) {
    state.counters["transfers"] = t.size();
    state.counters["lambda"] = analyze(t).duration;
    state.counters["length"] = length;
}

void BM_Optimal(benchmark::State& state, const std::string& spec) {
    const Traffic& t = traffic_of(spec);
    SolveOptions o;
    o.time_limit_s = env_seconds("LIQUID_BENCH_LIMIT_S", 10);
    SolveResult r;
    for (auto _ : state) r = solve(t, o);
    report(state, t, r.schedule.length());
    state.counters["lower_bound"] = r.lower_bound;
    state.counters["proven"] = r.optimal;
    state.counters["symmetry_order"] = r.symmetry_order;
    // "by | invariant search": the script splits the label into two columns.
    state.SetLabel(r.solver + (r.bound_by == "duration" ? "" : "; bound by " + r.bound_by) + " | " +
                   (r.invariant.empty() ? "-" : r.invariant));
}

void BM_DSatur(benchmark::State& state, const std::string& spec) {
    const Traffic& t = traffic_of(spec);
    Schedule s;
    for (auto _ : state) s = sched::dsatur_schedule(t);
    report(state, t, s.length());
}

void BM_RoundRobin(benchmark::State& state, const std::string& spec) {
    const Traffic& t = traffic_of(spec);
    Schedule s;
    for (auto _ : state) s = sched::round_robin_schedule(t);
    report(state, t, s.length());
}

/// CaDiCaL alone: "schedulable in Λ frames?" (sat_decision.hpp), skipped when the encoding
/// would not fit in memory (about 650 bytes per transfer x frame).
void BM_Cadical(benchmark::State& state, const std::string& spec) {
    const Traffic& t = traffic_of(spec);
    const int lambda = analyze(t).duration;
    const double gb = double(t.size()) * lambda * 650 / 1e9;
    if (gb > env_seconds("LIQUID_BENCH_SAT_GB", 4)) {
        state.SkipWithError(("encoding needs ~" + std::to_string(int(gb + 0.5)) + " GB").c_str());
        for (auto _ : state) {
        }
        return;
    }
    const std::vector<int> clique = sched::large_clique(t);
    sched::SatOutcome out;
    for (auto _ : state) out = sched::sat_decide(t, lambda, clique, nullptr, env_seconds("LIQUID_BENCH_SAT_S", 10));
    report(state, t, out.answer == sched::SatAnswer::Schedulable ? lambda : -1);
    state.SetLabel(out.answer == sched::SatAnswer::Schedulable     ? "yes"
                   : out.answer == sched::SatAnswer::Unschedulable ? "no (proof)"
                                                                   : "no answer in budget");
}

const bool registered = [] {
    // One run per repetition, wall time in ms; CaDiCaL alone runs once (its 10 s budget).
    const auto add = [](const std::string& name, void (*fn)(benchmark::State&, const std::string&), const std::string& spec,
                        int repetitions) {
        benchmark::RegisterBenchmark(name.c_str(), fn, spec)
            ->Iterations(1)
            ->Repetitions(repetitions)
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
    };
    for (const std::string& spec : fabrics()) {
        add("optimal/" + spec, BM_Optimal, spec, 3);
        add("dsatur/" + spec, BM_DSatur, spec, 3);
        add("round-robin/" + spec, BM_RoundRobin, spec, 3);
        add("cadical/" + spec, BM_Cadical, spec, 1);
    }
    return true;
}();

}  // namespace

BENCHMARK_MAIN();
