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
#include "option_checks.hpp"
#include "distribution.hpp"
#include "output.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/parallel_for.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/io/output_file.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/testbed/swiss_t1_network.hpp"
#include "liquid/report/testbed_report.hpp"
#include "liquid/testbed/experiment.hpp"
#include "liquid/testbed/result_codec.hpp"

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


// ---- rows ---------------------------------------------------------------------------

nlohmann::json sweep_row(const Representative& r) {
    return {{"allocation", r.allocation.label()},
            {"nodes", r.allocation.total()},
            {"switches", r.allocation.switches_used()},
            {"transfers", r.transfers},
            {"duration", r.duration},
            {"liquid_throughput", r.liquid_ratio},
            {"allocations_with_value", r.allocations},
            {"multi_switch_value", r.multi_switch_value}};
}

nlohmann::json result_row(const Traffic& x, const RepresentativeResult& r) {
    nlohmann::json j = sweep_row(r.representative);
    const SolveResult& e = r.exact;
    nlohmann::json frames = nlohmann::json::array();
    for (const auto& frame : e.schedule.frames) {
        nlohmann::json f = nlohmann::json::array();
        for (int t : frame) f.push_back(x[t].name);
        frames.push_back(std::move(f));
    }
    nlohmann::json levels = nlohmann::json::object();
    for (int l = 0; l < kOptimisationLevels; ++l) {
        const SearchSpace& s = r.search_space[static_cast<std::size_t>(l)];
        levels[optimisation_name(static_cast<Optimisation>(l))] = {
            {"categories", s.categories}, {"full_teams", s.full_teams}, {"complete", s.complete}};
    }
    j["skeleton"] = r.skeleton;
    j["skeleton_share"] = double(r.skeleton) / r.representative.transfers;
    j["bottlenecks"] = r.bottlenecks;
    j["congestion_edges"] = r.congestion_edges;
    j["schedule"] = {{"length", e.schedule.length()}, {"liquid", e.liquid}, {"optimal", e.optimal},
                     {"no_liquid_proven", e.no_liquid_proven}, {"timed_out", e.timed_out},
                     {"lower_bound", e.lower_bound}, {"solver", e.solver}, {"categories", e.categories},
                     {"full_teams", e.full_teams}, {"elapsed_ms", e.elapsed_ms}, {"frames", frames}};
    j["dsatur"] = {{"length", r.dsatur_length}, {"loss", r.dsatur_loss()}, {"elapsed_ms", r.dsatur_ms}};
    j["round_robin"] = {{"length", r.round_robin_length}, {"loss", r.round_robin_loss()}, {"elapsed_ms", r.round_robin_ms}};
    j["search_space"] = levels;
    j["verified"] = r.all_verified();
    if (!r.all_verified())
        j["verification"] = {{"exact", r.exact_verification}, {"dsatur", r.dsatur_verification},
                             {"round_robin", r.round_robin_verification}};
    return j;
}

const char* kCsvHeader =
    "allocation,nodes,switches,transfers,duration,liquid_throughput,allocations_with_value,multi_switch_value,"
    "skeleton,skeleton_share,bottlenecks,congestion_edges,length,liquid,optimal,no_liquid_proven,timed_out,"
    "lower_bound,solver,solve_ms,dsatur_length,dsatur_loss,dsatur_ms,round_robin_length,round_robin_loss,"
    "round_robin_ms,categories_naive,categories_blank,categories_idle,categories_skeleton,search_space_complete,"
    "verified\n";

std::string csv_row(const RepresentativeResult& r) {
    const Representative& p = r.representative;
    const SolveResult& e = r.exact;
    std::string s = fmt::format("{},{},{},{},{},{:.6f},{},{},{},{:.4f},{},{},{},{},{},{},{},{},{},{:.3f},{},{:.4f},{:.3f},{},{:.4f},{:.3f}",
        p.allocation.label(), p.allocation.total(), p.allocation.switches_used(), p.transfers, p.duration,
        p.liquid_ratio, p.allocations, int(p.multi_switch_value), r.skeleton, double(r.skeleton) / p.transfers,
        r.bottlenecks, r.congestion_edges, e.schedule.length(), int(e.liquid), int(e.optimal),
        int(e.no_liquid_proven), int(e.timed_out), e.lower_bound, e.solver, e.elapsed_ms, r.dsatur_length,
        r.dsatur_loss(), r.dsatur_ms, r.round_robin_length, r.round_robin_loss(), r.round_robin_ms);
    bool complete = true;
    for (const SearchSpace& sp : r.search_space) {
        s += fmt::format(",{}", sp.categories);
        complete = complete && sp.complete;
    }
    return s + fmt::format(",{},{}\n", int(complete), int(r.all_verified()));
}

