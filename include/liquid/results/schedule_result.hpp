#pragma once
// The document of `liquid schedule --json`, one owner: schedule_view() writes it for a
// schedule of equal-size transfers, weighted_schedule_view() for a weighted traffic,
// solve_fields() adds the rows every view of a SolveResult carries (also `liquid testbed
// t1 --allocation`), and read_schedule_verdict() and read_saved_weighted_schedule() read
// back what `liquid report` says about a saved schedule. The frames themselves are the schedule format io owns.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "liquid/results/result_view.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/sched/weighted.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::results {

/// The traffic `source`, its analysis and the schedule `r` made with `options`. The view
/// refers to `t` and `r` (its frames are made when it is rendered): render it while they live.
ResultView schedule_view(const std::string& source, const Traffic& t, const SolveResult& r, const SolveOptions& options);

/// The weighted schedule `r` of `t` made with `options`.
ResultView weighted_schedule_view(const std::string& source, const Traffic& t, const WeightedResult& r,
                                  const WeightedOptions& options);

/// The JSON rows of a SolveResult's verdict, lower bound and search work (each view's
/// text sums them up in its own lines).
ResultView& solve_fields(ResultView& v, const SolveResult& r);

/// What a saved schedule result says about its schedule.
struct ScheduleVerdict {
    std::optional<std::string> method;  // absent in `liquid testbed t1 --allocation --json`
    int length = 0, lower_bound = 0;
    bool optimal = false, timed_out = false;
    double elapsed_ms = 0;
    std::string solver;
};

/// True when `j` carries a schedule (its "schedule" object has frames).
bool is_schedule_result(const nlohmann::json& j);

/// The schedule of the result file `file` (a schedule of `traffic`), verified; InputError
/// naming the file and its frames when the verifier rejects it.
Schedule read_saved_schedule(const std::string& file, const Traffic& traffic);

/// Throws InputError naming `file` and the JSON pointer of a missing or mistyped member.
ScheduleVerdict read_schedule_verdict(const nlohmann::json& j, const std::string& file);

/// True when `j` is the result of a weighted schedule (it carries "time_s" and "bound_s").
bool is_weighted_schedule_result(const nlohmann::json& j);

/// A saved weighted schedule with what its result says about it.
struct SavedWeightedSchedule {
    WeightedResult result;  // the schedule, its time, bounds, verdict and the other methods' times
    double frame_overhead_s = 0;
    std::int64_t min_piece = 1;
};

/// The weighted schedule result `j` of the file `file`, a schedule of `traffic` over links
/// of `rates`, verified (every byte once, no link shared in a frame, pieces of at least its
/// min_piece) and its time recomputed from the frames; InputError naming the file and JSON
/// pointer when a member is missing or mistyped, the schedule does not fit the traffic or
/// its saved time does not match its frames.
SavedWeightedSchedule read_saved_weighted_schedule(const nlohmann::json& j, const std::string& file, const Traffic& traffic,
                                                   const std::vector<double>& rates);

}  // namespace liquid::results
