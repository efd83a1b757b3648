// The weighted schedule page (see weighted_schedule_report.hpp).
#include "liquid/report/weighted_schedule_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "liquid/results/schedule_result.hpp"
#include "liquid/traffic/byte_load.hpp"
#include "report/schedule_charts.hpp"
#include "report/schedule_parts.hpp"

namespace liquid::report {
namespace {

using nlohmann::json;

/// The frames as sets of transfers (a transfer split over frames is in each of them), for
/// the pictograms and the occupancy map.
Schedule transfers_by_frame(const WeightedSchedule& s) {
    Schedule out;
    for (const WeightedFrame& f : s.frames) {
        std::set<int> in_frame;
        for (const Piece& p : f.pieces) in_frame.insert(p.transfer);
        out.frames.emplace_back(in_frame.begin(), in_frame.end());
    }
    return out;
}

/// Overview marks: each used link blue, darker with its byte time; the links that set T* red.
std::vector<LinkMark> byte_time_marks(const Traffic& t, const ByteLoad& load) {
    std::vector<LinkMark> marks(static_cast<std::size_t>(t.link_count()));
    std::vector<bool> bottleneck(static_cast<std::size_t>(t.link_count()));
    for (int l : load.bottlenecks) bottleneck[static_cast<std::size_t>(l)] = true;
    for (int l = 0; l < t.link_count(); ++l) {
        const auto i = static_cast<std::size_t>(l);
        LinkMark& m = marks[i];
        m.width = 0;
        m.title = fmt::format("{}: {:.6g} bytes, {:.6g} s", t.link_name(l), load.bytes[i], load.time_s[i]);
        if (load.bytes[i] <= 0) continue;
        if (bottleneck[i]) {
            m.css_class = "bottleneck", m.title += " (sets T*)";
            continue;
        }
        m.css_class = "busy";
        m.stroke = busy_stroke(load.bound_s > 0 ? load.time_s[i] / load.bound_s : 0);
    }
    return marks;
}

std::string others_text(const WeightedResult& r) {
    std::string out;
    for (const WeightedCandidate& c : r.candidates) {
        if (!out.empty()) out += "; ";
        out += c.applicable ? fmt::format("{} {:.6g} s ({} frames)", c.name, c.time_s, c.frames)
                            : fmt::format("{} not run ({})", c.name, c.note);
    }
    return out.empty() ? "none in the saved result" : out;
}

std::string summary_table(const WeightedScheduleReportInput& in, const ByteLoad& load, const NetworkLayout* layout) {
    const Traffic& t = *in.traffic;
    const WeightedResult& r = in.result;
    double bytes = 0;
    for (int x = 0; x < t.size(); ++x) bytes += t[x].size;
    std::string bottlenecks;
    for (int l : load.bottlenecks) bottlenecks += (bottlenecks.empty() ? "" : " ") + t.link_name(l);
    const std::string verdict = time_verdict(r.optimal, r.timed_out);
    return html_table({{"traffic", in.source},
                       {"network", network_description(in.network, layout)},
                       {"transfers", fmt::format("{} ({:.6g} bytes)", t.size(), bytes)},
                       {"bound T* (most loaded link: bytes / rate)", fmt::format("{:.6g} s", load.bound_s)},
                       {"links that set T*", fmt::format("{}: {}", load.bottlenecks.size(), bottlenecks)},
                       {"frame overhead", fmt::format("{:.6g} s per frame", in.frame_overhead_s)},
                       {"method", r.method},
                       {"time", fmt::format("{:.6g} s in {} frames ({}); lower bound {:.6g} s ({}), gap {:.3f} %", r.time_s,
                                            r.schedule.length(), verdict, r.lower_bound_s, r.bound_by, 100 * r.gap())},
                       {"other methods of the run", others_text(r)},
                       {"verified",
                        "every byte of every transfer delivered exactly once, no two pieces of a frame share a link, "
                        "durations follow from sizes and rates"}});
}

/// One bar per frame: its data time (its longest piece over its slowest link) and its overhead.
json frame_time_chart(const WeightedScheduleReportInput& in) {
    json values = json::array();
    for (std::size_t f = 0; f < in.result.schedule.frames.size(); ++f) {
        const WeightedFrame& frame = in.result.schedule.frames[f];
        values.push_back({{"frame", f + 1}, {"part", "data"}, {"s", frame.duration_s}, {"pieces", frame.pieces.size()}});
        if (in.frame_overhead_s > 0)
            values.push_back(
                {{"frame", f + 1}, {"part", "overhead"}, {"s", in.frame_overhead_s}, {"pieces", frame.pieces.size()}});
    }
    return {{"data", {{"values", values}}},
            {"mark", {{"type", "bar"}, {"tooltip", true}}},
            {"width", 520},
            {"height", 220},
            {"encoding",
             {{"x", {{"field", "frame"}, {"type", "ordinal"}, {"title", "frame"}, {"axis", {{"labelOverlap", true}}}}},
              {"y", {{"field", "s"}, {"type", "quantitative"}, {"title", "seconds"}, {"stack", "zero"}}},
              {"color",
               {{"field", "part"},
                {"type", "nominal"},
                {"title", ""},
                {"scale", {{"domain", {"data", "overhead"}}, {"range", {"#1f77b4", "#aaaaaa"}}}}}}}}};
}

}  // namespace

WeightedScheduleReportInput weighted_schedule_for_report(const Network* network, const Traffic& traffic, std::string source,
                                                         std::vector<double> rates, const WeightedOptions& options) {
    WeightedResult r = solve_weighted(traffic, rates, options);
    const WeightedProblem p{&traffic, rates, options.frame_overhead_s, options.min_piece};
    if (const std::string problem = verify_weighted_schedule(p, r.schedule); !problem.empty())
        throw std::logic_error("internal error, weighted schedule rejected by the verifier: " + problem);
    return {network, &traffic, std::move(source), std::move(rates), std::move(r), options.frame_overhead_s};
}

WeightedScheduleReportInput saved_weighted_schedule_for_report(const std::string& file, const nlohmann::json& result,
                                                               const Network* network, const Traffic& traffic, std::string source,
                                                               std::vector<double> rates) {
    results::SavedWeightedSchedule saved = results::read_saved_weighted_schedule(result, file, traffic, rates);
    return {network,
            &traffic,
            std::move(source) + " (schedule from " + file + ")",
            std::move(rates),
            std::move(saved.result),
            saved.frame_overhead_s};
}

Page weighted_schedule_page(const WeightedScheduleReportInput& in, const ScheduleReportOptions& opt) {
    const Traffic& t = *in.traffic;
    const WeightedResult& r = in.result;
    const ByteLoad load = byte_load(t, in.rates);
    NetworkLayout layout;
    if (in.network) layout = layout_network(*in.network);
    const NetworkLayout* lp = in.network ? &layout : nullptr;
    // The frames as transfer sets, to reuse the equal-size page's gallery and occupancy map.
    ScheduleReportInput frames{in.network, &t, in.source, transfers_by_frame(r.schedule), {}, {}};
    frames.summary.method = r.method;
    Page page;
    page.title = "liquid weighted schedule report";
    page.subtitle = fmt::format("{} — {} transfers, {} frames, {:.6g} s against the bound T* {:.6g} s (method {}; {})", in.source,
                                t.size(), r.schedule.length(), r.time_s, load.bound_s, r.method,
                                r.optimal ? "proven optimal" : fmt::format("gap {:.3f} %", 100 * r.gap()));
    Section overview{"schedule", "Weighted schedule", summary_table(in, load, lp), {}, ""};
    DrawingOptions o;
    o.size = in.network && in.network->node_count() > 120 ? 820 : 620;
    o.id = "network-svg";
    overview.figures.push_back({"network", "The network and its byte times",
                                "Every directed link is one line. Red: the links that set T* (their bytes over their rate "
                                "take longest); blue, darker with the time: other used links; grey: unused. Hover a link "
                                "for its bytes and time.",
                                nullptr, drawing(frames, lp, byte_time_marks(t, load), o)});
    overview.figures.push_back({"frame-times", "Frame durations",
                                fmt::format("Each frame lasts its longest piece over its slowest link, plus the frame "
                                            "overhead ({:.6g} s). The sum is the schedule's time.",
                                            in.frame_overhead_s),
                                frame_time_chart(in), ""});
    page.sections.push_back(std::move(overview));
    page.sections.push_back(frames_section(frames, load.bottlenecks, lp, opt, page));
    Section occupancy{"occupancy",
                      "Link occupancy",
                      "<p>Which link carries a piece in which frame. Rows are the used links, longest byte time first; red rows "
                      "set T*.</p>",
                      {},
                      ""};
    occupancy.figures.push_back({"occupancy", "Frame × link occupancy", "",
                                 occupancy_heat_maps(t, load.time_s, load.bottlenecks,
                                                     {{"weighted schedule (method " + r.method + ")", &frames.schedule}}),
                                 ""});
    page.sections.push_back(std::move(occupancy));
    page.data["weighted_schedule"] = {{"time_s", r.time_s},   {"bound_s", load.bound_s},       {"lower_bound_s", r.lower_bound_s},
                                      {"optimal", r.optimal}, {"frames", r.schedule.length()}, {"transfers", t.size()}};
    return page;
}

}  // namespace liquid::report
