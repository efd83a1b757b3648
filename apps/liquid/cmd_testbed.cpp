// `liquid testbed t1`: the papers' Swiss-T1 experiment end to end (report §6.1, §6.3, §8,
// Appendix A): sweep the 5^8 allocations, keep one representative per distinct liquid
// throughput, schedule each one (exact, DSatur, round-robin), count the full-team search
// space under each optimisation level, write a table and print the papers' statistics.
#include <fmt/core.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

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
#include "liquid/testbed/experiment.hpp"
#include "liquid/testbed/experiment_files.hpp"
#include "liquid/testbed/result_codec.hpp"
#include "liquid/testbed/t1_experiment.hpp"
#include "option_checks.hpp"
#include "output.hpp"
#include "result_view.hpp"
#include "solve_fields.hpp"

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
    if (!path.empty()) report::write_html(report::testbed_page({"testbed t1", result, report::ResultKind::Testbed}), path);
}

// ---- views --------------------------------------------------------------------------

/// Fig. 12/16 data: per node count, the representatives (one per distinct value) and the
/// distinct values over every allocation of that size.
ResultView by_nodes_view(const SweepResult& sw) {
    std::vector<ResultView> rows;
    for (const NodesRow& n : sw.by_nodes) {
        int reps = 0;
        for (const Representative& r : sw.representatives) reps += r.allocation.total() == n.nodes;
        ResultView row;
        row.row("nodes", n.nodes,
                fmt::format("  {:>5}  {:>4}  {:>8}  {:.3f}..{:.3f}", n.nodes, reps, n.distinct, n.min_ratio, n.max_ratio))
            .json_only("allocations", n.allocations)
            .json_only("distinct", n.distinct)
            .json_only("representatives", reps)
            .json_only("min_liquid_throughput", n.min_ratio)
            .json_only("max_liquid_throughput", n.max_ratio);
        rows.push_back(row);
    }
    ResultView v;
    v.text_only("liquid throughput vs nodes (report Fig. 12/16):\n  nodes  reps  distinct  min..max transfers/frame")
        .list("by_nodes", rows);
    return v;
}

ResultView sweep_view(const T1Experiment& x, const ResultView& by_nodes, int threads) {
    const SweepResult& sw = x.sweep;
    const SkeletonShares& sk = x.skeleton_shares;
    const double secs = x.sweep_seconds;
    ResultView v(29);
    v.field("allocations", sw.allocations, "allocations swept",
            fmt::format("{} in {:.2f} s on {} threads", sw.allocations, secs, threads))
        .json_only("seconds", secs)
        .json_only("threads", threads)
        .field("distinct_liquid_throughputs", sw.representatives.size(), "distinct liquid throughputs",
               fmt::format("{} ({} reached with >= 2 switches; papers: 362, 363 in one version)", sw.representatives.size(),
                           sw.distinct_multi_switch))
        .json_only("distinct_multi_switch", sw.distinct_multi_switch)
        .field("representative_rule",
               "per distinct n^2/Lambda: prefer >= 2 switches, then fewest nodes, then smallest base-5 index",
               "representative rule")
        .field("mean_skeleton_share",
               {{"representatives", sk.representatives},
                {"all_allocations", sk.all_allocations},
                {"most_nodes_rule", sk.most_nodes_rule}},
               "mean skeleton share",
               fmt::format("{:.1f} % over the representatives, {:.1f} % over all allocations, {:.1f} % with the most-nodes rule  "
                           "(papers: 31.5 %)",
                           100 * sk.representatives, 100 * sk.all_allocations, 100 * sk.most_nodes_rule))
        .json_only("by_nodes", by_nodes.to_json()["by_nodes"]);
    return v;
}