/// One line per representative for the report's figures (the full rows with frames are
/// in t1-representatives.json).
nlohmann::json compact_row(const RepresentativeResult& r) {
    nlohmann::json j = sweep_row(r.representative);
    j["length"] = r.exact.schedule.length();
    j["liquid"] = r.exact.liquid;
    j["optimal"] = r.exact.optimal;
    j["dsatur_length"] = r.dsatur_length;
    j["dsatur_loss"] = r.dsatur_loss();
    j["round_robin_length"] = r.round_robin_length;
    j["round_robin_loss"] = r.round_robin_loss();
    j["skeleton_share"] = double(r.skeleton) / r.representative.transfers;
    return j;
}

void write_report(const std::string& path, const nlohmann::json& result) {
    if (!path.empty()) report::write_html(report::testbed_page({"testbed t1", result, report::ResultKind::Testbed}), path);
}

// ---- summary ------------------------------------------------------------------------

nlohmann::json by_nodes_json(const SweepResult& sw) {
    // Fig. 12/16 data: per node count, the representatives (one per distinct value) and
    // the distinct values over every allocation of that size.
    nlohmann::json rows = nlohmann::json::array();
    for (const NodesRow& n : sw.by_nodes) {
        int reps = 0;
        for (const Representative& r : sw.representatives) reps += r.allocation.total() == n.nodes;
        rows.push_back({{"nodes", n.nodes}, {"allocations", n.allocations}, {"distinct", n.distinct},
                        {"representatives", reps}, {"min_liquid_throughput", n.min_ratio},
                        {"max_liquid_throughput", n.max_ratio}});
    }
    return rows;
}

nlohmann::json sweep_json(const Network& t1, const SweepResult& sw, int threads, double secs) {
    const SkeletonShares sk = skeleton_shares(t1, sw);
    return {{"allocations", sw.allocations},
            {"mean_skeleton_share", {{"representatives", sk.representatives}, {"all_allocations", sk.all_allocations},
                                     {"most_nodes_rule", sk.most_nodes_rule}}},
            {"distinct_liquid_throughputs", sw.representatives.size()},
            {"distinct_multi_switch", sw.distinct_multi_switch},
            {"threads", threads},
            {"seconds", secs},
            {"representative_rule", "per distinct n^2/Lambda: prefer >= 2 switches, then fewest nodes, then smallest base-5 index"},
            {"by_nodes", by_nodes_json(sw)}};
}

nlohmann::json summary_json(const ExperimentSummary& s, const ExperimentOptions& o, double secs) {
    nlohmann::json levels = nlohmann::json::object();
    for (int l = 0; l < kOptimisationLevels; ++l)
        levels[optimisation_name(static_cast<Optimisation>(l))] = s.search_space_share[static_cast<std::size_t>(l)];
    return {{"representatives", s.representatives},
            {"liquid", s.liquid},
            {"no_liquid_proven", s.no_liquid_proven},
            {"optimal_proven", s.optimal_proven},
            {"timed_out", s.timed_out},
            {"verified", s.verified},
            {"time_limit_s", o.time_limit_s},
            {"max_categories", o.enumerate ? o.max_categories : 0},
            {"threads", o.threads},
            {"wall_seconds", secs},
            {"mean_skeleton_share", s.mean_skeleton_share},
            {"search_space_share", levels},
            {"search_space_samples", s.search_space_samples},
            {"dsatur_loss_share", {{"none", s.dsatur_loss_share[0]}, {"below_10", s.dsatur_loss_share[1]},
                                   {"10_to_19", s.dsatur_loss_share[2]}, {"20_and_more", s.dsatur_loss_share[3]}}},
            {"mean_round_robin_loss", s.mean_round_robin_loss},
            {"share_solved_under_100ms", s.share_solved_under_100ms},
            {"median_solve_ms", s.median_solve_ms},
            {"max_solve_ms", s.max_solve_ms},
            {"total_solve_s", s.total_solve_s}};
}

