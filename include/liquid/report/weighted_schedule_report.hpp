#pragma once
// The page of a weighted schedule (unequal sizes, a demand matrix): the bound T* and the
// links that set it, the schedule's time, lower bound and gap, the other methods of the
// same run, the network drawn with each link's byte time, one bar per frame (its data time
// and its overhead), and the frames' pictograms and link occupancy.
#include <string>
#include <vector>

#include "liquid/net/network.hpp"
#include "liquid/report/page.hpp"
#include "liquid/report/schedule_report.hpp"
#include "liquid/sched/weighted.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::report {

struct WeightedScheduleReportInput {
    const Network* network = nullptr;  // null for a link-set traffic (links drawn as a grid)
    const Traffic* traffic = nullptr;
    std::string source;
    std::vector<double> rates;  // bytes/s per link
    WeightedResult result;      // verified; no candidates for a saved schedule without them
    double frame_overhead_s = 0;
};

/// Schedules the weighted `traffic` with `options` (verified: std::logic_error if the
/// verifier rejects it, a library bug).
WeightedScheduleReportInput weighted_schedule_for_report(const Network* network, const Traffic& traffic, std::string source,
                                                         std::vector<double> rates, const WeightedOptions& options);

/// The weighted schedule of a saved `liquid schedule --json` result (`file`, parsed as
/// `result`) of `traffic`; InputError naming the file when it does not fit the traffic.
WeightedScheduleReportInput saved_weighted_schedule_for_report(const std::string& file, const nlohmann::json& result,
                                                               const Network* network, const Traffic& traffic, std::string source,
                                                               std::vector<double> rates);

Page weighted_schedule_page(const WeightedScheduleReportInput& input, const ScheduleReportOptions& options = {});

}  // namespace liquid::report
