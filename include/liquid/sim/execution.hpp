#pragma once
// One execution of a traffic on the wormhole model, chosen by the caller's words: a saved
// schedule frame by frame, a method's schedule frame by frame (barrier-synchronised, the
// papers' execution of liquid schedules), or a topology-unaware sending order on
// per-sender queues (report §8.2), or, for unequal sizes, a weighted schedule piece by
// piece. `liquid simulate` is this call.
#include <cstdint>
#include <optional>
#include <string>

#include "liquid/sched/schedule.hpp"
#include "liquid/sched/weighted.hpp"
#include "liquid/sim/metrics.hpp"
#include "liquid/sim/options.hpp"
#include "liquid/sim/workload.hpp"

namespace liquid::sim {

struct ExecutionSpec {
    // The schedule's method and budgets (the default is solve()'s); a sending order
    // (round-robin, random, fifo) runs on queues, seeded by solve.seed.
    SolveOptions solve;
    std::string executor;             // "frames", "queues" or "" (the method's natural executor)
    const Schedule* saved = nullptr;  // run this schedule instead of making one
    std::string saved_name;           // where it came from, for the report
    SimOptions sim;
    // Unequal sizes: a weighted schedule (solve_weighted with these options, over the
    // workload's link rates) run piece by piece, frame by frame. Set for traffics with
    // sizes; `saved_weighted` runs a saved one instead.
    std::optional<WeightedOptions> weighted;
    const WeightedSchedule* saved_weighted = nullptr;
};

struct Execution {
    std::string executor;  // "frames" or "queues"
    std::string method;    // method name, or "saved schedule FILE"
    bool solved = false;   // a schedule was made here (schedule_length and liquid are meaningful)
    int schedule_length = 0;
    bool liquid = false;
    SimResult result;
    // A weighted execution: T* (the byte-load bound, liquid/traffic/byte_load.hpp) and the
    // schedule's planned time (frame overheads included); 0 otherwise.
    bool weighted = false;
    double bound_s = 0, planned_s = 0;
};

/// Throws InputError for an executor that does not fit the method (a schedule on queues, a
/// saved schedule on queues, an unknown executor) and when the run deadlocks (a routing
/// with a cyclic wait under hold-and-wait), and when a saved weighted schedule fails
/// verify_weighted_schedule.
Execution execute(const Traffic& traffic, const Workload& w, const ExecutionSpec& spec);

}  // namespace liquid::sim