void print_sweep(const nlohmann::json& sw) {
    fmt::print("allocations swept:           {} in {:.2f} s on {} threads\n", sw["allocations"].get<std::uint64_t>(),
               sw["seconds"].get<double>(), sw["threads"].get<int>());
    fmt::print("distinct liquid throughputs: {} ({} reached with >= 2 switches; papers: 362, 363 in one version)\n",
               sw["distinct_liquid_throughputs"].get<std::size_t>(), sw["distinct_multi_switch"].get<std::size_t>());
    fmt::print("representative rule:         {}\n", sw["representative_rule"].get<std::string>());
    const auto& sk = sw["mean_skeleton_share"];
    fmt::print("mean skeleton share:         {:.1f} % over the representatives, {:.1f} % over all allocations, "
               "{:.1f} % with the most-nodes rule  (papers: 31.5 %)\n",
               100 * sk["representatives"].get<double>(), 100 * sk["all_allocations"].get<double>(),
               100 * sk["most_nodes_rule"].get<double>());
}

void print_by_nodes(const nlohmann::json& rows) {
    fmt::print("liquid throughput vs nodes (report Fig. 12/16):\n  nodes  reps  distinct  min..max transfers/frame\n");
    for (const auto& r : rows)
        fmt::print("  {:>5}  {:>4}  {:>8}  {:.3f}..{:.3f}\n", r["nodes"].get<int>(), r["representatives"].get<int>(),
                   r["distinct"].get<std::size_t>(), r["min_liquid_throughput"].get<double>(),
                   r["max_liquid_throughput"].get<double>());
}

void print_summary(const ExperimentSummary& s, const ExperimentOptions& o, double secs) {
    const double n = double(s.representatives);
    fmt::print("representatives scheduled:   {} in {:.1f} s wall on {} threads (exact search: {} s each at most)\n",
               s.representatives, secs, o.threads, o.time_limit_s);
    fmt::print("  liquid schedule found:     {}\n  no liquid schedule, proven: {}\n", s.liquid, s.no_liquid_proven);
    fmt::print("  optimal length proven:     {} ({:.1f} %)\n  budget expired:            {}\n", s.optimal_proven,
               100 * s.optimal_proven / n, s.timed_out);
    fmt::print("  every schedule verified:   {}/{}\n", s.verified, s.representatives);
    fmt::print("mean skeleton share:         {:.1f} % of the scheduled traffics  (papers: 31.5 %)\n", 100 * s.mean_skeleton_share);
    if (o.enumerate)
        fmt::print("search space (categories), mean over the {} representatives enumerated to the end within {} categories:\n"
                   "  naive {:.1f} %, +blank {:.1f} %, +idle {:.1f} %, +skeleton {:.1f} %  (papers, 23 traffics: 100 / 28 / 20 / 10.6 %)\n",
                   s.search_space_samples, o.max_categories, 100 * s.search_space_share[0], 100 * s.search_space_share[1],
                   100 * s.search_space_share[2], 100 * s.search_space_share[3]);
    fmt::print("DSatur throughput loss:      none {:.1f} %, < 10 % {:.1f} %, 10-19 % {:.1f} %, >= 20 % {:.1f} %  (papers: 74 / 18 / 8 / 0 %)\n",
               100 * s.dsatur_loss_share[0], 100 * s.dsatur_loss_share[1], 100 * s.dsatur_loss_share[2],
               100 * s.dsatur_loss_share[3]);
    fmt::print("round-robin mean loss:       {:.1f} % of the best schedule's throughput (frames, not a simulation)\n",
               100 * s.mean_round_robin_loss);
    fmt::print("exact solve under 0.1 s:     {:.1f} %  (papers: > 97 % on a 500 MHz Alpha); median {:.2f} ms, max {:.1f} ms, total {:.1f} s\n",
               100 * s.share_solved_under_100ms, s.median_solve_ms, s.max_solve_ms, s.total_solve_s);
}

