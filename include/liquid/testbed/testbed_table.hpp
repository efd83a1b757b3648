#pragma once
// The testbed simulation table (report §8.2, Fig. 18–21): for each representative
// Swiss-T1 allocation (testbed/swiss_t1.hpp), the simulated aggregate throughput of the
// topology-unaware executions and of DSatur and liquid schedules, next to the liquid
// throughput.
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "liquid/base/shard.hpp"
#include "liquid/sim/options.hpp"
#include "liquid/testbed/swiss_t1.hpp"

namespace liquid::testbed {

struct TestbedTableOptions {
    sim::SimOptions sim;          // overheads shared by every run
    double unaware_size = 2e6;    // bytes per message of round-robin/random/FIFO (report §8.2: 2 MB)
    double scheduled_size = 5e6;  // bytes per message of DSatur and liquid schedules (5 MB)
    int random_runs = 5;          // random order: median over this many seeds
    std::uint64_t seed = 1;       // first seed of the random runs
    double time_limit_s = 5.0;    // budget of each liquid schedule search
    int threads = 0;              // <= 0: hardware concurrency
    Shard shard;                  // simulate only the rows this shard owns
};

/// One simulated execution: throughput in bytes/s and its ratio to the liquid throughput.
struct TableCell {
    double throughput = 0;
    double ratio = 0;
    double blocked_s = 0;
    std::string status = "done";  // "done", or "deadlock"/"event-limit" with throughput 0
};

struct TestbedRow {
    Representative rep;
    double liquid_throughput = 0;  // bytes/s: n²/Λ × link rate
    TableCell round_robin;         // per-sender queues, round-robin order, no sync
    TableCell random;              // per-sender queues, random order (median over seeds)
    TableCell fifo;                // per-sender queues, traffic order
    TableCell round_robin_frames;  // round-robin schedule (split phases), barriers
    TableCell dsatur;              // DSatur schedule, barriers
    TableCell liquid;              // liquid schedule, barriers
    int dsatur_length = 0, liquid_length = 0, round_robin_length = 0;
    bool liquid_found = false;  // the schedule's length is Λ
};

/// Simulates every representative on `threads` threads; `row_done` is called once per
/// finished row from the worker threads (it must be thread-safe). Rows keep the order of
/// `reps`; the rows options.shard does not own stay default (merge them with
/// decode_row(), testbed/result_codec.hpp). Deterministic for any thread and shard count.
std::vector<TestbedRow> simulate_testbed(const Network& t1, const std::vector<Representative>& reps,
                                         const TestbedTableOptions& options, const std::function<void()>& row_done = {});

/// The papers' testbed patterns (report §8.2): the sweep's representatives that use at
/// least two switches (the 362 of the report), by node count, then by liquid ratio (the
/// order of report Fig. 17); only the first `limit` when limit > 0.
std::vector<Representative> testbed_patterns(const SweepResult& sweep, int limit = 0);

/// One column of the table over all rows: its ratio to the liquid throughput.
struct RatioSpread {
    double min = 0, median = 0, max = 0;
    int below_98 = 0;  // rows below 0.98 of the liquid throughput
};

/// What `liquid simulate testbed` reports besides the CSV table.
struct TestbedSummary {
    std::size_t patterns = 0;
    int liquid_found = 0;  // rows whose liquid schedule reached Λ
    double link_rate = 0;  // bytes/s of the testbed's links (86 MB/s on the Swiss-T1)
    /// Per execution, in table order: round_robin, random, fifo, round_robin_frames,
    /// dsatur, liquid_schedule (the JSON keys).
    std::vector<std::pair<std::string, RatioSpread>> ratios;
};
TestbedSummary summarize_testbed(const Network& t1, const std::vector<TestbedRow>& rows);

/// Where run_testbed_simulation is: sweeping the 5^8 allocations, then simulating rows.
struct TestbedSimulationProgress {
    std::function<void(std::uint64_t swept)> swept;    // allocations swept so far, of kAllocationCount - 1
    std::function<void(std::size_t rows)> simulating;  // the sweep is over; this process simulates `rows` rows
    std::function<void()> row_done;                    // one row simulated (called from the worker threads)
};

/// What `liquid simulate testbed` reports: the table and its summary.
struct TestbedSimulation {
    std::vector<TestbedRow> rows;
    TestbedSummary summary;
};

/// Fills the rows other processes simulated (see simulate_testbed and options.shard).
using MergeRows = std::function<void(std::vector<TestbedRow>& rows)>;

/// The report §8.2 experiment end to end: sweeps the allocations of `t1`, keeps the testbed
/// patterns (the first `limit` when limit > 0), simulates the rows options.shard owns, lets
/// `merge` fill the others (nothing to do for one process) and summarises the table.
TestbedSimulation run_testbed_simulation(const Network& t1, int limit, const TestbedTableOptions& options,
                                         const TestbedSimulationProgress& progress = {}, const MergeRows& merge = {});

/// The table as CSV (one header line, one line per row), the format the report plots.
std::string testbed_csv(const std::vector<TestbedRow>& rows);

}  // namespace liquid::testbed
