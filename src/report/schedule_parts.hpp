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

/// Draws the network (or, for a link-set traffic, the grid of links) with the given marks.
std::string drawing(const ScheduleReportInput& in, const NetworkLayout* layout, const std::vector<LinkMark>& marks,
                    const DrawingOptions& o);

/// One pictogram per frame of `in.schedule` (the first options.pictograms drawn when the page
/// opens), `bottlenecks` marked; adds its data and script to `page`.
Section frames_section(const ScheduleReportInput& in, const std::vector<int>& bottlenecks, const NetworkLayout* layout,
                       const ScheduleReportOptions& options, Page& page);

}  // namespace liquid::report
