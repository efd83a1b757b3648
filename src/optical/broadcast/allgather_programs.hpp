#pragma once
// Private: one builder per all-to-all broadcast algorithm of thesis §6.2, one file each.
#include "liquid/optical/broadcast/allgather.hpp"
#include "liquid/optical/broadcast/model.hpp"
#include "optical/broadcast/program.hpp"

namespace liquid::optical::detail {

Program hypercube_allgather_program(const ModelParams& p);  // §6.2.1
Program tree_allgather_program(const ModelParams& p);       // §6.2.2
Program ring_allgather_program(const ModelParams& p);       // §6.2.3

}  // namespace liquid::optical::detail

namespace liquid::optical {

/// Builds the program (message i originates at node i). Hypercube needs N = 2^k.
/// The tree uses a heap-numbered M-ary tree (M = p.multicast, at least 2 makes sense).
Program build_allgather(AllgatherAlgorithm a, const ModelParams& p);

}  // namespace liquid::optical
