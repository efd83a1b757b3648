#pragma once
// Queue executors: every sender works through its own queue of messages, one at a time,
// with no global synchronisation (the papers' topology-unaware baselines, report §8.2).
// The order of each queue is a sending order of sched's Method: round-robin, random or FIFO.
#include <cstdint>
#include <string>
#include <vector>

#include "liquid/sched/schedule.hpp"
#include "liquid/sim/metrics.hpp"
#include "liquid/sim/options.hpp"
#include "liquid/sim/workload.hpp"

namespace liquid::sim {

/// Per sender slot, the message indices in sending order (`order` is a sending order,
/// is_sending_order(), else InputError):
///  - round-robin: sender at position i (of the sender slots) sends to receiver slot
///    (i + k) mod R in step k (the pairwise shift of report §3), ties by transfer index;
///  - random: a uniform shuffle of the sender's messages (SplitMix64 + Fisher–Yates, so
///    the order depends only on the seed, not on the standard library);
///  - fifo: the traffic's own order.
/// Throws InputError when the workload has messages without a sender host (link-set
/// traffics): per-sender queues need hosts.
std::vector<std::vector<int>> sender_queues(const Workload& w, Method order, std::uint64_t seed = 1);

/// Hands every queue to its sender at time 0 (in queue order) and runs the fabric.
SimResult run_queues(const Workload& w, const std::vector<std::vector<int>>& queues, const SimOptions& options);

}  // namespace liquid::sim
