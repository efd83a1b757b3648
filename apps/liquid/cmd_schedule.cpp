// `liquid schedule`: builds a schedule of a traffic: the liquid search
// (report §7), the exact optimum, or a baseline; every schedule is verified before it is
// printed.
#include <fmt/core.h>

#include <algorithm>

#include "command.hpp"
#include "command_budget.hpp"
#include "input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/time_budget.hpp"
#include "liquid/io/schedule_json.hpp"
#include "liquid/sched/schedule.hpp"
#include "option_checks.hpp"
#include "result_view.hpp"
#include "scheduling_options.hpp"
#include "solve_fields.hpp"
#include "status_line.hpp"
#include "weighted_schedule.hpp"

namespace liquid::app {
namespace {

struct ScheduleOptions {
    TrafficOptions traffic;
    SchedulingOptions scheduling;
    int wavelengths = 0;
    bool json = false;
    WeightedCliOptions weighted;
};

/// The weighted schedule of a traffic with sizes (one library call), verified again.
void schedule_weighted(const CLI::App& cmd, const ScheduleOptions& o, const LoadedTraffic& in) {
    for (const char* option :
         {"--method", "--wavelengths", "--solver", "--strategy", "--pivot", "--no-sat", "--no-structure", "--node-limit"})
        if (cmd.count(option) > 0)
            throw InputError(option, "applies to equal-size traffics only; this traffic is weighted",
                             "use --weighted-method, or drop it");
    // What is left of --time-limit for the search (the command's budget, time_budget.hpp).
    const double seconds = search_deadline(o.scheduling.time_limit_s).remaining_s();
    const WeightedOptions wo = weighted_options(o.weighted, std::max(seconds, 1e-3), o.traffic.seed);
    WeightedOptions run = wo;
    WeightedResult r;
    {
        StatusLine status("schedule", !o.json);
        run.progress = [&status](const std::string& phase) { status.set(phase); };
        r = solve_weighted(in.traffic, traffic_link_rates(in), run);
    }
    const WeightedProblem p{&in.traffic, traffic_link_rates(in), wo.frame_overhead_s, wo.min_piece};
    const std::string problem = verify_weighted_schedule(p, r.schedule);
    if (!problem.empty()) throw std::logic_error("internal error, weighted schedule rejected by the verifier: " + problem);
    render(weighted_schedule_view(in, r, wo), o.json);
}

SolveOptions schedule_options(const ScheduleOptions& o) {
    SolveOptions s = solve_options(o.scheduling, o.traffic.seed);  // the shared --seed of the traffic options
    if (o.wavelengths < 0) throw InputError("--wavelengths", "must be >= 1", "give the number of wavelengths per fibre");
    s.wavelengths = o.wavelengths;
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
    std::string verdict = length_verdict(r.liquid, r.optimal, r.timed_out);
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
         add_scheduling_options(cmd, o->scheduling, false);
         cmd.add_option("--wavelengths", o->wavelengths,
                        "optical use: group frames into rounds of at most W wavelengths (report 2.2)")
             ->check(whole_number(0, 1 << 20));
         add_weighted_options(cmd, o->weighted);
         cmd.add_flag("--json", o->json, "print one JSON object");
         cmd.callback([o, &cmd] {
             SolveOptions so = schedule_options(*o);
             // The limits hold for the whole command: the network, its routes and the
             // traffic count against --memory-limit and --time-limit as the search does.
             const CommandBudget budget(so);
             LoadedTraffic in = load_traffic(o->traffic);
             if (wants_weighted(cmd, in)) return schedule_weighted(cmd, *o, in);
             SolveResult r;
             {
                 StatusLine status("schedule", !o->json);
                 SolveOptions run = so;
                 run.progress = [&status](int length, int lower_bound, const std::string& phase) {
                     status.set(fmt::format("length {}, lower bound {} ({})", length, lower_bound, phase));
                 };
                 r = solve(in.traffic, run);
             }
             // solve() only returns verified schedules; the front end checks again before printing.
             const std::string problem = verify_schedule(in.traffic, r.schedule);
             if (!problem.empty()) throw std::logic_error("internal error, schedule rejected by the verifier: " + problem);
             render(schedule_view(in, r, so), o->json);
         });
     }}};

}  // namespace
}  // namespace liquid::app
