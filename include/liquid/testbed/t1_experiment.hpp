#pragma once
// `liquid testbed t1` in one call: sweep the 5^8 Swiss-T1 allocations, keep one
// representative per distinct liquid throughput (report §6.3, §8.1), then run the
// experiment (experiment.hpp) on the first representatives and summarise it.
#include <cstdint>
#include <functional>
#include <vector>

#include "liquid/testbed/experiment.hpp"
#include "liquid/testbed/swiss_t1.hpp"

namespace liquid::testbed {

struct T1ExperimentOptions {
    ExperimentOptions experiment;  // its threads also sweep
    int limit = 0;                 // schedule only the first `limit` representatives, in sweep order (0 = all)
    bool sweep_only = false;       // stop after the sweep
};

/// Where run_t1_experiment is, for progress bars (every member may be empty).
struct T1ExperimentProgress {
    std::function<void(std::uint64_t swept)> swept;               // allocations swept so far, of kAllocationCount - 1
    std::function<void(std::size_t representatives)> scheduling;  // the sweep is over; this process runs that many
    std::function<void(std::size_t done)> scheduled;              // representatives done so far
};

struct T1Experiment {
    SweepResult sweep;
    SkeletonShares skeleton_shares;  // of the sweep (report §6.1, Fig. 7)
    double sweep_seconds = 0;        // wall time of the sweep
    /// One per scheduled representative, in sweep order (none with sweep_only).
    std::vector<RepresentativeResult> results;
    ExperimentSummary summary;
    double schedule_seconds = 0;  // wall time of the experiment
};

/// Fills the results other processes computed (see run_experiment and options.shard).
using MergeResults = std::function<void(std::vector<RepresentativeResult>& results)>;

/// Sweeps `t1`, then (unless options.sweep_only) runs the experiment on the representatives
/// options.experiment.shard owns, lets `merge` fill the others (nothing to do for one
/// process) and summarises every result.
T1Experiment run_t1_experiment(const Network& t1, const T1ExperimentOptions& options, const T1ExperimentProgress& progress = {},
                               const MergeResults& merge = {});

}  // namespace liquid::testbed
