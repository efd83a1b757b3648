// `liquid schedule`: builds a schedule of a traffic: the liquid search
// (report §7), the exact optimum, or a baseline; every schedule is verified before it is
// printed.
#include <fmt/core.h>

#include <chrono>
#include <climits>
#include <cmath>

#include "command.hpp"
#include "input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/memory_watch.hpp"
#include "liquid/io/schedule_json.hpp"
#include "liquid/sched/schedule.hpp"
#include "option_checks.hpp"
#include "result_view.hpp"
#include "solve_fields.hpp"
#include "status_line.hpp"

namespace liquid::app {
namespace {

struct ScheduleOptions {
    TrafficOptions traffic;
    std::string method = "optimal";
    double time_limit = 10.0;
    double memory_limit_mb = 0;
    long long node_limit = 0;
    int wavelengths = 0;
    bool json = false;
    bool no_sat = false;
    std::string solver;  // --method milp: cbc (default) or glpk
    bool no_structure = false;
    std::string strategy, pivot;  // --method liquid: ICON'04 §7 strategy, enumeration pivot rule
};

SolveOptions solve_options(const ScheduleOptions& o) {
    SolveOptions s;
    s.method = parse_method(o.method);
    if (!(o.time_limit > 0) || !std::isfinite(o.time_limit))
        throw InputError("--time-limit", "must be a positive number of seconds", "e.g. --time-limit 2.5");
    if (o.wavelengths < 0) throw InputError("--wavelengths", "must be >= 1", "give the number of wavelengths per fibre");
    s.time_limit_s = o.time_limit;
    if (o.node_limit < 0) throw InputError("--node-limit", "must be >= 0", "0 means no node budget");
    s.node_limit = static_cast<std::uint64_t>(o.node_limit);
    s.seed = o.traffic.seed;  // the shared --seed (random patterns and --method random)
    s.wavelengths = o.wavelengths;
    s.sat_partner = !o.no_sat;
    if (!(o.memory_limit_mb >= 0) || !std::isfinite(o.memory_limit_mb) || o.memory_limit_mb > 1e9)
        throw InputError("--memory-limit", "must be a number of megabytes >= 1 (0 = half the physical memory)",
                         "e.g. --memory-limit 2048");
    if (o.memory_limit_mb > 0 && o.memory_limit_mb < 1)
        throw InputError("--memory-limit", "must be at least 1 MB", "e.g. --memory-limit 2048");
    s.memory_limit_bytes = static_cast<std::uint64_t>(o.memory_limit_mb * 1048576.0);
    if (!o.solver.empty() && s.method != Method::Milp)
        throw InputError("--solver", "only --method milp takes a MILP solver", "add --method milp or drop --solver");
    if (!o.solver.empty()) s.milp_solver = parse_milp_solver(o.solver);
    s.structure = !o.no_structure;
    if ((!o.strategy.empty() || !o.pivot.empty()) && s.method != Method::Liquid)
        throw InputError(o.strategy.empty() ? "--pivot" : "--strategy",
                         "only --method liquid takes a search strategy or pivot rule", "add --method liquid or drop the option");
    if (!o.strategy.empty()) s.strategy = parse_search_strategy(o.strategy);
    if (!o.pivot.empty()) s.pivot = parse_pivot_rule(o.pivot);
    // A chosen strategy or pivot is there to run that search: no construction shortcut.
    if (!o.strategy.empty() || !o.pivot.empty()) s.constructions = false;
    return s;
}

/// "  3: a>b* c>d  [1/2: s0->s1]" per frame: * marks transfers on a bottleneck link.
std::string frame_lines(const Traffic& t, const std::vector<int>& bottlenecks, const Schedule& schedule) {
    std::vector<char> is_bottleneck(t.link_count(), 0);
    for (int l : bottlenecks) is_bottleneck[l] = 1;
    std::string out = "frames (* = transfer uses a bottleneck link; [..] = bottlenecks the frame keeps busy):";
    for (int f = 0; f < schedule.length(); ++f) {
        std::string line, busy;
        std::vector<char> used(t.link_count(), 0);
        for (int x : schedule.frames[f]) {
            bool hot = false;
            t[x].links.for_each([&](std::size_t l) {
                used[l] = 1;
                hot = hot || is_bottleneck[l];
            });
            line += (line.empty() ? "" : " ") + t[x].name + (hot ? "*" : "");
        }
        int busy_count = 0;
        for (int l : bottlenecks)
            if (used[l]) ++busy_count, busy += (busy.empty() ? "" : " ") + t.link_name(l);
        out += fmt::format("\n  {:>4}: {}  [{}/{}{}{}]", f + 1, line, busy_count, bottlenecks.size(), busy.empty() ? "" : ": ",
                           busy);
    }
    return out;
}

ResultView solve_view(const Traffic& t, const SolveResult& r, const SolveOptions& so) {
    ResultView v(19);
    v.field(
        "method", method_name(r.method), "method",
        fmt::format("{}{}{}{}", method_name(r.method),
                    r.method == Method::Random ? fmt::format(" (seed {})", so.seed) : std::string(),
                    r.method == Method::Liquid
                        ? fmt::format(" (strategy {}, pivot {})", search_strategy_name(so.strategy), pivot_rule_name(so.pivot))
                        : std::string(),
                    r.method == Method::Milp ? fmt::format(" (solver {})", milp_solver_name(so.milp_solver)) : std::string()));
    if (r.method == Method::Random) v.json_only("seed", so.seed);
    if (r.method == Method::Milp) v.json_only("milp_solver", milp_solver_name(so.milp_solver));
    if (r.method == Method::Liquid) {
        v.json_only("strategy", search_strategy_name(so.strategy));
        v.json_only("pivot", pivot_rule_name(so.pivot));
    }
    std::string verdict = r.liquid ? "liquid" : "not liquid";
    verdict += r.optimal ? ", proven optimal" : (r.timed_out ? ", budget expired: best known" : ", not proven optimal");
    if (r.no_liquid_proven) verdict += "; no liquid schedule exists (proven)";
    v.field("length", r.schedule.length(), "length",
            fmt::format("{} frames ({}), lower bound {} (proved by {})", r.schedule.length(), verdict, r.lower_bound, r.bound_by))
        .json_only("lower_bound_by", r.bound_by);
    solve_fields(v, r);
    if (!r.optimal)
        v.text_only(v.label("gap") + fmt::format("{} frames above the lower bound", r.schedule.length() - r.lower_bound));
    std::string skipped;
    for (const auto& why : r.skipped) skipped += (skipped.empty() ? "" : "\n") + v.label("skipped") + why;
    if (r.skipped.empty()) v.json_only("skipped", r.skipped);
    else v.row("skipped", r.skipped, skipped);
    v.field("solver", r.solver, "search",
            fmt::format("solver {}, {} categories, {} full teams, {} nodes, {:.2f} ms", r.solver.empty() ? "-" : r.solver,
                        r.categories, r.full_teams, r.nodes, r.elapsed_ms))
        .json_only("nodes", r.nodes)
        .json_only("time_limit_s", so.time_limit_s)
        .json_only("node_limit", so.node_limit)
        .json_only("memory_limit_bytes", so.memory_limit_bytes);
    nlohmann::json constructions = nlohmann::json::array();
    for (const auto& c : r.constructions)
        constructions.push_back(
            {{"name", c.name}, {"length", c.length < 0 ? nlohmann::json() : nlohmann::json(c.length)}, {"ms", c.ms}});
    v.json_only("constructions", constructions);
    if (!r.invariant.empty())
        v.field("symmetry_order", r.symmetry_order, "structure",
                fmt::format("symmetry group of order {:.0f}; invariant schedule: {}", r.symmetry_order, r.invariant))
            .json_only("invariant", r.invariant);
    if (so.wavelengths > 0)
        v.field("wavelengths", so.wavelengths, "optical",
                fmt::format("{} wavelengths -> {} rounds (lower bound {})", so.wavelengths, r.rounds, r.rounds_lower_bound))
            .json_only("rounds", r.rounds)
            .json_only("rounds_lower_bound", r.rounds_lower_bound)
            .json_only("round_frames", group_into_rounds(r.schedule, so.wavelengths));
    v.row("frames", schedule_frames_to_json(t, r.schedule), frame_lines(t, r.bottlenecks, r.schedule))
        .field("verified", true, "verified", "every transfer exactly once, no two transfers of a frame share a link");
    return v;
}

ResultView schedule_view(const LoadedTraffic& in, const SolveResult& r, const SolveOptions& so) {
    const Traffic& t = in.traffic;
    std::vector<std::string> bottlenecks;
    for (int l : r.bottlenecks) bottlenecks.push_back(t.link_name(l));
    ResultView v(19);
    v.field("source", in.source, "traffic")
        .field("transfers", t.size(), "transfers",
               fmt::format("{}   duration (Lambda): {}   liquid throughput: {:.4g} transfers/frame", t.size(), r.duration,
                           r.liquid_throughput))
        .json_only("links", t.link_count())
        .json_only("duration", r.duration)
        .json_only("liquid_throughput", r.liquid_throughput)
        .json_only("seed", so.seed)
        .names("bottlenecks", bottlenecks, "bottlenecks")
        .section("schedule", solve_view(t, r, so));
    return v;
}

const RegisterCommand reg{
    {"schedule", "schedule a traffic: liquid search, exact optimum or a baseline (verified)", [](CLI::App& cmd) {
         auto o = std::make_shared<ScheduleOptions>();
         add_traffic_options(cmd, o->traffic);
         cmd.add_option("--method", o->method, "liquid | optimal | dsatur | round-robin | random | fifo | milp | sat")
             ->capture_default_str();
         cmd.add_option("--time-limit", o->time_limit,
                        "wall-clock budget of the whole scheduling (bounds, constructions, searches), seconds")
             ->capture_default_str()
             ->check(positive_seconds());
         cmd.add_option("--memory-limit", o->memory_limit_mb,
                        "memory for searches, SAT encoding and large structures, MB (default: half the physical memory)")
             ->check(finite_number(0, 1e9, false));
         cmd.add_option("--node-limit", o->node_limit,
                        "search-node budget of the exact searches: nodes plus categories enumerated (0 = none)")
             ->check(whole_number(0, LLONG_MAX));
         cmd.add_option("--wavelengths", o->wavelengths,
                        "optical use: group frames into rounds of at most W wavelengths (report 2.2)")
             ->check(whole_number(0, 1 << 20));
         cmd.add_option("--solver", o->solver, "--method milp: the MILP library, cbc (default) or glpk");
         cmd.add_flag("--no-sat", o->no_sat, "optimal method: no SAT portfolio partner (fission search only)");
         cmd.add_flag("--no-structure", o->no_structure,
                      "optimal method: no symmetry-invariant schedule search and no tabu search before the exact search");
         cmd.add_option("--strategy", o->strategy,
                        "--method liquid: frames tried next, full-teams (default, ICON'04 7.3), remainder-teams (7.2) or "
                        "original-teams (7.1); skips the construction shortcut");
         cmd.add_option("--pivot", o->pivot,
                        "--method liquid: pivot rule of the full-team enumeration, constrained (default) or lowest-index; skips "
                        "the construction shortcut");
         cmd.add_flag("--json", o->json, "print one JSON object");
         cmd.callback([o] {
             const auto started = std::chrono::steady_clock::now();
             SolveOptions so = solve_options(*o);
             // The limits hold for the whole command: the network, its routes and the
             // traffic count against --memory-limit and --time-limit as the search does.
             const MemoryWatch memory(so.memory_limit_bytes);
             LoadedTraffic in = load_traffic(o->traffic);
             SolveResult r;
             {
                 StatusLine status("schedule", !o->json);
                 SolveOptions budget = so;
                 budget.time_limit_s = remaining_seconds(so.time_limit_s, started);
                 budget.progress = [&status](int length, int lower_bound, const std::string& phase) {
                     status.set(fmt::format("length {}, lower bound {} ({})", length, lower_bound, phase));
                 };
                 r = solve(in.traffic, budget);
             }
             // solve() only returns verified schedules; the front end checks again before printing.
             const std::string problem = verify_schedule(in.traffic, r.schedule);
             if (!problem.empty()) throw std::logic_error("internal error, schedule rejected by the verifier: " + problem);
             render(schedule_view(in, r, so), o->json);
         });
     }}};

}  // namespace
}  // namespace liquid::app
