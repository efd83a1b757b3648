// Round-robin schedule (report §3): phase k = sender i -> receiver (i+k) mod n,
// congesting phases split into frames. The shift-permutation construction with hosts in
// rank order and frames per phase.
#include "liquid/base/stop.hpp"
#include "liquid/sched/baselines.hpp"
#include "sched/shift_permutations.hpp"

namespace liquid::sched {

Schedule round_robin_schedule(const Traffic& traffic) {
    std::optional<Schedule> s = shift_schedule(traffic, ShiftOptions{}, Deadline{});
    // An unlimited deadline still ends on a stop request (SIGINT/SIGTERM).
    if (!s) throw Interrupted();
    return std::move(*s);
}

}  // namespace liquid::sched
