#pragma once
// The quotient of a traffic by a group of its symmetries. When a group G maps
// every frame of a schedule onto itself (the stable invariant form), each G-orbit of
// transfers sits in one frame: the orbit is one "super-transfer" over the union of its
// members' links. The quotient traffic has one transfer per orbit and, when no orbit uses
// a link twice, the same link loads counted in orbits: its schedules of L frames expand
// to the G-stable schedules of L frames of the traffic (each orbit's members in its frame).
// So the whole engine (constructions, tabu search, the exact fission search) schedules
// the quotient: mesh:6x6 all-to-all under its 4 translations-with-reflections is a 315-
// transfer problem instead of a 1 260-transfer one.
#include <optional>
#include <vector>

#include "liquid/sched/schedule.hpp"
#include "sched/symmetry.hpp"

namespace liquid::sched {

struct QuotientTraffic {
    Traffic traffic;                        // transfer k = orbit k (same link universe)
    std::vector<std::vector<int>> members;  // orbit k -> its transfers in the original traffic
};

/// The quotient of `traffic` by `group` (all its elements, acting on the transfers);
/// nullopt when an orbit uses a link twice (two members congest: no stable schedule).
std::optional<QuotientTraffic> quotient_traffic(const Traffic& traffic, const std::vector<TransferPermutation>& group);

/// The schedule of the original traffic whose frame f holds the members of the orbits in
/// frame f of `quotient_schedule`.
Schedule expand_quotient_schedule(const QuotientTraffic& quotient, const Schedule& quotient_schedule);

}  // namespace liquid::sched
