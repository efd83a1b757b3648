#pragma once
// Frame executor: runs a schedule frame by frame with a global barrier between frames
// (the papers' execution of liquid schedules, report §8.2): every message of frame f is
// handed to its sender when frame f starts; frame f+1 starts barrier_s after the last
// message of frame f was delivered.
#include "liquid/sched/schedule.hpp"
#include "liquid/sim/metrics.hpp"
#include "liquid/sim/options.hpp"
#include "liquid/sim/workload.hpp"

namespace liquid::sim {

/// Frames may contain congesting transfers (they then block each other, which is what a
/// topology-unaware schedule does). Throws InputError when the schedule does not
/// partition the workload's messages.
SimResult run_frames(const Workload& w, const Schedule& schedule, const SimOptions& options);

}  // namespace liquid::sim