ResultView summary_view(const ExperimentSummary& s, const ExperimentOptions& o, double secs) {
    const double n = double(s.representatives);
    nlohmann::json levels = nlohmann::json::object();
    for (int l = 0; l < kOptimisationLevels; ++l)
        levels[optimisation_name(static_cast<Optimisation>(l))] = s.search_space_share[static_cast<std::size_t>(l)];
    ResultView v(29);
    v.field("representatives", s.representatives, "representatives scheduled",
            fmt::format("{} in {:.1f} s wall on {} threads (exact search: {} s each at most)", s.representatives, secs, o.threads,
                        o.time_limit_s))
        .json_only("wall_seconds", secs)
        .json_only("threads", o.threads)
        .json_only("time_limit_s", o.time_limit_s)
        .json_only("max_categories", o.enumerate ? o.max_categories : 0)
        .json_only("pivot", pivot_rule_name(o.pivot))
        .field("liquid", s.liquid, "  liquid schedule found")
        .row("no_liquid_proven", s.no_liquid_proven, fmt::format("  no liquid schedule, proven: {}", s.no_liquid_proven))
        .field("optimal_proven", s.optimal_proven, "  optimal length proven",
               fmt::format("{} ({:.1f} %)", s.optimal_proven, 100 * s.optimal_proven / n))
        .field("timed_out", s.timed_out, "  budget expired")
        .field("verified", s.verified, "  every schedule verified", fmt::format("{}/{}", s.verified, s.representatives))
        .field("mean_skeleton_share", s.mean_skeleton_share, "mean skeleton share",
               fmt::format("{:.1f} % of the scheduled traffics  (papers: 31.5 %)", 100 * s.mean_skeleton_share))
        .row("search_space_share", levels,
             fmt::format("search space (categories, pivot {}), mean over the {} representatives enumerated to the end within {} "
                         "categories:\n"
                         "  naive {:.1f} %, +blank {:.1f} %, +idle {:.1f} %, +skeleton {:.1f} %  (papers, 23 traffics: 100 / 28 "
                         "/ 20 / 10.6 %)",
                         pivot_rule_name(o.pivot), s.search_space_samples, o.max_categories, 100 * s.search_space_share[0],
                         100 * s.search_space_share[1], 100 * s.search_space_share[2], 100 * s.search_space_share[3]))
        .text_if(o.enumerate)
        .json_only("search_space_samples", s.search_space_samples)
        .field("dsatur_loss_share",
               {{"none", s.dsatur_loss_share[0]},
                {"below_10", s.dsatur_loss_share[1]},
                {"10_to_19", s.dsatur_loss_share[2]},
                {"20_and_more", s.dsatur_loss_share[3]}},
               "DSatur throughput loss",
               fmt::format("none {:.1f} %, < 10 % {:.1f} %, 10-19 % {:.1f} %, >= 20 % {:.1f} %  (papers: 74 / 18 / 8 / 0 %)",
                           100 * s.dsatur_loss_share[0], 100 * s.dsatur_loss_share[1], 100 * s.dsatur_loss_share[2],
                           100 * s.dsatur_loss_share[3]))
        .field(
            "mean_round_robin_loss", s.mean_round_robin_loss, "round-robin mean loss",
            fmt::format("{:.1f} % of the best schedule's throughput (frames, not a simulation)", 100 * s.mean_round_robin_loss))
        .field("share_solved_under_100ms", s.share_solved_under_100ms, "exact solve under 0.1 s",
               fmt::format("{:.1f} %  (papers: > 97 % on a 500 MHz Alpha); median {:.2f} ms, max {:.1f} ms, total {:.1f} s",
                           100 * s.share_solved_under_100ms, s.median_solve_ms, s.max_solve_ms, s.total_solve_s))
        .json_only("median_solve_ms", s.median_solve_ms)
        .json_only("max_solve_ms", s.max_solve_ms)
        .json_only("total_solve_s", s.total_solve_s);
    return v;
}

/// A representative as the sweep found it (a row of t1-sweep.json; the first line of
/// `--allocation`).
ResultView representative_view(const Representative& r) {
    const Allocation& a = r.allocation;
    ResultView v;
    v.row("allocation", a.label(),
          fmt::format("allocation {}: {} nodes on {} switches, {} transfers, duration {}, liquid throughput {:.4g}", a.label(),
                      a.total(), a.switches_used(), r.transfers, r.duration, r.liquid_ratio))
        .json_only("nodes", a.total())
        .json_only("switches", a.switches_used())
        .json_only("transfers", r.transfers)
        .json_only("duration", r.duration)
        .json_only("liquid_throughput", r.liquid_ratio)
        .json_only("allocations_with_value", r.allocations)
        .json_only("multi_switch_value", r.multi_switch_value);
    return v;
}

