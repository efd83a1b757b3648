#pragma once
// Vega-Lite specifications of the schedule page: the frame x link occupancy heat maps
// (schedule beside round-robin) and the link-load histogram.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::report {

struct NamedSchedule {
    std::string name;  // e.g. "liquid (optimal)", "round-robin"
    const Schedule* schedule = nullptr;
};

/// One heat map per schedule, side by side, same link axis and the same width per frame,
/// so a longer schedule is a wider picture. Cells: the link is busy in that frame. Rows: the
/// used links by descending `load`; the `bottlenecks` red.
nlohmann::json occupancy_heat_maps(const Traffic& traffic, const std::vector<double>& load, const std::vector<int>& bottlenecks,
                                   const std::vector<NamedSchedule>& schedules);

/// Number of links per load value; the bottleneck bar (load = duration) in red.
nlohmann::json load_histogram(const std::vector<int>& load, int duration);

}  // namespace liquid::report
