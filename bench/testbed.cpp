// Swiss-T1 testbed: the Λ formula (report §8.1) against building and analysing the
// allocation's traffic (the baseline), the whole 5^8 sweep, and one representative's
// exact schedule. Ratios: run scripts/bench.sh or compare medians of the same run.
#include <benchmark/benchmark.h>

#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/testbed/swiss_t1.hpp"
#include "liquid/traffic/analysis.hpp"

namespace {

using namespace liquid;
using namespace liquid::testbed;

const Network& t1() {
    static const Network net = make_swiss_t1();
    return net;
}

// 64 allocations spread over the index range, all sizes.
std::vector<Allocation> sample() {
    std::vector<Allocation> v;
    for (std::uint64_t idx = 1; idx < kAllocationCount; idx += kAllocationCount / 64) v.push_back(allocation_from_index(idx));
    return v;
}

// Baseline: Λ by building the traffic and running analyze().
void BM_DurationByAnalyze(benchmark::State& state) {
    const auto allocs = sample();
    for (auto _ : state)
        for (const Allocation& a : allocs) benchmark::DoNotOptimize(analyze(allocation_traffic(t1(), a)).duration);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(allocs.size()));
}
BENCHMARK(BM_DurationByAnalyze)->Unit(benchmark::kMicrosecond);

void BM_DurationByFormula(benchmark::State& state) {
    const auto allocs = sample();
    const AllocationLoads loads(t1());
    for (auto _ : state)
        for (const Allocation& a : allocs) benchmark::DoNotOptimize(loads.duration(a));
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(allocs.size()));
}
BENCHMARK(BM_DurationByFormula)->Unit(benchmark::kMicrosecond);

void BM_Sweep(benchmark::State& state) {
    for (auto _ : state)
        benchmark::DoNotOptimize(sweep_distinct_throughputs(t1(), static_cast<int>(state.range(0))).representatives.size());
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kAllocationCount - 1));
}
BENCHMARK(BM_Sweep)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The largest representative traffic of the sweep, scheduled exactly vs DSatur.
void BM_ScheduleLargestRepresentative(benchmark::State& state) {
    const SweepResult sw = sweep_distinct_throughputs(t1(), 2);
    const Representative* big = &sw.representatives.front();
    for (const Representative& r : sw.representatives)
        if (r.transfers > big->transfers) big = &r;
    const Traffic x = allocation_traffic(t1(), big->allocation);
    SolveOptions o;
    o.method = state.range(0) ? Method::Optimal : Method::DSatur;
    o.time_limit_s = 10;
    for (auto _ : state) benchmark::DoNotOptimize(solve(x, o).schedule.length());
    state.SetLabel(big->allocation.label() + (state.range(0) ? " optimal" : " dsatur"));
}
BENCHMARK(BM_ScheduleLargestRepresentative)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
