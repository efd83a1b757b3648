// Traffic representation at fabric scale: building an all-to-all with link sets stored as
// lists (the default on wide link universes) against bitsets of the full link width (the
// former representation), and counting congestion-graph edges by the run formula against
// the per-link user scan (the former method), in the same run. The 1 024-host numbers of
// docs/performance.md come from scripts/bench-traffic-scale.sh (whole commands, peak memory).
#include <benchmark/benchmark.h>

#include <map>
#include <string>

#include "liquid/io/network_spec.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/congestion_edges.hpp"
#include "liquid/traffic/patterns.hpp"

namespace {

const char* const kFabrics[] = {"fat-tree:4,4", "hypercube:8"};  // 65 280 transfers each

const liquid::Network& network(int i) {
    static std::map<int, liquid::Network> cache;
    auto it = cache.find(i);
    if (it == cache.end()) it = cache.emplace(i, liquid::make_network(kFabrics[i])).first;
    return it->second;
}

const liquid::Traffic& traffic(int i) {
    static std::map<int, liquid::Traffic> cache;
    auto it = cache.find(i);
    if (it == cache.end()) it = cache.emplace(i, liquid::make_pattern(network(i), liquid::PatternSpec{})).first;
    return it->second;
}

void BM_BuildAllToAllAsLists(benchmark::State& state) {
    const auto& net = network(static_cast<int>(state.range(0)));
    state.SetLabel(kFabrics[state.range(0)]);
    for (auto _ : state) benchmark::DoNotOptimize(liquid::make_pattern(net, liquid::PatternSpec{}).size());
}

// Baseline: the same traffic with every link set a bitset of the full link width.
void BM_BuildAllToAllAsBitsetsBaseline(benchmark::State& state) {
    const auto& net = network(static_cast<int>(state.range(0)));
    state.SetLabel(kFabrics[state.range(0)]);
    for (auto _ : state)
        benchmark::DoNotOptimize(
            liquid::make_pattern(net, liquid::PatternSpec{}).with_storage(liquid::LinkStorage::Bitset).size());
}

void BM_AnalyzeAllToAll(benchmark::State& state) {
    const auto& t = traffic(static_cast<int>(state.range(0)));
    state.SetLabel(kFabrics[state.range(0)]);
    for (auto _ : state) benchmark::DoNotOptimize(liquid::analyze(t).duration);
}

void BM_EdgesByRuns(benchmark::State& state) {
    const auto& t = traffic(static_cast<int>(state.range(0)));
    state.SetLabel(kFabrics[state.range(0)]);
    for (auto _ : state) benchmark::DoNotOptimize(liquid::count_congestion_edges_by_runs(t));
}

// Baseline: the per-link user scan, O(Σ λ(l)²).
void BM_EdgesByUsersBaseline(benchmark::State& state) {
    const auto& t = traffic(static_cast<int>(state.range(0)));
    state.SetLabel(kFabrics[state.range(0)]);
    for (auto _ : state) benchmark::DoNotOptimize(liquid::count_congestion_edges_by_users(t));
}

}  // namespace

BENCHMARK(BM_BuildAllToAllAsLists)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BuildAllToAllAsBitsetsBaseline)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AnalyzeAllToAll)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EdgesByRuns)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EdgesByUsersBaseline)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
