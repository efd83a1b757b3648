#pragma once
// Metrics of one simulated run: makespan, aggregate throughput, ratio to
// the liquid throughput, per-link utilisation and blocked time.
#include <cstdint>
#include <string>
#include <vector>

namespace liquid::sim {

enum class RunStatus { Done, Deadlock, EventLimit };
const char* status_name(RunStatus s);

struct LinkUsage {
    double carrying = 0;  // seconds the link streamed bytes (size / path rate, per message)
    double held = 0;      // seconds the link was reserved (carrying + held while blocked/draining)
};

struct SimResult {
    RunStatus status = RunStatus::Done;
    std::string diagnostic;  // the deadlock cycle or the exhausted budget, when not Done
    int messages = 0;
    int frames = 0;       // frames executed (frame executor), 0 for queues
    double makespan = 0;  // seconds from 0 to the last delivery
    double total_bytes = 0;
    double throughput = 0;         // total_bytes / makespan, bytes/s
    double liquid_time = 0;        // Λ in seconds (workload.hpp)
    double liquid_throughput = 0;  // total_bytes / liquid_time
    double ratio = 0;              // throughput / liquid_throughput = liquid_time / makespan
    double blocked_total = 0;      // Σ head waiting time over messages
    double blocked_max = 0;
    int blocked_messages = 0;      // messages that waited at least once
    double barrier_time = 0;       // Σ barrier costs paid
    std::vector<LinkUsage> links;  // per link
    std::uint64_t events = 0;

    /// carrying / makespan of link l.
    double utilisation(int l) const;
};

}  // namespace liquid::sim
