// Round-robin schedule (report §3): phase k = sender i -> receiver (i+k) mod n,
// congesting phases split into frames. The shift-permutation construction with hosts in
// rank order and frames per phase.
#include "liquid/sched/baselines.hpp"
#include "sched/shift_permutations.hpp"

namespace liquid::sched {

Schedule round_robin_schedule(const Traffic& traffic) { return *shift_schedule(traffic, ShiftOptions{}, Deadline{}); }

}  // namespace liquid::sched
