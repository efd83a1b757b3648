// Testbed simulation table (testbed_table.hpp), report §8.2.
#include "liquid/testbed/testbed_table.hpp"
#include "liquid/base/stop.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "liquid/base/parallel_for.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/sim/frame_executor.hpp"
#include "liquid/sim/queue_executor.hpp"

namespace liquid::testbed {
using namespace liquid::sim;
namespace {

TableCell cell(const SimResult& r) {
    TableCell c;
    c.status = status_name(r.status);
    c.throughput = r.throughput;
    c.ratio = r.ratio;
    c.blocked_s = r.blocked_total;
    return c;
}

TableCell run_scheduled(const Workload& w, const Traffic& t, Method method, const TestbedTableOptions& o, int& length) {
    SolveOptions so;
    so.method = method;
    so.time_limit_s = o.time_limit_s;
    so.seed = o.seed;
    // The papers' experiment: their liquid search, not the construction portfolio.
    so.constructions = false;
    SolveResult sr = solve(t, so);
    length = sr.schedule.length();
    return cell(run_frames(w, sr.schedule, o.sim));
}

TableCell median_random(const Workload& w, const TestbedTableOptions& o) {
    std::vector<TableCell> runs;
    for (int k = 0; k < std::max(1, o.random_runs); ++k)
        runs.push_back(cell(run_queues(w, sender_queues(w, Method::Random, o.seed + static_cast<std::uint64_t>(k)), o.sim)));
    std::sort(runs.begin(), runs.end(), [](const TableCell& a, const TableCell& b) { return a.throughput < b.throughput; });
    return runs[runs.size() / 2];  // the upper median for an even count
}

TestbedRow simulate_row(const Network& t1, const Representative& rep, const TestbedTableOptions& o) {
    TestbedRow row;
    row.rep = rep;
    const std::vector<double> rates = network_rates(t1);
    // Topology-unaware executions with the papers' 2 MB messages (Fig. 18).
    Traffic small = testbed::allocation_traffic(t1, rep.allocation, o.unaware_size);
    Workload ws = make_workload(small, rates);
    row.liquid_throughput = ws.total_bytes / liquid_time(ws);
    row.round_robin = cell(run_queues(ws, sender_queues(ws, Method::RoundRobin), o.sim));
    row.random = median_random(ws, o);
    row.fifo = cell(run_queues(ws, sender_queues(ws, Method::Fifo), o.sim));
    row.round_robin_frames = run_scheduled(ws, small, Method::RoundRobin, o, row.round_robin_length);
    // Schedules with the papers' 5 MB messages (Fig. 19).
    Traffic big = testbed::allocation_traffic(t1, rep.allocation, o.scheduled_size);
    Workload wb = make_workload(big, rates);
    row.dsatur = run_scheduled(wb, big, Method::DSatur, o, row.dsatur_length);
    row.liquid = run_scheduled(wb, big, Method::Liquid, o, row.liquid_length);
    row.liquid_found = row.liquid_length == rep.duration;
    return row;
}

}  // namespace

std::vector<TestbedRow> simulate_testbed(const Network& t1, const std::vector<Representative>& reps,
                                         const TestbedTableOptions& options, const std::function<void()>& row_done) {
    std::vector<TestbedRow> rows(reps.size());
    // Each row only depends on its representative, so the table is identical for every
    // thread and shard count.
    const std::vector<std::size_t> mine = options.shard.items(reps.size());
    parallel_for(mine.size(), options.threads, [&](std::size_t k) {
        const std::size_t i = mine[k];
        rows[i] = simulate_row(t1, reps[i], options);
        if (row_done) row_done();
    });
    throw_if_stopped();  // rows cut short by a signal are not a table
    return rows;
}

std::vector<Representative> testbed_patterns(const SweepResult& sweep, int limit) {
    std::vector<Representative> reps;
    for (const Representative& r : sweep.representatives)
        if (r.allocation.switches_used() >= 2) reps.push_back(r);  // single-switch ones are not in the report's 362
    std::stable_sort(reps.begin(), reps.end(), [](const Representative& a, const Representative& b) {
        if (a.allocation.total() != b.allocation.total()) return a.allocation.total() < b.allocation.total();
        return a.liquid_ratio < b.liquid_ratio;  // report Fig. 17 order
    });
    if (limit > 0 && static_cast<std::size_t>(limit) < reps.size()) reps.resize(static_cast<std::size_t>(limit));
    return reps;
}

namespace {
RatioSpread spread(std::vector<double> v) {
    RatioSpread s;
    if (v.empty()) return s;
    std::sort(v.begin(), v.end());
    s.min = v.front();
    s.max = v.back();
    s.median = v[v.size() / 2];
    s.below_98 = static_cast<int>(std::count_if(v.begin(), v.end(), [](double x) { return x < 0.98; }));
    return s;
}
}  // namespace

TestbedSummary summarize_testbed(const Network& t1, const std::vector<TestbedRow>& rows) {
    TestbedSummary s;
    s.patterns = rows.size();
    s.link_rate = t1.link_count() > 0 ? t1.link_rate(0) : t1.default_rate();
    s.liquid_found =
        static_cast<int>(std::count_if(rows.begin(), rows.end(), [](const TestbedRow& r) { return r.liquid_found; }));
    const std::pair<const char*, TableCell TestbedRow::*> columns[] = {{"round_robin", &TestbedRow::round_robin},
                                                                       {"random", &TestbedRow::random},
                                                                       {"fifo", &TestbedRow::fifo},
                                                                       {"round_robin_frames", &TestbedRow::round_robin_frames},
                                                                       {"dsatur", &TestbedRow::dsatur},
                                                                       {"liquid_schedule", &TestbedRow::liquid}};
    for (const auto& [name, member] : columns) {
        std::vector<double> v;
        for (const TestbedRow& r : rows) v.push_back((r.*member).ratio);
        s.ratios.emplace_back(name, spread(std::move(v)));
    }
    return s;
}

TestbedSimulation run_testbed_simulation(const Network& t1, int limit, const TestbedTableOptions& options,
                                         const TestbedSimulationProgress& progress, const MergeRows& merge) {
    const SweepResult sweep = sweep_distinct_throughputs(t1, options.threads, progress.swept);
    const std::vector<Representative> patterns = testbed_patterns(sweep, limit);
    if (progress.simulating) progress.simulating(options.shard.items(patterns.size()).size());
    TestbedSimulation out;
    out.rows = simulate_testbed(t1, patterns, options, progress.row_done);
    if (merge) merge(out.rows);
    out.summary = summarize_testbed(t1, out.rows);
    return out;
}

std::string testbed_csv(const std::vector<TestbedRow>& rows) {
    std::string s =
        "allocation,nodes,transfers,duration,liquid_MBps,round_robin_MBps,round_robin_ratio,random_MBps,random_ratio,"
        "fifo_MBps,fifo_ratio,round_robin_frames_MBps,round_robin_frames_ratio,dsatur_MBps,dsatur_ratio,liquid_schedule_MBps,"
        "liquid_schedule_ratio,round_robin_length,dsatur_length,liquid_length,liquid_found\n";
    for (const TestbedRow& r : rows) {
        auto c = [](const TableCell& x) { return fmt::format("{:.3f},{:.5f}", x.throughput / 1e6, x.ratio); };
        s += fmt::format("{},{},{},{},{:.3f},{},{},{},{},{},{},{},{},{},{}\n", r.rep.allocation.label(), r.rep.allocation.total(),
                         r.rep.transfers, r.rep.duration, r.liquid_throughput / 1e6, c(r.round_robin), c(r.random), c(r.fifo),
                         c(r.round_robin_frames), c(r.dsatur), c(r.liquid), r.round_robin_length, r.dsatur_length,
                         r.liquid_length, r.liquid_found ? 1 : 0);
    }
    return s;
}

}  // namespace liquid::testbed
