// `liquid testbed t1`: its documents are written and read here only (see t1_result.hpp).
#include "liquid/results/t1_result.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <climits>

#include "liquid/io/json_input.hpp"
#include "liquid/results/schedule_result.hpp"
#include "liquid/testbed/swiss_t1.hpp"

namespace liquid::results {
namespace {

using namespace liquid::testbed;

/// The buckets of the DSatur throughput loss (report §6.4), in the order of
/// ExperimentSummary::dsatur_loss_share.
constexpr std::array<const char*, 4> kDsaturLossBuckets = {"none", "below_10", "10_to_19", "20_and_more"};

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
    nlohmann::json dsatur_loss = nlohmann::json::object();
    for (std::size_t b = 0; b < kDsaturLossBuckets.size(); ++b) dsatur_loss[kDsaturLossBuckets[b]] = s.dsatur_loss_share[b];
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
        .field("dsatur_loss_share", dsatur_loss, "DSatur throughput loss",
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

/// t1-sweep.json (and the report of `--sweep-only`): the sweep's figures and every
/// representative.
ResultView sweep_file_view(const ResultView& sweep, const SweepResult& sw) {
    ResultView v;
    return v.section("sweep", sweep).list("representatives", views_of(sw.representatives, representative_view));
}

}  // namespace

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

T1Documents sweep_documents(const T1Experiment& x, int threads, const T1Paths& paths) {
    const ResultView by_nodes = by_nodes_view(x.sweep);
    const ResultView sweep = sweep_view(x, by_nodes, threads);
    T1Documents d{ResultView(), sweep_file_view(sweep, x.sweep), ResultView()};
    d.printed.section("sweep", sweep)
        .text_of(by_nodes)
        .row("files", nlohmann::json::array({paths.sweep_json}), "files: " + paths.sweep_json);
    return d;
}

T1Documents experiment_documents(const Network& t1, const T1Experiment& x, const ExperimentOptions& eo, const T1Paths& paths) {
    const ResultView by_nodes = by_nodes_view(x.sweep);
    const ResultView sweep = sweep_view(x, by_nodes, eo.threads);
    const ResultView summary = summary_view(x.summary, eo, x.schedule_seconds);
    T1Documents d{ResultView(), sweep_file_view(sweep, x.sweep), ResultView()};
    d.representatives.section("summary", summary).list("rows", views_of(x.results, [&](const RepresentativeResult& r) {
                                                           return allocation_view(t1, r, eo.enumerate);
                                                       }));
    nlohmann::json files = {paths.representatives_csv, paths.representatives_json, paths.summary_json, paths.sweep_json};
    if (!paths.report.empty()) files.push_back(paths.report);
    d.printed.json_only("network", t1.name())
        .section("sweep", sweep)
        .section("summary", summary)
        .text_of(by_nodes)
        .row("files", files,
             fmt::format("files: {}, {}, {}", paths.representatives_csv, paths.representatives_json, paths.summary_json))
        .list("representatives", views_of(x.results, compact_view))
        .text_if(false);
    return d;
}

namespace {

int count_at(const io::JsonAt& j, const char* key) { return static_cast<int>(j[key].integer(0, 1 << 30)); }

T1SweepFigures read_sweep(const io::JsonAt& sw) {
    T1SweepFigures s{sw["allocations"].integer(0, 1LL << 40),
                     count_at(sw, "distinct_liquid_throughputs"),
                     count_at(sw, "distinct_multi_switch"),
                     {}};
    const io::JsonAt rows = sw["by_nodes"];
    rows.array();
    for (std::size_t i = 0; i < rows.size(); ++i)
        s.by_nodes.push_back(
            {count_at(rows[i], "nodes"), rows[i]["min_liquid_throughput"].number(), rows[i]["max_liquid_throughput"].number()});
    return s;
}

T1SummaryFigures read_summary(const io::JsonAt& s) {
    T1SummaryFigures f;
    f.representatives = count_at(s, "representatives");
    f.liquid = count_at(s, "liquid");
    f.no_liquid_proven = count_at(s, "no_liquid_proven");
    f.timed_out = count_at(s, "timed_out");
    f.verified = count_at(s, "verified");
    f.threads = count_at(s, "threads");
    f.mean_skeleton_share = s["mean_skeleton_share"].number();
    f.mean_round_robin_loss = s["mean_round_robin_loss"].number();
    f.wall_seconds = s["wall_seconds"].number();
    f.max_categories = s["max_categories"].integer(0, LLONG_MAX);
    f.search_space_samples = count_at(s, "search_space_samples");
    if (f.max_categories > 0) {
        const io::JsonAt share = s["search_space_share"];
        std::array<double, kOptimisationLevels> levels{};
        for (int l = 0; l < kOptimisationLevels; ++l)
            levels[static_cast<std::size_t>(l)] = share[optimisation_name(static_cast<Optimisation>(l))].number();
        f.search_space_share = levels;
    }
    const io::JsonAt loss = s["dsatur_loss_share"];
    for (std::size_t b = 0; b < kDsaturLossBuckets.size(); ++b) f.dsatur_loss_share[b] = loss[kDsaturLossBuckets[b]].number();
    return f;
}

T1Pattern read_pattern(const io::JsonAt& r) {
    T1Pattern p{r["allocation"].string(),
                count_at(r, "nodes"),
                count_at(r, "duration"),
                r["liquid_throughput"].number(),
                std::nullopt,
                std::nullopt,
                std::nullopt};
    if (r.has("liquid")) p.liquid = r["liquid"].boolean();
    if (r.has("length")) p.length = count_at(r, "length");
    if (r.has("round_robin_length")) p.round_robin_length = count_at(r, "round_robin_length");
    return p;
}

bool has(const nlohmann::json& j, const char* key) { return j.is_object() && j.contains(key); }

}  // namespace

bool is_t1_result(const nlohmann::json& j) {
    return (has(j, "summary") && has(j, "sweep")) || (has(j, "sweep") && has(j["sweep"], "by_nodes"));  // or --sweep-only
}

T1Figures read_t1(const nlohmann::json& j, const std::string& file) {
    const io::JsonAt doc(j, file);
    T1Figures f;
    if (doc.has("network")) f.network = doc["network"].string();
    f.sweep = read_sweep(doc["sweep"]);
    if (doc.has("summary")) f.summary = read_summary(doc["summary"]);
    if (doc.has("representatives")) {
        const io::JsonAt reps = doc["representatives"];
        reps.array();
        f.representatives.emplace();
        for (std::size_t i = 0; i < reps.size(); ++i) f.representatives->push_back(read_pattern(reps[i]));
    }
    return f;
}

}  // namespace liquid::results
