// `liquid testbed t1`: the papers' Swiss-T1 experiment end to end (report §6.1, §6.3, §8,
// Appendix A): sweep the 5^8 allocations, keep one representative per distinct liquid
// throughput, schedule each one (exact, DSatur, round-robin), count the full-team search
// space under each optimisation level, write a table and print the papers' statistics.
#include <fmt/core.h>
#include <fmt/format.h>

#include <chrono>
#include <climits>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

#include "command.hpp"
#include "distribution.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/parallel_for.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/io/output_file.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/report/testbed_report.hpp"
#include "liquid/testbed/experiment.hpp"
#include "liquid/testbed/experiment_files.hpp"
#include "liquid/testbed/result_codec.hpp"
#include "liquid/testbed/swiss_t1_network.hpp"
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

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

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

ResultView sweep_view(const Network& t1, const SweepResult& sw, const ResultView& by_nodes, int threads, double secs) {
    const SkeletonShares sk = skeleton_shares(t1, sw);
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

/// `--allocation`: the full result row (testbed/experiment_files.hpp) and its text.
ResultView allocation_view(const Network& t1, const RepresentativeResult& r, bool enumerated) {
    const Representative& rep = r.representative;
    const Allocation& a = rep.allocation;
    const nlohmann::json j = result_json(allocation_traffic(t1, a), r);
    ResultView v;
    v.json_fields(j);
    v.text_only(fmt::format("allocation {}: {} nodes on {} switches, {} transfers, duration {}, liquid throughput {:.4g}",
                            a.label(), a.total(), a.switches_used(), rep.transfers, rep.duration, rep.liquid_ratio))
        .text_only(fmt::format("skeleton {} transfers, {} bottlenecks, {} congestion edges", r.skeleton, r.bottlenecks,
                               r.congestion_edges))
        .text_only(fmt::format("exact: length {} ({}{}), solver {}, {:.2f} ms, verified: {}", r.exact.schedule.length(),
                               r.exact.liquid             ? "liquid"
                               : r.exact.no_liquid_proven ? "no liquid schedule, proven"
                                                          : "not liquid",
                               r.exact.optimal || r.exact.liquid ? ", optimal"
                               : r.exact.timed_out               ? ", budget expired"
                                                                 : "",
                               r.exact.solver, r.exact.elapsed_ms, r.all_verified() ? "yes" : "NO"))
        .text_only(fmt::format("dsatur: length {}, round-robin: length {}", r.dsatur_length, r.round_robin_length));
    for (int l = 0; l < kOptimisationLevels && enumerated; ++l) {
        const SearchSpace& s = r.search_space[static_cast<std::size_t>(l)];
        v.text_only(fmt::format("categories {:<9} {}{}", optimisation_name(static_cast<Optimisation>(l)), s.categories,
                                s.complete ? "" : " (stopped at --max-categories)"));
    }
    for (std::size_t f = 0; f < j["schedule"]["frames"].size(); ++f) {
        std::string names;
        for (const auto& t : j["schedule"]["frames"][f]) names += (names.empty() ? "" : " ") + t.get<std::string>();
        v.text_only(fmt::format("frame {:>3}: {}", f + 1, names));
    }
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

void run_t1(const T1Options& o) {
    check(o);
    const Network t1 = o.network.empty() ? make_swiss_t1() : read_network_json(o.network);
    // One allocation is one item: the first process runs it, the others have nothing to do.
    if (!o.allocation.empty()) return distribution().renders() ? run_one(t1, o) : void();
    const ExperimentOptions eo = experiment_options(o);
    const std::filesystem::path out = prepare_out(o.out);
    // Every file of the run appears together when it is complete, or none does.
    OutputBatch files_out(out, {"t1", invocation(), std::nullopt});

    auto t0 = std::chrono::steady_clock::now();
    SweepResult sw;
    {
        ProgressBar bar("sweep", kAllocationCount - 1, !o.json);
        std::uint64_t shown = 0;
        sw = sweep_distinct_throughputs(t1, eo.threads, [&](std::uint64_t done) {
            bar.advance(done - shown);
            shown = done;
        });
    }
    const ResultView by_nodes = by_nodes_view(sw);
    const ResultView sweep = sweep_view(t1, sw, by_nodes, eo.threads, seconds_since(t0));
    nlohmann::json reps = nlohmann::json::array();
    for (const Representative& r : sw.representatives) reps.push_back(representative_json(r));
    const std::string sweep_path = (out / "t1-sweep.json").string();
    if (distribution().renders())
        files_out.add("t1-sweep.json", nlohmann::json{{"sweep", sweep.to_json()}, {"representatives", reps}}.dump(1) + "\n");
    if (o.sweep_only && !distribution().renders()) return;
    if (o.sweep_only) {
        files_out.commit();
        write_report(o.report, {{"sweep", sweep.to_json()}, {"representatives", reps}});
        ResultView v;
        v.section("sweep", sweep).text_of(by_nodes).row("files", nlohmann::json::array({sweep_path}), "files: " + sweep_path);
        return render(v, o.json);
    }

    t0 = std::chrono::steady_clock::now();
    std::vector<Representative> scheduled = sw.representatives;
    if (o.limit > 0 && static_cast<std::size_t>(o.limit) < scheduled.size()) scheduled.resize(static_cast<std::size_t>(o.limit));
    std::vector<RepresentativeResult> results;
    {
        ProgressBar bar("schedule", eo.shard.items(scheduled.size()).size(), !o.json);
        std::size_t shown = 0;
        results = run_experiment(t1, scheduled, eo, [&](std::size_t done) {
            bar.advance(done - shown);
            shown = done;
        });
    }
    gather_items(results, encode_result, decode_result);
    if (!distribution().renders()) return;
    const ResultView summary = summary_view(summarize(results), eo, seconds_since(t0));

    nlohmann::json rows = nlohmann::json::array(), compact = nlohmann::json::array();
    for (const RepresentativeResult& r : results) {
        rows.push_back(result_json(allocation_traffic(t1, r.representative.allocation), r));
        compact.push_back(compact_result_json(r));
    }
    const auto csv_path = out / "t1-representatives.csv", json_path = out / "t1-representatives.json",
               summary_path = out / "t1-summary.json";
    files_out.add(csv_path.filename().string(), representatives_csv(results));
    files_out.add(json_path.filename().string(), nlohmann::json{{"summary", summary.to_json()}, {"rows", rows}}.dump() + "\n");
    nlohmann::json files = {csv_path.string(), json_path.string(), summary_path.string(), sweep_path};
    if (!o.report.empty()) files.push_back(o.report);
    ResultView all;
    all.json_only("network", t1.name())
        .section("sweep", sweep)
        .section("summary", summary)
        .text_of(by_nodes)
        .row("files", files, fmt::format("files: {}, {}, {}", csv_path.string(), json_path.string(), summary_path.string()))
        .json_only("representatives", compact);
    files_out.add(summary_path.filename().string(), all.to_json().dump(2) + "\n");
    files_out.commit();
    write_report(o.report, all.to_json());
    render(all, o.json);
}

const RegisterCommand reg{
    {"testbed t1", "the papers' Swiss-T1 experiment: 5^8 allocations, distinct liquid throughputs, schedules, statistics",
     [](CLI::App& cmd) {
         auto o = std::make_shared<T1Options>();
         cmd.add_option("--network", o->network,
                        "network JSON of the Swiss-T1 (default: the built-in reconstruction, also in data/swiss-t1.json)");
         cmd.add_option("--out", o->out, "directory for t1-representatives.csv/.json, t1-summary.json, t1-sweep.json")
             ->capture_default_str();
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
             ->capture_default_str();
         cmd.add_flag("--no-enumerate", o->no_enumerate, "skip the four full-team enumerations");
         cmd.add_option("--pivot", o->pivot,
                        "pivot rule of the enumerations: lowest-index or constrained (README: search-space shares)")
             ->capture_default_str();
         cmd.add_flag("--sweep-only", o->sweep_only, "only sweep the allocations and list the representatives");
         cmd.add_option("--allocation", o->allocation,
                        "run one allocation instead, e.g. 44000000 (8 digits 0..4, switch s0 first); prints its schedule");
         cmd.add_option("--report", o->report, "also write the testbed figures as an HTML page (liquid report)");
         cmd.add_flag("--json", o->json, "print one JSON object");
         cmd.callback([o] { run_t1(*o); });
     }}};

}  // namespace
}  // namespace liquid::app
