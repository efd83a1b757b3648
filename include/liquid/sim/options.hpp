#pragma once
// Simulation parameters of the wormhole fabric and its executors.
// Times are seconds, sizes bytes, rates bytes per second (the Network's units).
#include <cstdint>

namespace liquid::sim {

struct SimOptions {
    /// Time the message head needs to cross one hop before it can request the next link
    /// (report §2.1: the head flit sets up the path switch by switch). 0 = the papers'
    /// model ("we neglect network latencies", report §3).
    double hop_latency_s = 0;
    /// Per-message software overhead on the sender before the head enters the network.
    double message_overhead_s = 0;
    /// Cost of one global barrier between two frames of a schedule.
    double barrier_s = 0;
    /// Safety budget on processed events (0 = automatic: several times what a
    /// deadlock-free run can need). The model is finite, so the budget only guards
    /// against bugs; it never truncates a correct run.
    std::uint64_t event_limit = 0;
};

}  // namespace liquid::sim
