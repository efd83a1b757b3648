#include "liquid/sim/execution.hpp"

#include <stdexcept>

#include "liquid/base/error.hpp"
#include "liquid/sim/frame_executor.hpp"
#include "liquid/sim/queue_executor.hpp"
#include "liquid/traffic/byte_load.hpp"

namespace liquid::sim {
namespace {

// The weighted schedule (saved or made here), verified, run piece by piece.
SimResult run_weighted(const Traffic& traffic, const Workload& w, const ExecutionSpec& spec, Execution& e) {
    if (!spec.executor.empty() && spec.executor != "frames")
        throw InputError("--executor", "a weighted schedule runs frame by frame", "drop --executor or use --executor frames");
    e.executor = "frames";
    e.weighted = true;
    const WeightedOptions& o = *spec.weighted;
    WeightedResult r;
    if (spec.saved_weighted) {
        r.schedule = *spec.saved_weighted;
        r.method = "saved schedule " + spec.saved_name;
    } else {
        r = solve_weighted(traffic, w.link_rate, o);
        e.solved = true;
    }
    const WeightedProblem p{&traffic, w.link_rate, o.frame_overhead_s, o.min_piece};
    if (spec.saved_weighted) set_frame_durations(p, r.schedule);
    if (const std::string problem = verify_weighted_schedule(p, r.schedule); !problem.empty())
        throw InputError(spec.saved_weighted ? spec.saved_name : "weighted schedule", problem,
                         "simulate a schedule `liquid schedule --json` made for this traffic");
    e.method = spec.saved_weighted ? r.method : "weighted " + r.method;
    e.schedule_length = r.schedule.length();
    e.planned_s = total_time(p, r.schedule);
    e.bound_s = byte_load(traffic, w.link_rate).bound_s;
    return run_weighted_frames(w, r.schedule, spec.sim);
}

SimResult run(const Traffic& traffic, const Workload& w, const ExecutionSpec& spec, Execution& e) {
    if (spec.weighted) return run_weighted(traffic, w, spec, e);
    if (spec.saved) {
        if (!spec.executor.empty() && spec.executor != "frames")
            throw InputError("--executor", "a saved schedule runs frame by frame", "drop --executor or use --executor frames");
        e.executor = "frames";
        e.method = "saved schedule " + spec.saved_name;
        e.schedule_length = spec.saved->length();
        return run_frames(w, *spec.saved, spec.sim);
    }
    const Method m = spec.solve.method;
    const bool unaware = is_sending_order(m);
    e.executor = spec.executor.empty() ? (unaware ? "queues" : "frames") : spec.executor;
    e.method = method_name(m);
    if (e.executor == "queues") {
        if (!unaware)
            throw InputError("--executor queues",
                             std::string("method ") + method_name(m) + " makes a schedule, not a sending order",
                             "use --method round-robin, random or fifo with queues, or --executor frames");
        return run_queues(w, sender_queues(w, m, spec.solve.seed), spec.sim);
    }
    if (e.executor != "frames") throw InputError("--executor", "unknown executor '" + e.executor + "'", "use frames or queues");
    SolveResult sr = solve(traffic, spec.solve);
    e.solved = true;
    e.schedule_length = sr.schedule.length();
    e.liquid = sr.liquid;
    return run_frames(w, sr.schedule, spec.sim);
}

}  // namespace

Execution execute(const Traffic& traffic, const Workload& w, const ExecutionSpec& spec) {
    Execution e;
    e.result = run(traffic, w, spec, e);
    if (e.result.status == RunStatus::Deadlock)
        throw InputError("simulation", "deadlock: " + e.result.diagnostic,
                         "the routing admits a cyclic wait under hold-and-wait; use a deadlock-free routing (e.g. "
                         "dimension order on a mesh) or a schedule whose frames do not congest");
    if (e.result.status != RunStatus::Done) throw std::runtime_error(e.result.diagnostic);
    return e;
}

}  // namespace liquid::sim