/// One row per representative for the report's figures (t1-summary.json; no frames).
ResultView compact_view(const RepresentativeResult& r) {
    ResultView v = representative_view(r.representative);
    v.json_only("length", r.exact.schedule.length())
        .json_only("liquid", r.exact.liquid)
        .json_only("optimal", r.exact.optimal)
        .json_only("dsatur_length", r.dsatur_length)
        .json_only("dsatur_loss", r.dsatur_loss())
        .json_only("round_robin_length", r.round_robin_length)
        .json_only("round_robin_loss", r.round_robin_loss())
        .json_only("skeleton_share", double(r.skeleton) / r.representative.transfers);
    return v;
}

/// The frames of a schedule, by transfer name: JSON arrays; text "frame   1: a b c".
ResultView frames_view(const Traffic& x, const Schedule& schedule) {
    nlohmann::json frames = nlohmann::json::array();
    std::string lines;
    for (std::size_t f = 0; f < schedule.frames.size(); ++f) {
        std::vector<std::string> names;
        for (int t : schedule.frames[f]) names.push_back(x[t].name);
        lines += fmt::format("{}frame {:>3}: {}", f ? "\n" : "", f + 1, fmt::join(names, " "));
        frames.push_back(names);
    }
    ResultView v;
    return v.row("frames", frames, lines).text_if(!schedule.frames.empty());
}

/// The exact search's schedule; `verified`: every schedule of the representative passed the
/// verifier (shown on the same line). Its frames' text follows the other lines (text_of).
ResultView exact_view(const SolveResult& e, const ResultView& frames, bool verified) {
    ResultView v;
    v.row("length", e.schedule.length(),
          fmt::format("exact: length {} ({}{}), solver {}, {:.2f} ms, verified: {}", e.schedule.length(),
                      e.liquid             ? "liquid"
                      : e.no_liquid_proven ? "no liquid schedule, proven"
                                           : "not liquid",
                      e.optimal || e.liquid ? ", optimal"
                      : e.timed_out         ? ", budget expired"
                                            : "",
                      e.solver, e.elapsed_ms, verified ? "yes" : "NO"))
        .json_only("solver", e.solver)
        .json_fields(frames.to_json());
    return solve_fields(v, e);
}

/// The category counts of the four optimisation levels' enumerations.
ResultView search_space_view(const RepresentativeResult& r) {
    ResultView v;
    for (int l = 0; l < kOptimisationLevels; ++l) {
        const SearchSpace& s = r.search_space[static_cast<std::size_t>(l)];
        const std::string name = optimisation_name(static_cast<Optimisation>(l));
        v.row(name, {{"categories", s.categories}, {"full_teams", s.full_teams}, {"complete", s.complete}},
              fmt::format("categories {:<9} {}{}", name, s.categories, s.complete ? "" : " (stopped at --max-categories)"));
    }
    return v;
}

