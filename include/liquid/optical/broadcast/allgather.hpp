#pragma once
// All-to-all broadcast (thesis ch. 6): every node's message reaches every other node.
// Hypercube (§6.2.1), M-ary tree with multicast (§6.2.2) and the ring the thesis proves
// optimal in messages per node and configuration changes (§6.2.3, §6.3.2).
#include <optional>
#include <string>
#include <vector>

#include "liquid/optical/broadcast/execution_report.hpp"
#include "liquid/optical/broadcast/model.hpp"

namespace liquid::optical {

enum class AllgatherAlgorithm { Hypercube, Tree, Ring };

std::vector<AllgatherAlgorithm> all_allgather_algorithms();
std::string name(AllgatherAlgorithm a);
AllgatherAlgorithm parse_allgather_algorithm(const std::string& text);

ExecutionReport run_allgather(AllgatherAlgorithm a, const ModelParams& p);

/// The time our model gives, derived by hand (docs/optical.md, "Executor versus the closed forms"):
///   hypercube: log2(N)*Tc + (N-1)*S*Tb       (log2 N changes, 2^i host sends in stage i)
///   ring:      Tc + (N-1)*S*Tf + 2*S*Td       (thesis: 2Td + (N-1)*S*Tf, without the set)
/// Empty for the tree (its gather has no closed form; see tree_lower_bound).
std::optional<Time> allgather_closed_form(AllgatherAlgorithm a, const ModelParams& p);

/// The thesis's printed formula for the ring (§6.2.3): 2*Td + (N-1)*S*Tf.
Time ring_allgather_thesis_form(const ModelParams& p);

/// The tree's root receives N-1 messages one at a time and sends N: a lower bound of
/// 2*Tc + (2N-1)*S*Tb.
Time tree_lower_bound(const ModelParams& p);

/// Messages each node must send at least (§6.3.2): N-1 receptions per node, at most M
/// receivers per transmission, so ceil((N-1)/M) on average.
int allgather_messages_lower_bound(const ModelParams& p);

}  // namespace liquid::optical
