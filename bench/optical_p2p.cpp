// Point-to-point simulator speed (thesis ch. 5): rounds per second and message hops per
// second at D = 8 (2048 nodes), full spawn. Baseline in the same run: drawing the same
// traffic without simulating it, so the ratio says what the network simulation costs.
#include <benchmark/benchmark.h>

#include "liquid/optical/p2p/simulator.hpp"
#include "liquid/optical/p2p/traffic.hpp"

using namespace liquid::optical::p2p;
using liquid::Rng;

namespace {

void report(benchmark::State& state, const SimResult& r) {
    state.counters["rounds_per_s"] = benchmark::Counter(double(r.rounds_run), benchmark::Counter::kIsRate);
    state.counters["hops_per_s"] = benchmark::Counter(double(r.delivered) * r.mean_hops, benchmark::Counter::kIsRate);
    state.counters["mean_rounds"] = r.mean_rounds;
    state.counters["collisions"] = double(r.collisions);
}

RunSpec bench_run(std::uint32_t rounds) {
    RunSpec run;
    run.rounds = rounds;
    run.seed = 1;
    return run;
}

// The target: D = 8 at full spawn for 10^4 rounds.
void BM_CccOnDemandD8Full(benchmark::State& state) {
    const CccSpec spec{8, CccDiscipline::OnDemand, CycleKind::Optimized, CccRouting::Thesis};
    for (auto _ : state) report(state, simulate_ccc(spec, {2048, 0}, bench_run(std::uint32_t(state.range(0)))));
}
BENCHMARK(BM_CccOnDemandD8Full)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

void BM_CccCycledD8Full(benchmark::State& state) {
    // current-dimension routing keeps the cycled version below saturation at full spawn
    const CccSpec spec{8, CccDiscipline::Cycled, CycleKind::Optimized, CccRouting::CurrentDimension};
    for (auto _ : state) report(state, simulate_ccc(spec, {2048, 0}, bench_run(std::uint32_t(state.range(0)))));
}
BENCHMARK(BM_CccCycledD8Full)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

void BM_MultiRingRandom2048Full(benchmark::State& state) {
    MultiRingSpec spec;
    spec.nodes = 2048;
    for (auto _ : state) report(state, simulate_multi_ring(spec, {2048, 0}, bench_run(std::uint32_t(state.range(0)))));
}
BENCHMARK(BM_MultiRingRandom2048Full)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

// Baseline: the same event stream (1..2048 events a round) drawn but not simulated.
void BM_TrafficOnlyD8Full(benchmark::State& state) {
    for (auto _ : state) {
        EventSource src(2048, {2048, 0});
        Rng rng(1);
        std::uint64_t sum = 0;
        for (std::int64_t t = 0; t < state.range(0); ++t) {
            const std::uint32_t k = src.events_this_round(rng);
            for (std::uint32_t e = 0; e < k; ++e) sum += src.draw(rng).dst;
        }
        benchmark::DoNotOptimize(sum);
        state.counters["rounds_per_s"] = benchmark::Counter(double(state.range(0)), benchmark::Counter::kIsRate);
    }
}
BENCHMARK(BM_TrafficOnlyD8Full)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

}  // namespace

BENCHMARK_MAIN();