/// The whole result of one representative: `--allocation`'s output and a row of
/// t1-representatives.json. Its schedule's frames are named by the allocation's traffic.
ResultView allocation_view(const Network& t1, const RepresentativeResult& r, bool enumerated) {
    const ResultView frames = frames_view(allocation_traffic(t1, r.representative.allocation), r.exact.schedule);
    ResultView v = representative_view(r.representative);
    v.row(
         "skeleton", r.skeleton,
         fmt::format("skeleton {} transfers, {} bottlenecks, {} congestion edges", r.skeleton, r.bottlenecks, r.congestion_edges))
        .json_only("skeleton_share", double(r.skeleton) / r.representative.transfers)
        .json_only("bottlenecks", r.bottlenecks)
        .json_only("congestion_edges", r.congestion_edges)
        .section("schedule", exact_view(r.exact, frames, r.all_verified()))
        .json_only("verified", r.all_verified())
        .row("dsatur", {{"length", r.dsatur_length}, {"loss", r.dsatur_loss()}, {"elapsed_ms", r.dsatur_ms}},
             fmt::format("dsatur: length {}, round-robin: length {}", r.dsatur_length, r.round_robin_length))
        .json_only("round_robin",
                   {{"length", r.round_robin_length}, {"loss", r.round_robin_loss()}, {"elapsed_ms", r.round_robin_ms}})
        .section("search_space", search_space_view(r))
        .text_if(enumerated)
        .text_of(frames);
    if (!r.all_verified())
        v.json_only(
            "verification",
            {{"exact", r.exact_verification}, {"dsatur", r.dsatur_verification}, {"round_robin", r.round_robin_verification}});
    return v;
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
    render(allocation_view(t1, run_representative(t1, rep, experiment_options(o)), !o.no_enumerate), o.json);
}

/// t1-sweep.json (and the report of `--sweep-only`): the sweep's figures and every
/// representative.
ResultView sweep_file_view(const ResultView& sweep, const SweepResult& sw) {
    ResultView v;
    return v.section("sweep", sweep).list("representatives", views_of(sw.representatives, representative_view));
}

/// `--sweep-only`: t1-sweep.json and the sweep's figures.
void render_sweep(const T1Options& o, const T1Experiment& x, int threads, OutputBatch& files_out) {
    const ResultView by_nodes = by_nodes_view(x.sweep);
    const ResultView sweep = sweep_view(x, by_nodes, threads);
    const nlohmann::json sweep_json = sweep_file_view(sweep, x.sweep).to_json();
    const std::string sweep_path = files_out.final_path("t1-sweep.json").string();
    files_out.add("t1-sweep.json", json_text(sweep_json, 1) + "\n");
    files_out.commit();
    write_report(o.report, sweep_json);
    ResultView v;
    v.section("sweep", sweep).text_of(by_nodes).row("files", nlohmann::json::array({sweep_path}), "files: " + sweep_path);
    render(v, o.json);
}

/// The whole run: t1-representatives.csv/.json, t1-summary.json (what `--json` prints),
/// t1-sweep.json, and the papers' statistics.
void render_experiment(const T1Options& o, const Network& t1, const T1Experiment& x, const ExperimentOptions& eo,
                       OutputBatch& files_out) {
    const ResultView by_nodes = by_nodes_view(x.sweep);
    const ResultView sweep = sweep_view(x, by_nodes, eo.threads);
    const ResultView summary = summary_view(x.summary, eo, x.schedule_seconds);
    ResultView rows_file;  // t1-representatives.json: every representative's whole result
    rows_file.section("summary", summary).list("rows", views_of(x.results, [&](const RepresentativeResult& r) {
                                                   return allocation_view(t1, r, eo.enumerate);
                                               }));
    const auto path = [&](const char* name) { return files_out.final_path(name).string(); };
    files_out.add("t1-sweep.json", json_text(sweep_file_view(sweep, x.sweep).to_json(), 1) + "\n");
    files_out.add("t1-representatives.csv", representatives_csv(x.results));
    files_out.add("t1-representatives.json", json_text(rows_file.to_json()) + "\n");
    nlohmann::json files = {path("t1-representatives.csv"), path("t1-representatives.json"), path("t1-summary.json"),
                            path("t1-sweep.json")};
    if (!o.report.empty()) files.push_back(o.report);
    ResultView all;
    all.json_only("network", t1.name())
        .section("sweep", sweep)
        .section("summary", summary)
        .text_of(by_nodes)
        .row("files", files,
             fmt::format("files: {}, {}, {}", path("t1-representatives.csv"), path("t1-representatives.json"),
                         path("t1-summary.json")))
        .list("representatives", views_of(x.results, compact_view))
        .text_if(false);
    files_out.add("t1-summary.json", json_text(all.to_json(), 2) + "\n");
    files_out.commit();
    write_report(o.report, all.to_json());
    render(all, o.json);
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

const RegisterCommand reg{
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
