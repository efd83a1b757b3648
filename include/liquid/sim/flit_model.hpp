#pragma once
// Flit-level wormhole model: the independent cross-check of the message-level model
// (wormhole.hpp). Time advances in cycles; a message is F flits; a link moves one flit
// per cycle; every switch input has a one-flit buffer (report §2.1: "the switches
// typically need only to buffer the tiny piece of the message (flit)"); a head flit in
// a buffer requests the next link of its path, a link is released when the tail flit
// has crossed it. Arbitration uses the same documented tie rule (earliest request cycle,
// then lowest message index), but nothing else is shared with the event-driven model:
// it is a cycle-stepped loop over flit counters.
//
// With hop latency = one flit time, equal link rates and messages of F >= path-length
// flits, both models must give identical delivery times (docs/simulator.md, "Cross-check against an independent model");
// tests/sim compare them on random cases, including deadlocking ones.
#include <cstdint>
#include <vector>

#include "liquid/sched/schedule.hpp"
#include "liquid/sim/metrics.hpp"
#include "liquid/sim/workload.hpp"

namespace liquid::sim {

struct FlitOptions {
    double flit_bytes = 1;  // message size / flit_bytes must be a whole number
    std::uint64_t overhead_cycles = 0;
    std::uint64_t barrier_cycles = 0;
    std::uint64_t cycle_limit = 0;  // 0 = automatic (serial execution time, doubled)
};

struct FlitResult {
    RunStatus status = RunStatus::Done;
    std::uint64_t makespan = 0;      // cycles
    std::vector<std::int64_t> done;  // delivery cycle per message, -1 if never
    std::uint64_t flit_moves = 0;
};

/// Per-sender queues (as run_queues). Throws InputError when link rates differ or a size
/// is not a whole number of flits.
FlitResult simulate_flits(const Workload& w, const std::vector<std::vector<int>>& queues, const FlitOptions& options);
/// Barrier-synchronised frames (as run_frames).
FlitResult simulate_flits(const Workload& w, const Schedule& schedule, const FlitOptions& options);

}  // namespace liquid::sim
