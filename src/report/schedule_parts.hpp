#pragma once
// Parts of the schedule page that the weighted schedule page shows too: the network (or
// link grid) drawing and the gallery of frame pictograms.
#include <string>
#include <vector>

#include "liquid/report/network_drawing.hpp"
#include "liquid/report/network_layout.hpp"
#include "liquid/report/page.hpp"
#include "liquid/report/schedule_report.hpp"

namespace liquid::report {

/// The stroke of a used link that is not a bottleneck: light to dark blue as `share` (its
/// load over the bottlenecks') goes from 0 to 1.
std::string busy_stroke(double share);

/// The summary table's "network" row: name, size and layout, or "none" for a link-set traffic.
std::string network_description(const Network* network, const NetworkLayout* layout);

/// Draws the network (or, for a link-set traffic, the grid of links) with the given marks.
std::string drawing(const ScheduleReportInput& in, const NetworkLayout* layout, const std::vector<LinkMark>& marks,
                    const DrawingOptions& o);

/// One pictogram per frame of `in.schedule` (the first options.pictograms drawn when the page
/// opens), `bottlenecks` marked; adds its data and script to `page`.
Section frames_section(const ScheduleReportInput& in, const std::vector<int>& bottlenecks, const NetworkLayout* layout,
                       const ScheduleReportOptions& options, Page& page);

}  // namespace liquid::report
