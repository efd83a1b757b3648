#pragma once
// Frame ordering of a routed plan: i→j and j→i in different frames where that costs no
// frame. Both directions of a pair of ranks in one frame share no link (links are
// directed), but MPI libraries over TCP run them at half rate each when they overlap.
#include "liquid/plan/plan.hpp"

namespace liquid::plan {

/// Moves one of i→j and j→i out of each frame holding both, into another frame where none
/// of its links is used (so every frame that was a simultaneity stays one; same length,
/// same pairs). Needs plan.links; pairs without links (ranks on one host) stay. Returns
/// the number of pairs moved; throws std::logic_error if a plan that passed verify_plan no
/// longer does, or a frame uses a link more often than before (a bug, not an input error).
int separate_reverse_pairs(Plan& plan);

/// Frames holding both i→j and j→i of some pair of ranks on distinct hosts (counted once per pair).
int reverse_pairs_sharing_a_frame(const Plan& plan);

}  // namespace liquid::plan
