#pragma once
// A schedule of a traffic: the data type shared by the scheduler (sched), its file format
// (io/schedule_json.hpp) and the simulators (sim). How schedules are built lives in
// liquid/sched/schedule.hpp.
#include <vector>

namespace liquid {

/// A partition of a traffic into time frames; each frame lists transfer indices.
struct Schedule {
    std::vector<std::vector<int>> frames;
    int length() const { return static_cast<int>(frames.size()); }
};

}  // namespace liquid