// ---- runs ---------------------------------------------------------------------------

ExperimentOptions experiment_options(const T1Options& o) {
    ExperimentOptions e;
    e.time_limit_s = o.time_limit;
    e.node_limit = o.node_limit;
    e.enumerate = !o.no_enumerate;
    e.max_categories = o.max_categories;
    e.threads = thread_count(o.threads);
    e.shard = distribution().shard;
    return e;
}

void run_one(const Network& t1, const T1Options& o) {
    const Allocation a = parse_allocation(o.allocation);
    if (a.total() == 0) throw InputError("--allocation " + o.allocation, "allocates no node", "allocate at least one node");
    Representative rep;
    rep.allocation = a;
    rep.transfers = a.total() * a.total();
    rep.duration = AllocationLoads(t1).duration(a);
    rep.liquid_ratio = double(rep.transfers) / rep.duration;
    rep.allocations = 1;
    rep.multi_switch_value = a.switches_used() >= 2;
    const RepresentativeResult r = run_representative(t1, rep, experiment_options(o));
    const nlohmann::json j = result_row(allocation_traffic(t1, a), r);
    if (o.json) return print_json(j);
    fmt::print("allocation {}: {} nodes on {} switches, {} transfers, duration {}, liquid throughput {:.4g}\n",
               a.label(), a.total(), a.switches_used(), rep.transfers, rep.duration, rep.liquid_ratio);
    fmt::print("skeleton {} transfers, {} bottlenecks, {} congestion edges\n", r.skeleton, r.bottlenecks, r.congestion_edges);
    fmt::print("exact: length {} ({}{}), solver {}, {:.2f} ms, verified: {}\n", r.exact.schedule.length(),
               r.exact.liquid ? "liquid" : r.exact.no_liquid_proven ? "no liquid schedule, proven" : "not liquid",
               r.exact.optimal || r.exact.liquid ? ", optimal" : r.exact.timed_out ? ", budget expired" : "",
               r.exact.solver, r.exact.elapsed_ms, r.all_verified() ? "yes" : "NO");
    fmt::print("dsatur: length {}, round-robin: length {}\n", r.dsatur_length, r.round_robin_length);
    for (int l = 0; l < kOptimisationLevels && !o.no_enumerate; ++l) {
        const SearchSpace& s = r.search_space[static_cast<std::size_t>(l)];
        fmt::print("categories {:<9} {}{}\n", optimisation_name(static_cast<Optimisation>(l)), s.categories,
                   s.complete ? "" : " (stopped at --max-categories)");
    }
    for (std::size_t f = 0; f < j["schedule"]["frames"].size(); ++f) {
        std::string names;
        for (const auto& t : j["schedule"]["frames"][f]) names += (names.empty() ? "" : " ") + t.get<std::string>();
        fmt::print("frame {:>3}: {}\n", f + 1, names);
    }
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
        sw = sweep_distinct_throughputs(t1, eo.threads, [&](std::uint64_t done) { bar.advance(done - shown); shown = done; });
    }
    const double sweep_secs = seconds_since(t0);
    const nlohmann::json sweep = sweep_json(t1, sw, eo.threads, sweep_secs);
    nlohmann::json reps = nlohmann::json::array();
    for (const Representative& r : sw.representatives) reps.push_back(sweep_row(r));
    if (distribution().renders())
        files_out.add("t1-sweep.json", nlohmann::json{{"sweep", sweep}, {"representatives", reps}}.dump(1) + "\n");
    if (o.sweep_only && !distribution().renders()) return;
    if (o.sweep_only) {
        files_out.commit();
        write_report(o.report, {{"sweep", sweep}, {"representatives", reps}});
        if (o.json) return print_json({{"sweep", sweep}, {"files", {(out / "t1-sweep.json").string()}}});
        print_sweep(sweep);
        print_by_nodes(sweep["by_nodes"]);
        return fmt::print("files: {}\n", (out / "t1-sweep.json").string());
    }

    t0 = std::chrono::steady_clock::now();
    std::vector<Representative> scheduled = sw.representatives;
    if (o.limit > 0 && static_cast<std::size_t>(o.limit) < scheduled.size()) scheduled.resize(static_cast<std::size_t>(o.limit));
    std::vector<RepresentativeResult> results;
    {
        ProgressBar bar("schedule", eo.shard.items(scheduled.size()).size(), !o.json);
        std::size_t shown = 0;
        results = run_experiment(t1, scheduled, eo, [&](std::size_t done) { bar.advance(done - shown); shown = done; });
    }
    gather_items(results, encode_result, decode_result);
    if (!distribution().renders()) return;
    const double secs = seconds_since(t0);
    const ExperimentSummary s = summarize(results);
    const nlohmann::json summary = summary_json(s, eo, secs);

    std::string csv = kCsvHeader;
    nlohmann::json rows = nlohmann::json::array(), compact = nlohmann::json::array();
    for (const RepresentativeResult& r : results) {
        csv += csv_row(r);
        rows.push_back(result_row(allocation_traffic(t1, r.representative.allocation), r));
        compact.push_back(compact_row(r));
    }
    const auto csv_path = out / "t1-representatives.csv", json_path = out / "t1-representatives.json",
               summary_path = out / "t1-summary.json";
    files_out.add(csv_path.filename().string(), csv);
    files_out.add(json_path.filename().string(), nlohmann::json{{"summary", summary}, {"rows", rows}}.dump() + "\n");
    const nlohmann::json files = {csv_path.string(), json_path.string(), summary_path.string(), (out / "t1-sweep.json").string()};
    nlohmann::json all = {{"network", t1.name()}, {"sweep", sweep}, {"summary", summary}, {"files", files}, {"representatives", compact}};
    if (!o.report.empty()) all["files"].push_back(o.report);
    files_out.add(summary_path.filename().string(), all.dump(2) + "\n");
    files_out.commit();
    write_report(o.report, all);
    if (o.json) return print_json(all);
    print_sweep(sweep);
    print_summary(s, eo, secs);
    print_by_nodes(sweep["by_nodes"]);
    fmt::print("files: {}, {}, {}\n", csv_path.string(), json_path.string(), summary_path.string());
}

