#pragma once
// Broadcast algorithms 1-5 of thesis ch. 4: each one builds a Program for the executor and
// has the closed form of the thesis's §4.5 table. Node 0 broadcasts one message (§4.1).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "liquid/optical/broadcast/execution_report.hpp"
#include "liquid/optical/broadcast/model.hpp"

namespace liquid::optical {

enum class BroadcastAlgorithm {
    NaiveConfiguration = 1,  // §4.4.1: N-1 configuration sets and sends from node 0
    RingForwarding = 2,      // §4.4.2: one ring configuration, FU forwarding along it
    TreeForwarding = 3,      // §4.4.3: binary tree, each node forwards to both sons
    SmartTree = 4,           // §4.4.4: every informed node reconfigures and forwards each stage
    SmartRing = 5,           // §4.4.5: ring forwarding while reconfiguring, parameter k
};

std::vector<BroadcastAlgorithm> all_broadcast_algorithms();
std::string name(BroadcastAlgorithm a);   // "naive-configuration", "ring", ...
std::string title(BroadcastAlgorithm a);  // the thesis's heading
/// Accepts 1..5 or a name; throws liquid::InputError otherwise.
BroadcastAlgorithm parse_broadcast_algorithm(const std::string& text);

/// §4.4.5: k = (Td + Tc) / (S*Tf) + 1, rounded to the nearest integer and at least 1
/// (Td here is the header time header_bytes*Td, as in §4.3.3).
int smart_ring_thesis_k(const ModelParams& p);

/// Number of stages of algorithm 5 by the thesis's count N = k (2^i - 1): ceil(log2(N/k + 1)).
int smart_ring_stages(int nodes, int k);

/// The thesis's running time (§4.5 table). For algorithm 5 the table gives only the stage
/// count; we use Tc + i*(S*Tf + Td + Tc) + 2*S*Td with i = smart_ring_stages (a stage is
/// one configuration set plus one forward, as the k of §4.4.5 is chosen to make it).
Time thesis_closed_form(BroadcastAlgorithm a, const ModelParams& p, int k = 0);

/// The thesis form corrected for the terms it rounds (docs/optical.md, "Executor versus the closed forms"): the
/// time our executor must produce for algorithms 1-4. Empty for algorithm 5 (no exact form).
std::optional<Time> exact_closed_form(BroadcastAlgorithm a, const ModelParams& p);

/// Runs the algorithm's program through the executor.
ExecutionReport run_broadcast(BroadcastAlgorithm a, const ModelParams& p, int k = 0);

/// The "half optimal" metric of §4.3.2: the Tc at which the running time is twice the
/// running time at Tc = 0, found by bisection on integer picoseconds.
struct HalfOptimal {
    std::optional<Time> executor;     // bisection on executor runs
    std::optional<Time> closed_form;  // bisection on thesis_closed_form
    std::optional<Time> thesis_text;  // the thesis's own approximation (§4.4.2-4.4.4)
};
/// Algorithm 5 has none (the thesis: "not meaningful", k depends on Tc).
HalfOptimal half_optimal(BroadcastAlgorithm a, const ModelParams& p);

/// Smallest Tc >= 0 with f(Tc) >= 2 f(0) for a nondecreasing f; empty if none below 1000 s.
std::optional<Time> solve_half_optimal(const std::function<Time(Time)>& f);

}  // namespace liquid::optical
