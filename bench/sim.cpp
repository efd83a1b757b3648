// Simulator throughput: events per second on the full 32×32 Swiss-T1 all-to-all
// (1024 transfers, 4 hops each) for each executor. The baseline of the ratios is the
// liquid-schedule run measured in the same process. Run: build/bench_sim
#include <benchmark/benchmark.h>

#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/sim/flit_model.hpp"
#include "liquid/sim/frame_executor.hpp"
#include "liquid/sim/queue_executor.hpp"
#include "liquid/testbed/swiss_t1.hpp"

namespace {

using namespace liquid;
using namespace liquid::sim;

struct Full {
    Network net = make_swiss_t1();
    Traffic traffic = testbed::allocation_traffic(net, testbed::parse_allocation("44444444"), 2e6);
    Workload w = make_workload(traffic, network_rates(net));
    Schedule liquid_schedule = [&] {
        SolveOptions o;
        o.method = Method::Liquid;
        return solve(traffic, o).schedule;
    }();
};

const Full& full() {
    static const Full f;
    return f;
}

void report(benchmark::State& state, std::uint64_t events) {
    state.counters["events"] = static_cast<double>(events);
    state.counters["events_per_s"] =
        benchmark::Counter(static_cast<double>(events) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_LiquidScheduleFrames(benchmark::State& state) {
    const Full& f = full();
    std::uint64_t events = 0;
    for (auto _ : state) {
        SimResult r = run_frames(f.w, f.liquid_schedule, SimOptions{});
        events = r.events;
        benchmark::DoNotOptimize(r.makespan);
    }
    report(state, events);
}

void BM_Queues(benchmark::State& state) {
    const Full& f = full();
    constexpr Method kOrders[] = {Method::RoundRobin, Method::Random, Method::Fifo};  // range(0) indexes these
    const Method order = kOrders[state.range(0)];
    auto queues = sender_queues(f.w, order, 1);
    SimOptions o;
    o.hop_latency_s = state.range(1) ? 1e-6 : 0;  // with latency: one event per hop release
    std::uint64_t events = 0;
    for (auto _ : state) {
        SimResult r = run_queues(f.w, queues, o);
        events = r.events;
        benchmark::DoNotOptimize(r.makespan);
    }
    state.SetLabel(std::string(method_name(order)) + (state.range(1) ? ", 1 us hops" : ", zero latency"));
    report(state, events);
}

// The flit-level cross-check model on the same exchange with 64-flit messages: how much
// cheaper the message-level model is.
void BM_FlitModelRoundRobin(benchmark::State& state) {
    const Full& f = full();
    Traffic t = testbed::allocation_traffic(f.net, testbed::parse_allocation("44444444"), 64);
    Network net = f.net;
    net.set_default_rate(1);
    Workload w = make_workload(t, network_rates(net));
    auto queues = sender_queues(w, Method::RoundRobin);
    for (auto _ : state) {
        FlitResult r = simulate_flits(w, queues, FlitOptions{});
        benchmark::DoNotOptimize(r.makespan);
    }
}

BENCHMARK(BM_LiquidScheduleFrames)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_Queues)
    ->Args({0, 0})
    ->Args({1, 0})
    ->Args({2, 0})
    ->Args({0, 1})
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_FlitModelRoundRobin)->Unit(benchmark::kMillisecond)->Repetitions(3)->ReportAggregatesOnly(true);

}  // namespace

BENCHMARK_MAIN();
