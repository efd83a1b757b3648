// Traffic analysis on the Swiss-T1 full all-to-all (1024 transfers, 96 links): building
// the congestion graph per link (the library's way) against the pairwise baseline
// measured in the same run, and the whole `analyze` pipeline.
#include <benchmark/benchmark.h>

#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"

namespace {

const liquid::Traffic& kring_all_to_all() {
    static const liquid::Traffic t = [] {
        liquid::PatternSpec spec;
        spec.include_self = true;
        return liquid::make_pattern(liquid::make_swiss_t1(), spec);
    }();
    return t;
}

void BM_CongestionGraphPerLink(benchmark::State& state) {
    const auto& t = kring_all_to_all();
    for (auto _ : state) {
        liquid::CongestionGraph g(t);
        benchmark::DoNotOptimize(g.edge_count());
    }
}

// Baseline: test every pair of transfers for a shared link.
void BM_CongestionGraphPairwiseBaseline(benchmark::State& state) {
    const auto& t = kring_all_to_all();
    for (auto _ : state) {
        std::size_t edges = 0;
        for (int i = 0; i < t.size(); ++i)
            for (int j = i + 1; j < t.size(); ++j) edges += t[i].links.intersects(t[j].links);
        benchmark::DoNotOptimize(edges);
    }
}

void BM_AnalyzeKRing(benchmark::State& state) {
    const auto& t = kring_all_to_all();
    for (auto _ : state) benchmark::DoNotOptimize(liquid::analyze(t).duration);
}

void BM_BuildKRingAllToAll(benchmark::State& state) {
    const auto net = liquid::make_swiss_t1();
    liquid::PatternSpec spec;
    spec.include_self = true;
    for (auto _ : state) benchmark::DoNotOptimize(liquid::make_pattern(net, spec).size());
}

}  // namespace

BENCHMARK(BM_CongestionGraphPerLink)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CongestionGraphPairwiseBaseline)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AnalyzeKRing)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BuildKRingAllToAll)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
