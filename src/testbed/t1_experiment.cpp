#include "liquid/testbed/t1_experiment.hpp"

#include <chrono>

namespace liquid::testbed {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

T1Experiment run_t1_experiment(const Network& t1, const T1ExperimentOptions& options, const T1ExperimentProgress& progress,
                               const MergeResults& merge) {
    T1Experiment out;
    auto t0 = std::chrono::steady_clock::now();
    out.sweep = sweep_distinct_throughputs(t1, options.experiment.threads, progress.swept);
    out.sweep_seconds = seconds_since(t0);
    out.skeleton_shares = skeleton_shares(t1, out.sweep);
    if (options.sweep_only) return out;

    t0 = std::chrono::steady_clock::now();
    std::vector<Representative> scheduled = out.sweep.representatives;
    if (options.limit > 0 && static_cast<std::size_t>(options.limit) < scheduled.size())
        scheduled.resize(static_cast<std::size_t>(options.limit));
    if (progress.scheduling) progress.scheduling(options.experiment.shard.items(scheduled.size()).size());
    out.results = run_experiment(t1, scheduled, options.experiment, progress.scheduled);
    if (merge) merge(out.results);
    out.summary = summarize(out.results);
    out.schedule_seconds = seconds_since(t0);
    return out;
}

}  // namespace liquid::testbed
