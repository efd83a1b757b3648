// `liquid simulate`: executes a traffic on the message-level wormhole model
// and reports makespan, aggregate throughput, ratio to the liquid throughput, per-link
// utilisation and blocked time. `liquid simulate testbed`: the report §8.2 table.
#include <fmt/core.h>

#include <algorithm>
#include <climits>
#include <filesystem>
#include <fstream>
#include <memory>

#include "command.hpp"
#include "command_budget.hpp"
#include "distribution.hpp"
#include "input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/output_file.hpp"
#include "liquid/io/schedule_json.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/report/testbed_report.hpp"
#include "liquid/results/simulation_result.hpp"
#include "liquid/results/testbed_simulation_result.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/sim/execution.hpp"
#include "liquid/testbed/result_codec.hpp"
#include "liquid/testbed/testbed_table.hpp"
#include "option_checks.hpp"
#include "output.hpp"
#include "result_view.hpp"
#include "scheduling_options.hpp"
#include "weighted_schedule.hpp"

namespace liquid::app {
namespace {

using namespace liquid::sim;

struct Overheads {
    double hop_latency = 0, overhead = 0, barrier = 0;
};

void add_overhead_options(CLI::App& cmd, Overheads& o) {
    cmd.add_option("--hop-latency", o.hop_latency, "seconds the message head needs per hop (default 0, the papers' model)")
        ->check(non_negative_seconds());
    cmd.add_option("--overhead", o.overhead, "per-message software overhead on the sender, seconds (default 0)")
        ->check(non_negative_seconds());
    cmd.add_option("--barrier", o.barrier, "cost of one barrier between schedule frames, seconds (default 0)")
        ->check(non_negative_seconds());
}

SimOptions sim_options(const Overheads& o) {
    if (o.hop_latency < 0 || o.overhead < 0 || o.barrier < 0)
        throw InputError("--hop-latency/--overhead/--barrier", "times must not be negative", "give seconds >= 0, e.g. 1e-6");
    SimOptions s;
    s.hop_latency_s = o.hop_latency;
    s.message_overhead_s = o.overhead;
    s.barrier_s = o.barrier;
    return s;
}

struct SimulateOptions {
    TrafficOptions traffic;
    Overheads times;
    SchedulingOptions scheduling;
    WeightedCliOptions weighted;
    std::string executor, schedule_file;
    double rate = 0;
    bool json = false, links = false;
};

/// Unequal sizes (or the weighted options) run a weighted schedule, unless a sending order
/// on queues is asked for; the equal-size-only options are refused as `liquid schedule`
/// refuses them. (A saved schedule says its own kind.)
bool simulate_weighted(const CLI::App& cmd, const SimulateOptions& o, const LoadedTraffic& in) {
    if (!wants_weighted(cmd, in)) return false;
    if (o.executor == "queues" || is_sending_order(solve_options(o.scheduling, o.traffic.seed).method)) return false;
    refuse_equal_size_options(cmd, "use --weighted-method, a sending order (--method round-robin, random, fifo), or drop it");
    return true;
}

void run_simulate(const CLI::App& cmd, const SimulateOptions& o) {
    // The shared --seed of the traffic options also seeds the random order.
    const SolveOptions so = solve_options(o.scheduling, o.traffic.seed);
    const CommandBudget budget(so);
    LoadedTraffic in = load_traffic(o.traffic);
    double rate = o.rate > 0 ? o.rate : in.link_rate;
    if (!(rate > 0)) rate = 1e8;  // link-set traffics carry no rate
    if (o.rate < 0) throw InputError("--rate", "the link rate must be positive", "give bytes/s, e.g. 86e6");
    std::vector<double> rates =
        in.network && o.rate <= 0 ? sim::network_rates(*in.network) : uniform_rates(in.traffic.link_count(), rate);
    const Workload w = make_workload(in.traffic, rates);
    ExecutionSpec spec;
    spec.solve = so;
    spec.executor = o.executor;
    spec.saved_name = o.schedule_file;
    spec.sim = sim_options(o.times);
    SavedSchedule saved;
    if (!o.schedule_file.empty()) saved = read_saved_schedule_json(o.schedule_file, in.traffic);
    if (saved.weighted || (!saved.whole && simulate_weighted(cmd, o, in))) {
        spec.weighted = weighted_options(o.weighted, o.scheduling.time_limit_s, o.traffic.seed);
        if (saved.weighted) spec.saved_weighted = &*saved.weighted;
    } else if (saved.whole) {
        spec.saved = &*saved.whole;
    }
    const results::SimulationRun run{in.source, &in.traffic, rate, o.traffic.seed, spec.sim, o.links};
    render(results::simulation_view(run, execute(in.traffic, w, spec)), o.json);
}

// ---- liquid simulate testbed ----

struct TestbedCmdOptions {
    Overheads times;
    std::string out = "out/sim";
    int threads = 0, random_runs = 5, limit = 0;
    std::uint64_t seed = 1;
    double time_limit = 5, unaware_size = 2e6, scheduled_size = 5e6;
    bool json = false;
    std::string report;  // --report FILE: the simulation figure of liquid report
};

testbed::TestbedTableOptions table_options(const TestbedCmdOptions& o) {
    testbed::TestbedTableOptions to;
    to.sim = sim_options(o.times);
    to.unaware_size = o.unaware_size;
    to.scheduled_size = o.scheduled_size;
    to.random_runs = o.random_runs;
    to.seed = o.seed;
    to.time_limit_s = o.time_limit;
    to.threads = o.threads;
    to.shard = distribution().shard;
    return to;
}

void run_testbed(const TestbedCmdOptions& o) {
    if (o.threads < 0 || o.random_runs < 1 || o.limit < 0 || !(o.unaware_size > 0) || !(o.scheduled_size > 0) ||
        !(o.time_limit > 0))
        throw InputError("simulate testbed", "--threads, --limit must be >= 0, --random-runs >= 1, sizes and --time-limit > 0");
    if (!o.report.empty() && !std::ofstream(o.report))  // before the long run
        throw InputError("--report " + o.report, "cannot write the file", "give a writable path");
    const testbed::TestbedTableOptions options = table_options(o);
    TwoProgressBars bars("sweep", testbed::kAllocationCount - 1, "simulate", !o.json);
    const testbed::TestbedSimulationProgress progress{[&](std::uint64_t done) { bars.first().advance_to(done); },
                                                      [&](std::size_t rows) { bars.start_second(rows); },
                                                      [&] { bars.second().advance(); }};
    const testbed::TestbedSimulation result =
        testbed::run_testbed_simulation(make_swiss_t1(), o.limit, options, progress, [&](auto& rows) {
            bars.finish();  // the other processes' rows arrive now
            gather_items(rows, testbed::encode_row, testbed::decode_row);
        });
    bars.finish();
    if (!distribution().renders()) return;
    OutputBatch files_out(o.out, {"testbed", invocation(), o.seed});
    const std::filesystem::path csv = files_out.final_path("testbed.csv");
    files_out.add("testbed.csv", testbed::testbed_csv(result.rows));
    files_out.commit();

    const ResultView v = results::testbed_simulation_view(options, result, csv.string(), o.report);
    if (!o.report.empty())
        report::write_html(
            report::testbed_simulation_page({"simulate testbed", v.to_json(), results::ResultKind::TestbedSimulation}), o.report);
    render(v, o.json);
}

const RegisterCommand reg_simulate{
    {"simulate", "execute a traffic on the wormhole network simulator: makespan, throughput, ratio to liquid", [](CLI::App& cmd) {
         auto o = std::make_shared<SimulateOptions>();
         CLI::App* self = &cmd;
         add_traffic_options(cmd, o->traffic);
         add_scheduling_options(cmd, o->scheduling, false);
         cmd.add_option("--executor", o->executor,
                        "frames (schedule with barriers; default for liquid/optimal/dsatur) or queues (per-sender queues, "
                        "no sync; default for round-robin/random/fifo)");
         cmd.add_option("--schedule", o->schedule_file,
                        "run a saved schedule (`liquid schedule --json` output, weighted or not) frame by frame");
         add_weighted_options(cmd, o->weighted);
         cmd.add_option("--rate", o->rate,
                        "link rate in bytes/s for every link (default: the network's; 1e8 for link-set traffics)")
             ->check(positive_amount());
         add_overhead_options(cmd, o->times);
         cmd.add_flag("--links", o->links, "list the utilisation of every used link");
         cmd.add_flag("--json", o->json, "print one JSON object");
         cmd.callback([o, self] {
             if (!self->get_subcommands().empty()) return;  // `simulate testbed` runs instead
             run_simulate(*self, *o);
         });
     }}};

const RegisterCommand reg_simulate_testbed{
    {"simulate testbed",
     "simulate round-robin, random, FIFO, DSatur and liquid executions on every distinct Swiss-T1 testbed pattern (report 8.2)",
     [](CLI::App& cmd) {
         auto o = std::make_shared<TestbedCmdOptions>();
         cmd.add_option("--out", o->out, "directory of the generated table testbed.csv")
             ->capture_default_str()
             ->check(non_empty());
         cmd.add_option("--threads", o->threads, "worker threads (0 = all cores)")
             ->capture_default_str()
             ->check(whole_number(0, 1024));
         cmd.add_option("--seed", o->seed, "first seed of the random orders")
             ->capture_default_str()
             ->check(whole_number(0, LLONG_MAX));
         cmd.add_option("--random-runs", o->random_runs, "random order: median over this many seeds")
             ->capture_default_str()
             ->check(whole_number(1, 1000));
         cmd.add_option("--time-limit", o->time_limit, "budget of each liquid schedule search, seconds")
             ->capture_default_str()
             ->check(positive_seconds());
         cmd.add_option("--unaware-size", o->unaware_size, "message bytes of round-robin/random/FIFO (papers: 2 MB)")
             ->capture_default_str()
             ->check(positive_amount());
         cmd.add_option("--scheduled-size", o->scheduled_size, "message bytes of DSatur/liquid schedules (papers: 5 MB)")
             ->capture_default_str()
             ->check(positive_amount());
         cmd.add_option("--limit", o->limit, "simulate only the first N patterns (0 = all)")->check(whole_number(0, INT_MAX));
         add_overhead_options(cmd, o->times);
         cmd.add_option("--report", o->report, "also write the figure as an HTML page (liquid report)")->check(non_empty());
         cmd.add_flag("--json", o->json, "print one JSON summary object (with one row per pattern)");
         cmd.callback([o] { run_testbed(*o); });
     }}};

}  // namespace
}  // namespace liquid::app
