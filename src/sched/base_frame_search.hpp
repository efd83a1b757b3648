#pragma once
// Local search for the free invariant form: pick one representative transfer
// per orbit of a group G and one of r base frames for it, so that the representatives of
// each base frame are pairwise link-disjoint. Their images under G are then a schedule of
// r·|G| frames (see invariant_schedule.hpp). Min-conflicts with a tabu list, in the manner
// of Minton et al., "Minimizing conflicts: a heuristic repair method for constraint
// satisfaction and scheduling problems", Artificial Intelligence 58, 1992: each orbit is a
// variable whose domain is (member, base frame). Finds; never refutes (CaDiCaL does that).
#include <chrono>
#include <cstdint>
#include <vector>

#include "liquid/sched/schedule.hpp"
#include "sched/symmetry.hpp"

namespace liquid::sched {

struct BaseFrameChoice {
    bool found = false;
    std::vector<std::vector<int>> base_frames;  // r lists of representatives (transfers)
    long best_conflicts = 0;                    // fewest excess link uses reached
    std::uint64_t iterations = 0;
};

/// Searches r pairwise-disjoint-within-a-frame base frames covering each orbit of `group`
/// (all its elements, identity first, acting freely on the transfers) once. Seeded; stops
/// at the deadline.
BaseFrameChoice search_base_frames(const Traffic& traffic, const std::vector<TransferPermutation>& group, int r,
                                   std::uint64_t seed, std::chrono::steady_clock::time_point deadline);

}  // namespace liquid::sched
