// Frame durations and total time of weighted schedules, the uniform plan run with real
// sizes, and the names of the weighted methods.
#include <algorithm>

#include "liquid/base/names.hpp"
#include "liquid/sched/weighted.hpp"
#include "liquid/traffic/byte_load.hpp"

namespace liquid {
namespace {

constexpr NameTable<WeightedMethod, 9> kWeightedMethods{{{WeightedMethod::Best, "best"},
                                                         {WeightedMethod::Lp, "lp"},
                                                         {WeightedMethod::Greedy, "greedy"},
                                                         {WeightedMethod::Uniform, "uniform"},
                                                         {WeightedMethod::Bucketed, "bucketed"},
                                                         {WeightedMethod::UnitSplit, "unit-split"},
                                                         {WeightedMethod::Bvn, "bvn"},
                                                         {WeightedMethod::Solstice, "solstice"},
                                                         {WeightedMethod::Eclipse, "eclipse"}}};

}  // namespace

WeightedMethod parse_weighted_method(const std::string& name) {
    return parse_name(kWeightedMethods, name, "--weighted-method", "weighted method");
}

const char* weighted_method_name(WeightedMethod m) { return name_of(kWeightedMethods, m); }

void set_frame_durations(const WeightedProblem& p, WeightedSchedule& s) {
    for (WeightedFrame& f : s.frames) {
        f.duration_s = 0;
        for (const Piece& x : f.pieces)
            f.duration_s = std::max(f.duration_s, static_cast<double>(x.bytes) / transfer_rate(*p.traffic, p.rates, x.transfer));
    }
}

double total_time(const WeightedProblem& p, const WeightedSchedule& s) {
    double t = 0;
    for (const WeightedFrame& f : s.frames) t += f.duration_s + p.frame_overhead_s;
    return t;
}

WeightedSchedule whole_transfer_frames(const WeightedProblem& p, const std::vector<std::vector<int>>& frames) {
    WeightedSchedule s;
    for (const auto& frame : frames) {
        WeightedFrame f;
        for (int x : frame) f.pieces.push_back({x, transfer_bytes((*p.traffic)[x])});
        if (!f.pieces.empty()) s.frames.push_back(std::move(f));
    }
    set_frame_durations(p, s);
    return s;
}

}  // namespace liquid
