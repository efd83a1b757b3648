#pragma once
// Private: one builder per broadcast algorithm of thesis §4.4, one file each.
#include "liquid/optical/broadcast/broadcast.hpp"
#include "liquid/optical/broadcast/model.hpp"
#include "optical/broadcast/program.hpp"

namespace liquid::optical::detail {

Program naive_configuration_program(const ModelParams& p);  // §4.4.1
Program ring_forwarding_program(const ModelParams& p);      // §4.4.2
Program tree_forwarding_program(const ModelParams& p);      // §4.4.3
Program smart_tree_program(const ModelParams& p);           // §4.4.4
Program smart_ring_program(const ModelParams& p, int k);    // §4.4.5

}  // namespace liquid::optical::detail

namespace liquid::optical {

/// Builds the program; `k` is used by algorithm 5 only (0 = smart_ring_thesis_k).
Program build_broadcast(BroadcastAlgorithm a, const ModelParams& p, int k = 0);

}  // namespace liquid::optical
