#pragma once
// The schedule page: the network drawn with its link loads, one pictogram per time frame
// (the frame's links highlighted, bottlenecks marked), the frame x link occupancy heat map
// of the schedule beside the round-robin baseline's, and the load histogram.
#include <string>

#include "liquid/net/network.hpp"
#include "liquid/report/page.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::report {

/// What the page says about the schedule (from a SolveResult or a saved schedule's JSON).
struct ScheduleSummary {
    std::string method;
    bool liquid = false, optimal = false, timed_out = false;
    int lower_bound = 0;
    double elapsed_ms = 0;
    std::string solver;
};

struct ScheduleReportInput {
    const Network* network = nullptr;  // null for a link-set traffic (links drawn as a grid)
    const Traffic* traffic = nullptr;
    std::string source;  // one line saying where the traffic came from
    Schedule schedule;
    ScheduleSummary summary;
    Schedule round_robin;  // the library's round-robin baseline of the same traffic
};

struct ScheduleReportOptions {
    int pictograms = 24;      // frames drawn when the page opens (the rest on demand)
    bool frame_svgs = false;  // also one standalone SVG per frame (for --svg-dir)
};

/// Schedules `traffic` with `options` and with the round-robin baseline, verifies both
/// (std::logic_error if the verifier rejects one: a library bug, not bad input).
ScheduleReportInput schedule_for_report(const Network* network, const Traffic& traffic, std::string source,
                                        const SolveOptions& options);

/// The schedule of a saved `liquid schedule --json` result (`file`, already parsed as
/// `result`) resolved against `traffic`, plus the round-robin baseline computed now.
/// Throws InputError naming the file and JSON path when it does not fit the traffic.
ScheduleReportInput saved_schedule_for_report(const std::string& file, const nlohmann::json& result, const Network* network,
                                              const Traffic& traffic, std::string source);

Page schedule_page(const ScheduleReportInput& input, const ScheduleReportOptions& options = {});

/// The page's data as a summary (`liquid report --json`): without the frames' links of the
/// pictograms, which are page content.
nlohmann::json data_summary(const Page& page);

}  // namespace liquid::report
