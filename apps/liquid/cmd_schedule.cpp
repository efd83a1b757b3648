// `liquid schedule`: builds a schedule of a traffic: the liquid search
// (report §7), the exact optimum, or a baseline; every schedule is verified before it is
// printed.
#include <fmt/core.h>

#include "command.hpp"
#include "command_budget.hpp"
#include "input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/results/schedule_result.hpp"
#include "liquid/sched/schedule.hpp"
#include "option_checks.hpp"
#include "result_view.hpp"
#include "scheduling_options.hpp"
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
    refuse_equal_size_options(cmd, "use --weighted-method, or drop it");
    const WeightedOptions wo = weighted_options(o.weighted, o.scheduling.time_limit_s, o.traffic.seed);
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
    render(results::weighted_schedule_view(in.source, in.traffic, r, wo), o.json);
}

SolveOptions schedule_options(const ScheduleOptions& o) {
    SolveOptions s = solve_options(o.scheduling, o.traffic.seed);  // the shared --seed of the traffic options
    if (o.wavelengths < 0) throw InputError("--wavelengths", "must be >= 1", "give the number of wavelengths per fibre");
    s.wavelengths = o.wavelengths;
    return s;
}

const RegisterCommand reg_schedule{
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
             render(results::schedule_view(in.source, in.traffic, r, so), o->json);
         });
     }}};

}  // namespace
}  // namespace liquid::app
