// `liquid testbed t1`: the papers' Swiss-T1 experiment end to end (report §6.1, §6.3, §8,
// Appendix A): sweep the 5^8 allocations, keep one representative per distinct liquid
// throughput, schedule each one (exact, DSatur, round-robin), count the full-team search
// space under each optimisation level, write a table and print the papers' statistics.
#include <fmt/core.h>

#include <climits>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

#include "command.hpp"
#include "distribution.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/json_text.hpp"
#include "liquid/base/parallel_for.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/io/output_file.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/report/testbed_report.hpp"
#include "liquid/results/t1_result.hpp"
#include "liquid/testbed/experiment.hpp"
#include "liquid/testbed/experiment_files.hpp"
#include "liquid/testbed/result_codec.hpp"
#include "liquid/testbed/t1_experiment.hpp"
#include "option_checks.hpp"
#include "output.hpp"
#include "result_view.hpp"

namespace liquid::app {
namespace {

using namespace liquid::testbed;

struct T1Options {
    std::string network;  // "" = the built-in reconstruction (make_swiss_t1)
    std::string out = "out/testbed";
    std::string allocation;
    int threads = 0;
    int limit = 0;  // schedule only the first N representatives (0 = all)
    double time_limit = 2.0;
    std::uint64_t node_limit = 0;
    std::uint64_t max_categories = 2000000;
    bool no_enumerate = false;
    std::string pivot = "lowest-index";
    bool sweep_only = false;
    bool json = false;
    std::string report;  // --report FILE: the testbed page of liquid report
};

void check(const T1Options& o) {
    if (o.threads < 0) throw InputError("--threads", "must be >= 0", "0 uses every core");
    if (o.limit < 0) throw InputError("--limit", "must be >= 0", "0 schedules every representative");
    if (!(o.time_limit > 0)) throw InputError("--time-limit", "must be positive", "give seconds per representative, e.g. 2");
    (void)parse_pivot_rule(o.pivot);  // before the long run
    if (!o.no_enumerate && o.max_categories == 0)
        throw InputError("--max-categories", "must be positive", "cap each enumeration, or pass --no-enumerate");
    if (!o.report.empty() && !std::ofstream(o.report))  // before the long run
        throw InputError("--report " + o.report, "cannot write the file", "give a writable path");
}

std::filesystem::path prepare_out(const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
        throw InputError("--out " + dir, "cannot create the directory (" + ec.message() + ")", "give a writable directory");
    return dir;
}

void write_report(const std::string& path, const nlohmann::json& result) {
    if (!path.empty()) report::write_html(report::testbed_page({"testbed t1", result, results::ResultKind::Testbed}), path);
}

// ---- runs ---------------------------------------------------------------------------

ExperimentOptions experiment_options(const T1Options& o) {
    ExperimentOptions e;
    e.time_limit_s = o.time_limit;
    e.node_limit = o.node_limit;
    e.enumerate = !o.no_enumerate;
    e.max_categories = o.max_categories;
    e.pivot = parse_pivot_rule(o.pivot);
    e.threads = thread_count(o.threads);
    e.shard = distribution().shard;
    return e;
}

void run_one(const Network& t1, const T1Options& o) {
    const Representative rep = single_allocation(t1, parse_allocation(o.allocation));
    render(results::allocation_view(t1, run_representative(t1, rep, experiment_options(o)), !o.no_enumerate), o.json);
}

/// `--sweep-only`: t1-sweep.json and the sweep's figures.
void render_sweep(const T1Options& o, const T1Experiment& x, int threads, OutputBatch& files_out) {
    results::T1Paths paths;
    paths.sweep_json = files_out.final_path("t1-sweep.json").string();
    const results::T1Documents d = results::sweep_documents(x, threads, paths);
    const nlohmann::json sweep_json = d.sweep.to_json();
    files_out.add("t1-sweep.json", json_text(sweep_json, 1) + "\n");
    files_out.commit();
    write_report(o.report, sweep_json);
    render(d.printed, o.json);
}

/// The whole run: t1-representatives.csv/.json, t1-summary.json (what `--json` prints),
/// t1-sweep.json, and the papers' statistics.
void render_experiment(const T1Options& o, const Network& t1, const T1Experiment& x, const ExperimentOptions& eo,
                       OutputBatch& files_out) {
    const auto path = [&](const char* name) { return files_out.final_path(name).string(); };
    const results::T1Documents d = results::experiment_documents(t1, x, eo,
                                                                 {path("t1-representatives.csv"), path("t1-representatives.json"),
                                                                  path("t1-summary.json"), path("t1-sweep.json"), o.report});
    files_out.add("t1-sweep.json", json_text(d.sweep.to_json(), 1) + "\n");
    files_out.add("t1-representatives.csv", representatives_csv(x.results));
    files_out.add("t1-representatives.json", json_text(d.representatives.to_json()) + "\n");
    const nlohmann::json printed = d.printed.to_json();
    files_out.add("t1-summary.json", json_text(printed, 2) + "\n");
    files_out.commit();
    write_report(o.report, printed);
    render(d.printed, o.json);
}

void run_t1(const T1Options& o) {
    check(o);
    const Network t1 = o.network.empty() ? make_swiss_t1() : read_network_json(o.network);
    // One allocation is one item: the first process runs it, the others have nothing to do.
    if (!o.allocation.empty()) return distribution().renders() ? run_one(t1, o) : void();
    const ExperimentOptions eo = experiment_options(o);
    // Every file of the run appears together when it is complete, or none does.
    OutputBatch files_out(prepare_out(o.out), {"t1", invocation(), std::nullopt});
    TwoProgressBars bars("sweep", kAllocationCount - 1, "schedule", !o.json);
    const T1ExperimentProgress progress{[&](std::uint64_t done) { bars.first().advance_to(done); },
                                        [&](std::size_t representatives) { bars.start_second(representatives); },
                                        [&](std::size_t done) { bars.second().advance_to(done); }};
    const T1Experiment x =
        run_t1_experiment(t1, {eo, o.limit, o.sweep_only}, progress, [&](std::vector<RepresentativeResult>& results) {
            bars.finish();  // the other processes' results arrive now
            gather_items(results, encode_result, decode_result);
        });
    bars.finish();
    if (!distribution().renders()) return;
    if (o.sweep_only) return render_sweep(o, x, eo.threads, files_out);
    render_experiment(o, t1, x, eo, files_out);
}

const RegisterCommand reg_testbed_t1{
    {"testbed t1", "the papers' Swiss-T1 experiment: 5^8 allocations, distinct liquid throughputs, schedules, statistics",
     [](CLI::App& cmd) {
         auto o = std::make_shared<T1Options>();
         cmd.add_option("--network", o->network,
                        "network JSON of the Swiss-T1 (default: the built-in reconstruction, also in data/swiss-t1.json)");
         cmd.add_option("--out", o->out, "directory for t1-representatives.csv/.json, t1-summary.json, t1-sweep.json")
             ->capture_default_str()
             ->check(non_empty());
         cmd.add_option("--threads", o->threads, "worker threads (0 = every core)")
             ->capture_default_str()
             ->check(whole_number(0, 1024));
         cmd.add_option("--time-limit", o->time_limit, "seconds of exact search per representative")
             ->capture_default_str()
             ->check(positive_seconds());
         cmd.add_option("--limit", o->limit, "schedule only the first N representatives, in sweep order (0 = all)")
             ->capture_default_str()
             ->check(whole_number(0, 1000000));
         cmd.add_option("--node-limit", o->node_limit, "search nodes per representative (0 = none)")
             ->capture_default_str()
             ->check(whole_number(0, LLONG_MAX));
         cmd.add_option("--max-categories", o->max_categories, "cap of each full-team enumeration (search-space columns)")
             ->capture_default_str()
             ->check(whole_number(0, LLONG_MAX));
         cmd.add_flag("--no-enumerate", o->no_enumerate, "skip the four full-team enumerations");
         cmd.add_option("--pivot", o->pivot,
                        "pivot rule of the enumerations: lowest-index or constrained (docs/reproduction/swiss-t1.md)")
             ->capture_default_str();
         cmd.add_flag("--sweep-only", o->sweep_only, "only sweep the allocations and list the representatives");
         cmd.add_option("--allocation", o->allocation,
                        "run one allocation instead, e.g. 44000000 (8 digits 0..4, switch s0 first); prints its schedule");
         cmd.add_option("--report", o->report, "also write the testbed figures as an HTML page (liquid report)")
             ->check(non_empty());
         cmd.add_flag("--json", o->json, "print one JSON object");
         cmd.callback([o] { run_t1(*o); });
     }}};

}  // namespace
}  // namespace liquid::app
