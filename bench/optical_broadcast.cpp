// Executor throughput on the optical cross-connect algorithms. Baseline: the ring
// broadcast (N-1 transmissions, the cheapest program); every other benchmark reports its
// events per second so the ratios against the baseline read directly from the output.
#include <benchmark/benchmark.h>

#include "liquid/optical/broadcast/allgather.hpp"
#include "liquid/optical/broadcast/broadcast.hpp"
#include "optical/broadcast/allgather_programs.hpp"
#include "optical/broadcast/broadcast_programs.hpp"
#include "optical/broadcast/executor.hpp"

using namespace liquid::optical;

namespace {

ModelParams at(int n) {
    ModelParams p;
    p.nodes = n;
    p.multicast = 3;
    return p;
}

void report(benchmark::State& state, const ExecutionReport& r) {
    state.counters["events"] = static_cast<double>(r.events);
    state.counters["events_per_s"] =
        benchmark::Counter(static_cast<double>(r.events), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["sim_ms"] = to_microseconds(r.completion) / 1000;
}

void BM_Broadcast(benchmark::State& state, BroadcastAlgorithm a) {
    ModelParams p = at(static_cast<int>(state.range(0)));
    Program prog = build_broadcast(a, p);
    ExecutionReport r;
    for (auto _ : state) {
        r = execute(p, prog);
        benchmark::DoNotOptimize(r.completion);
    }
    report(state, r);
}

void BM_BuildAndRunBroadcast(benchmark::State& state, BroadcastAlgorithm a) {
    ModelParams p = at(static_cast<int>(state.range(0)));
    ExecutionReport r;
    for (auto _ : state) {
        r = run_broadcast(a, p);
        benchmark::DoNotOptimize(r.completion);
    }
    report(state, r);
}

void BM_Allgather(benchmark::State& state, AllgatherAlgorithm a) {
    ModelParams p = at(static_cast<int>(state.range(0)));
    Program prog = build_allgather(a, p);
    ExecutionReport r;
    for (auto _ : state) {
        r = execute(p, prog);
        benchmark::DoNotOptimize(r.completion);
    }
    report(state, r);
}

void BM_HalfOptimal(benchmark::State& state, BroadcastAlgorithm a) {
    ModelParams p = at(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(half_optimal(a, p).executor);
}

}  // namespace

BENCHMARK_CAPTURE(BM_Broadcast, ring_baseline, BroadcastAlgorithm::RingForwarding)->Arg(2048)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Broadcast, naive_configuration, BroadcastAlgorithm::NaiveConfiguration)
    ->Arg(2048)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Broadcast, tree, BroadcastAlgorithm::TreeForwarding)->Arg(2048)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Broadcast, smart_tree, BroadcastAlgorithm::SmartTree)->Arg(2048)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Broadcast, smart_ring, BroadcastAlgorithm::SmartRing)->Arg(2048)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_BuildAndRunBroadcast, smart_ring, BroadcastAlgorithm::SmartRing)->Arg(2048)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Allgather, ring, AllgatherAlgorithm::Ring)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Allgather, hypercube, AllgatherAlgorithm::Hypercube)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Allgather, tree, AllgatherAlgorithm::Tree)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_HalfOptimal, smart_tree, BroadcastAlgorithm::SmartTree)->Arg(1024)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
