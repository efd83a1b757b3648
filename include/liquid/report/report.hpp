#pragma once
// `liquid report --from RESULT.json ...`: one page from the --json results of other
// commands (schedule, simulate, simulate testbed, testbed t1, optical p2p-tables, optical
// sweep), at most one of each kind; results that belong together share a page (testbed
// t1 + simulate testbed; optical p2p-tables + optical sweep).
#include <functional>
#include <string>
#include <vector>

#include "liquid/net/network.hpp"
#include "liquid/report/page.hpp"
#include "liquid/report/schedule_report.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::report {

/// The traffic a saved schedule belongs to (the schedule JSON names transfers only).
struct ReportTraffic {
    const Network* network = nullptr;
    const Traffic* traffic = nullptr;
    std::string source;
    std::vector<double> rates;  // bytes/s per link (a weighted schedule's durations)
};

/// Called at most once, and only when a schedule result is given.
using TrafficSource = std::function<ReportTraffic()>;

/// Throws InputError naming the file (and JSON path) for unreadable or unknown input.
Page report_from_results(const std::vector<std::string>& paths, const TrafficSource& traffic,
                         const ScheduleReportOptions& options = {});

}  // namespace liquid::report
