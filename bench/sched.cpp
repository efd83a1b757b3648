// Scheduling benchmarks: full-team enumeration and schedule searches on the
// two-switch example, K-ring (Swiss-T1) testbed patterns, the full 32x32 all-to-all and
// generated ring-arc traffics; DSatur on the same input in the same run is the baseline
// (scripts/bench-sched.sh turns the medians into the table of docs/performance.md with ratios).
#include <benchmark/benchmark.h>

#include <bit>
#include <random>
#include <string>
#include <vector>

#include "liquid/net/generators.hpp"
#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/full_teams.hpp"
#include "liquid/sched/lower_bounds.hpp"
#include "liquid/sched/ring_arcs.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sched/fission.hpp"
#include "sched/sat_decision.hpp"

namespace {
using namespace liquid;

const Network& swiss_t1() {
    static const Network net = make_swiss_t1();
    return net;
}

/// Testbed pattern (report §8.1): per switch, how many of its 4 nodes take part; every
/// taking part node sends to every taking part node, itself included.
Traffic testbed_pattern(const std::vector<int>& per_switch) {
    const auto hosts = swiss_t1().hosts();
    std::vector<int> nodes;
    for (std::size_t s = 0; s < per_switch.size(); ++s)
        for (int i = 0; i < per_switch[s]; ++i) nodes.push_back(hosts[s * 4 + i]);
    PatternSpec spec;
    spec.senders = spec.receivers = nodes;
    spec.include_self = true;
    return make_pattern(swiss_t1(), spec);
}

struct Instance {
    std::string name;
    Traffic traffic;
};

const std::vector<Instance>& instances() {
    static const std::vector<Instance> all = [] {
        std::vector<Instance> v;
        v.push_back({"two-switch", make_pattern(make_two_switch(), PatternSpec{})});
        v.push_back({"kring-a2a-32x32", testbed_pattern({4, 4, 4, 4, 4, 4, 4, 4})});
        v.push_back({"kring-1111-1111", testbed_pattern({1, 1, 1, 1, 1, 1, 1, 1})});
        v.push_back({"kring-2314-0231", testbed_pattern({2, 3, 1, 4, 0, 2, 3, 1})});
        v.push_back({"kring-4040-4040", testbed_pattern({4, 0, 4, 0, 4, 0, 4, 0})});
        v.push_back({"kring-3333-3333", testbed_pattern({3, 3, 3, 3, 3, 3, 3, 3})});
        v.push_back({"kring-0444-4440", testbed_pattern({0, 4, 4, 4, 4, 4, 4, 0})});
        // Ring arcs: circular-arc conflicts where the optimum exceeds Λ and the proofs are hard.
        v.push_back({"ring64-80arcs-s2", sched::make_ring_arc_traffic(64, 80, 20, 45, 2)});
        v.push_back({"ring16-60arcs-s6", sched::make_ring_arc_traffic(16, 60, 5, 12, 6)});
        v.push_back({"ring40-70arcs-s3", sched::make_ring_arc_traffic(40, 70, 10, 30, 3)});
        v.push_back({"ring30-90arcs-s7", sched::make_ring_arc_traffic(30, 90, 6, 18, 7)});
        return v;
    }();
    return all;
}

void report(benchmark::State& state, const SolveResult& r) {
    state.counters["length"] = r.schedule.length();
    state.counters["lambda"] = r.duration;
    state.counters["optimal"] = r.optimal;
    state.counters["categories"] = static_cast<double>(r.categories);
    state.counters["nodes"] = static_cast<double>(r.nodes);
    state.counters["sat_answered"] = r.solver == "sat";
}

void BM_Solve(benchmark::State& state, int instance, Method method, bool sat) {
    const Traffic& t = instances()[instance].traffic;
    SolveOptions o;
    o.method = method;
    o.sat_partner = sat;
    o.time_limit_s = sat ? 20 : 5;  // fission alone: a 5 s budget shows where it gives up
    SolveResult r;
    for (auto _ : state) {
        r = solve(t, o);
        benchmark::DoNotOptimize(r.schedule.frames.data());
    }
    if (!verify_schedule(t, r.schedule).empty()) state.SkipWithError("schedule failed verification");
    report(state, r);
}

/// SAT alone: iterative deepening from the clique bound with sat_decide only.
void BM_SatOnly(benchmark::State& state, int instance) {
    const Traffic& t = instances()[instance].traffic;
    int length = 0;
    for (auto _ : state) {
        const auto clique = sched::large_clique(t);
        int L = std::max<int>(analyze(t).duration, static_cast<int>(clique.size()));
        for (;; ++L) {
            const auto out = sched::sat_decide(t, L, clique, nullptr, 60);
            if (out.answer == sched::SatAnswer::Schedulable) break;
            if (out.answer == sched::SatAnswer::Unknown) state.SkipWithError("SAT timed out");
        }
        length = L;
    }
    state.counters["length"] = length;
}

void BM_EnumerateFirstTeams(benchmark::State& state, int instance) {
    // The first 10'000 full teams (all of them when fewer): categories per second.
    const Traffic& t = instances()[instance].traffic;
    EnumerationStats st;
    for (auto _ : state) {
        std::uint64_t seen = 0;
        st = enumerate_full_teams(t, {}, [&](const Bitset& team) {
            benchmark::DoNotOptimize(team.words());
            return ++seen < 10000;
        });
    }
    state.counters["categories"] = static_cast<double>(st.categories);
    state.counters["full_teams"] = static_cast<double>(st.full_teams);
    state.counters["categories_per_s"] =
        benchmark::Counter(static_cast<double>(st.categories), benchmark::Counter::kIsIterationInvariantRate);
}

/// Search-space reduction (report §6.3, Fig. 9): categories traversed by the naive
/// fission, +blank, +idle, +skeleton, counting every full team of a testbed pattern.
void BM_SearchSpace(benchmark::State& state, std::vector<int> per_switch) {
    const Traffic t = testbed_pattern(per_switch);
    // The table of this bench in docs/performance.md: lowest-index pivot below the skeleton level, the
    // skeleton phases' constrained pivot (the testbed's --pivot runs one rule at every level).
    constexpr PivotRule low = PivotRule::LowestIndex;
    const EnumerationOptions naive{false, false, false, 0, low}, blank{true, false, false, 0, low},
        idle{true, true, false, 0, low}, skeleton{true, true, true, 0};
    std::uint64_t c[4] = {0, 0, 0, 0}, teams = 0;
    for (auto _ : state) {
        const EnumerationOptions* opts[4] = {&naive, &blank, &idle, &skeleton};
        for (int k = 0; k < 4; ++k) {
            const EnumerationStats st = count_full_teams(t, *opts[k]);
            c[k] = st.categories;
            teams = st.full_teams;
        }
    }
    state.counters["transfers"] = t.size();
    state.counters["full_teams"] = static_cast<double>(teams);
    state.counters["naive"] = static_cast<double>(c[0]);
    state.counters["pct_blank"] = 100.0 * static_cast<double>(c[1]) / static_cast<double>(c[0]);
    state.counters["pct_idle"] = 100.0 * static_cast<double>(c[2]) / static_cast<double>(c[0]);
    state.counters["pct_skeleton"] = 100.0 * static_cast<double>(c[3]) / static_cast<double>(c[0]);
}

/// The fission search's innermost operation, bits set in a & b over a row of 254 words
/// (16 256 transfers, the 8 x 8 HyperX all-to-all): the run-time POPCNT dispatch of
/// row_and_count against the portable std::popcount loop (a library call per word on the
/// baseline x86-64 instruction set), same process.
std::vector<sched::Word> random_row(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<sched::Word> row(254);
    for (auto& w : row) w = rng();
    return row;
}

void BM_RowAndCount(benchmark::State& state) {
    const auto a = random_row(1), b = random_row(2);
    for (auto _ : state) benchmark::DoNotOptimize(sched::row_and_count(a.data(), b.data(), static_cast<int>(a.size())));
}
BENCHMARK(BM_RowAndCount);

void BM_RowAndCountPortable(benchmark::State& state) {
    const auto a = random_row(1), b = random_row(2);
    for (auto _ : state) {
        int c = 0;
        for (std::size_t i = 0; i < a.size(); ++i) c += std::popcount(a[i] & b[i]);
        benchmark::DoNotOptimize(c);
    }
}
BENCHMARK(BM_RowAndCountPortable);

const bool registered = [] {
    for (int i = 0; i < static_cast<int>(instances().size()); ++i) {
        const std::string& n = instances()[i].name;
        const bool ring = n.rfind("ring", 0) == 0;
        benchmark::RegisterBenchmark(("Solve/" + n + "/dsatur").c_str(), BM_Solve, i, Method::DSatur, true)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("Solve/" + n + "/round-robin").c_str(), BM_Solve, i, Method::RoundRobin, true)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("Solve/" + n + "/liquid").c_str(), BM_Solve, i, Method::Liquid, true)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("Solve/" + n + "/optimal").c_str(), BM_Solve, i, Method::Optimal, true)
            ->Unit(benchmark::kMillisecond);
        if (ring) {
            benchmark::RegisterBenchmark(("Solve/" + n + "/optimal-fission-only").c_str(), BM_Solve, i, Method::Optimal, false)
                ->Unit(benchmark::kMillisecond)
                ->Iterations(1);
            benchmark::RegisterBenchmark(("Solve/" + n + "/sat-only").c_str(), BM_SatOnly, i)->Unit(benchmark::kMillisecond);
        } else {
            benchmark::RegisterBenchmark(("Enumerate/" + n + "/first-10000-teams").c_str(), BM_EnumerateFirstTeams, i)
                ->Unit(benchmark::kMillisecond);
        }
    }
    for (const auto& p : std::vector<std::vector<int>>{{1, 1, 1, 1, 0, 0, 0, 0},
                                                       {2, 1, 0, 1, 0, 0, 1, 0},
                                                       {1, 1, 1, 1, 1, 1, 0, 0},
                                                       {2, 0, 2, 0, 1, 0, 1, 0},
                                                       {1, 1, 1, 1, 1, 1, 1, 1},
                                                       {2, 2, 1, 0, 0, 1, 1, 0}}) {
        std::string name = "SearchSpace/kring-";
        for (int k : p) name += std::to_string(k);
        benchmark::RegisterBenchmark(name.c_str(), BM_SearchSpace, p)->Unit(benchmark::kMillisecond)->Iterations(1);
    }
    return true;
}();

}  // namespace

BENCHMARK_MAIN();
