#pragma once
// Weighted schedules: transfers of unequal sizes (bytes) over links of given rates. A
// frame is a set of non-congesting pieces (parts of transfers, in whole bytes); it lasts as
// long as its longest piece over the piece's slowest link, plus a per-frame overhead (the
// synchronisation cost on a packet fabric, the reconfiguration delay δ of a circuit
// switch). A transfer may be split across frames in pieces of at least `min_piece` bytes.
// The objective is the total time; its bound is the byte-load bound T* (liquid/traffic/
// byte_load.hpp) plus one overhead per frame that any schedule needs (Λ frames).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "liquid/traffic/traffic.hpp"
#include "liquid/traffic/weighted_schedule.hpp"

namespace liquid {

/// The problem a weighted schedule answers.
struct WeightedProblem {
    const Traffic* traffic = nullptr;
    std::vector<double> rates;    // bytes/s per link
    double frame_overhead_s = 0;  // cost of every frame
    std::int64_t min_piece = 1;   // smallest piece of a split transfer, bytes
};

/// Sets every frame's duration from its pieces.
void set_frame_durations(const WeightedProblem& p, WeightedSchedule& s);
/// Sum of the frames' durations plus one overhead per frame.
double total_time(const WeightedProblem& p, const WeightedSchedule& s);
/// Each frame of a schedule of whole transfers (a Schedule's frames), every transfer in one
/// piece: the uniform plan executed with the real sizes.
WeightedSchedule whole_transfer_frames(const WeightedProblem& p, const std::vector<std::vector<int>>& frames);

/// The independent check (shares no code with the methods): every byte of every transfer
/// delivered exactly once, pieces of at least min_piece bytes unless the piece is the whole
/// transfer, no two pieces of a frame share a link, no empty frame, durations consistent with
/// sizes and rates. Returns "" when valid, else what is wrong.
std::string verify_weighted_schedule(const WeightedProblem& p, const WeightedSchedule& s);

enum class WeightedMethod { Best, Lp, Greedy, Uniform, Bucketed, UnitSplit, Bvn, Solstice, Eclipse };
WeightedMethod parse_weighted_method(const std::string& name);
const char* weighted_method_name(WeightedMethod m);

struct WeightedOptions {
    WeightedMethod method = WeightedMethod::Best;
    double frame_overhead_s = 0;
    std::int64_t min_piece = 1;
    double time_limit_s = 10;  // the whole solve
    std::uint64_t seed = 1;    // the uniform engine's random choices
    std::function<void(const std::string& phase)> progress;
};

/// One method's outcome in the same run.
struct WeightedCandidate {
    std::string name;
    bool applicable = false;
    std::string note;  // why not applicable, or what it did
    double time_s = 0;
    int frames = 0;
    double ms = 0;
};

struct WeightedResult {
    WeightedSchedule schedule;
    std::string method;        // which candidate the schedule is
    double time_s = 0;         // total time, overheads included
    double bound_s = 0;        // T*
    double lower_bound_s = 0;  // max(T*, configuration LP) + overhead · Λ
    std::string bound_by;      // "byte load" or "configuration LP"
    double lp_value_s = 0;     // the configuration LP's value when it was solved (0 if not)
    bool lp_exact = false;     // its pricing was exact (the LP value is a bound)
    bool optimal = false;      // time == lower bound
    bool timed_out = false;
    int min_frames = 0;  // Λ: frames any schedule needs
    std::vector<int> bottlenecks;
    std::vector<WeightedCandidate> candidates;
    double elapsed_ms = 0;
    double gap() const { return lower_bound_s > 0 ? time_s / lower_bound_s - 1 : 0; }
};

/// Schedules a weighted traffic; the result's schedule is verified. With Method Best
/// every applicable method runs and the shortest schedule wins (ties: the first listed).
/// Throws InputError on bad sizes, rates or options.
WeightedResult solve_weighted(const Traffic& traffic, const std::vector<double>& rates, const WeightedOptions& options);

}  // namespace liquid
