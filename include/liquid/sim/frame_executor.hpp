#pragma once
// Frame executor: runs a schedule frame by frame with a global barrier between frames
// (the papers' execution of liquid schedules, report §8.2): every message of frame f is
// handed to its sender when frame f starts; frame f+1 starts barrier_s after the last
// message of frame f was delivered.
#include "liquid/sched/schedule.hpp"
#include "liquid/sched/weighted.hpp"
#include "liquid/sim/metrics.hpp"
#include "liquid/sim/options.hpp"
#include "liquid/sim/workload.hpp"

namespace liquid::sim {

/// Frames may contain congesting transfers (they then block each other, which is what a
/// topology-unaware schedule does). Throws InputError when the schedule does not
/// partition the workload's messages.
SimResult run_frames(const Workload& w, const Schedule& schedule, const SimOptions& options);

/// The messages of a weighted schedule: one per piece, of its bytes over its transfer's
/// path (the pieces of a transfer share its sender, receiver and route), numbered frame by
/// frame; `frames` receives the schedule of these messages. Pieces must name transfers of
/// `w` with positive bytes (verify_weighted_schedule checks the rest).
Workload piece_workload(const Workload& w, const WeightedSchedule& s, Schedule& frames);

/// A weighted schedule frame by frame: its pieces as messages (piece_workload), frames as
/// in run_frames. Pieces of one transfer in different frames are separate messages.
SimResult run_weighted_frames(const Workload& w, const WeightedSchedule& s, const SimOptions& options);

}  // namespace liquid::sim