const RegisterCommand reg{{"testbed t1", "the papers' Swiss-T1 experiment: 5^8 allocations, distinct liquid throughputs, schedules, statistics",
    [](CLI::App& cmd) {
        auto o = std::make_shared<T1Options>();
        cmd.add_option("--network", o->network, "network JSON of the Swiss-T1 (default: the built-in reconstruction, also in data/swiss-t1.json)");
        cmd.add_option("--out", o->out, "directory for t1-representatives.csv/.json, t1-summary.json, t1-sweep.json")->capture_default_str();
        cmd.add_option("--threads", o->threads, "worker threads (0 = every core)")->capture_default_str()->check(whole_number(0, 1024));
        cmd.add_option("--time-limit", o->time_limit, "seconds of exact search per representative")->capture_default_str()->check(positive_seconds());
        cmd.add_option("--limit", o->limit, "schedule only the first N representatives, in sweep order (0 = all)")->capture_default_str()->check(whole_number(0, 1000000));
        cmd.add_option("--node-limit", o->node_limit, "search nodes per representative (0 = none)")->capture_default_str()->check(whole_number(0, LLONG_MAX));
        cmd.add_option("--max-categories", o->max_categories, "cap of each full-team enumeration (search-space columns)")->capture_default_str();
        cmd.add_flag("--no-enumerate", o->no_enumerate, "skip the four full-team enumerations");
        cmd.add_flag("--sweep-only", o->sweep_only, "only sweep the allocations and list the representatives");
        cmd.add_option("--allocation", o->allocation, "run one allocation instead, e.g. 44000000 (8 digits 0..4, switch s0 first); prints its schedule");
        cmd.add_option("--report", o->report, "also write the testbed figures as an HTML page (liquid report)");
        cmd.add_flag("--json", o->json, "print one JSON object");
        cmd.callback([o] { run_t1(*o); });
    }}};

}  // namespace
}  // namespace liquid::app
