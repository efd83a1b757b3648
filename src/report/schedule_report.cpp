// The schedule page (see schedule_report.hpp): overview drawing, frame pictograms,
// occupancy heat maps beside round-robin, load histogram.
#include "liquid/report/schedule_report.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "liquid/base/error.hpp"
#include "liquid/report/network_drawing.hpp"
#include "liquid/results/schedule_result.hpp"
#include "liquid/traffic/analysis.hpp"
#include "report/schedule_charts.hpp"
#include "report/schedule_parts.hpp"

namespace liquid::report {
namespace {

using nlohmann::json;

constexpr const char* kPictograms = "pictograms";  // the page data of the frame gallery

void verify_or_throw(const Traffic& t, const Schedule& s, const char* what) {
    const std::string problem = verify_schedule(t, s);
    if (!problem.empty())
        throw std::logic_error(std::string("internal error, ") + what + " rejected by the verifier: " + problem);
}

Schedule round_robin_of(const Traffic& t) {
    SolveOptions o;
    o.method = Method::RoundRobin;
    Schedule s = solve(t, o).schedule;
    verify_or_throw(t, s, "the round-robin schedule");
    return s;
}

}  // namespace

std::string busy_stroke(double share) {
    return fmt::format("rgb({},{},{})", int(170 - 140 * share), int(200 - 110 * share), int(235 - 55 * share));
}

std::string network_description(const Network* network, const NetworkLayout* layout) {
    if (!network) return "none (link-set traffic: links drawn as a grid)";
    return fmt::format("{} ({} nodes, {} links; drawn as {})", network->name(), network->node_count(), network->link_count(),
                       layout_name(layout->kind));
}

std::string drawing(const ScheduleReportInput& in, const NetworkLayout* layout, const std::vector<LinkMark>& marks,
                    const DrawingOptions& o) {
    if (in.network) return network_svg(*in.network, *layout, marks, o);
    return link_grid_svg(in.traffic->link_names(), marks, o);
}

namespace {

/// Overview marks: idle links grey, used links blue darkening with the load, bottlenecks red.
std::vector<LinkMark> load_marks(const Traffic& t, const TrafficAnalysis& a) {
    std::vector<LinkMark> marks(static_cast<std::size_t>(t.link_count()));
    for (int l = 0; l < t.link_count(); ++l) {
        const int v = a.load[static_cast<std::size_t>(l)];
        LinkMark& m = marks[static_cast<std::size_t>(l)];
        m.title = fmt::format("{}: load {}", t.link_name(l), v);
        if (v == 0) continue;
        if (v == a.duration) {
            m.css_class = "bottleneck", m.title += " (bottleneck)";
            continue;
        }
        m.css_class = "busy";
        m.stroke = busy_stroke(double(v) / a.duration);
    }
    for (auto& m : marks) m.width = 0;
    return marks;
}

std::vector<LinkMark> frame_marks(const Traffic& t, const std::vector<int>& bottlenecks, const std::vector<int>& frame) {
    std::vector<LinkMark> marks(static_cast<std::size_t>(t.link_count()));
    std::vector<bool> bottleneck(static_cast<std::size_t>(t.link_count()));
    for (int l : bottlenecks) {
        bottleneck[static_cast<std::size_t>(l)] = true;
        marks[static_cast<std::size_t>(l)].css_class = "bottleneck-idle";
    }
    for (int x : frame) t[x].links.for_each([&](std::size_t l) { marks[l].css_class = bottleneck[l] ? "bottleneck" : "busy"; });
    for (int l = 0; l < t.link_count(); ++l) marks[static_cast<std::size_t>(l)].title = t.link_name(l);
    return marks;
}

std::string summary_table(const ScheduleReportInput& in, const TrafficAnalysis& a, const NetworkLayout* layout) {
    const Traffic& t = *in.traffic;
    std::string bottlenecks;
    for (int l : a.bottlenecks) bottlenecks += (bottlenecks.empty() ? "" : " ") + t.link_name(l);
    const int len = in.schedule.length(), rr = in.round_robin.length();
    const std::string verdict = length_verdict(in.summary.liquid, in.summary.optimal, in.summary.timed_out);
    return html_table(
        {{"traffic", in.source},
         {"network", network_description(in.network, layout)},
         {"transfers", std::to_string(t.size())},
         {"duration Λ (most loaded link)", std::to_string(a.duration)},
         {"bottlenecks", fmt::format("{}: {}", a.bottlenecks.size(), bottlenecks)},
         {"liquid throughput", fmt::format("{:.4g} transfers per frame", a.liquid_ratio())},
         {"method", in.summary.method + (in.summary.solver.empty() ? "" : " (answered by " + in.summary.solver + ")")},
         {"schedule length", fmt::format("{} frames ({}); lower bound {}", len, verdict, in.summary.lower_bound)},
         {"throughput of the schedule",
          fmt::format("{:.4g} transfers per frame ({:.1f} % of liquid)", double(t.size()) / len, 100.0 * a.duration / len)},
         {"round-robin baseline", fmt::format("{} frames: {:.4g} transfers per frame ({:.1f} % of liquid)", rr,
                                              double(t.size()) / rr, 100.0 * a.duration / rr)},
         {"verified", "every transfer exactly once, no two transfers of a frame share a link (both schedules)"}});
}

Section overview_section(const ScheduleReportInput& in, const TrafficAnalysis& a, const NetworkLayout* layout) {
    Section s{"schedule", "Schedule", summary_table(in, a, layout), {}, ""};
    DrawingOptions o;
    o.size = in.network && in.network->node_count() > 120 ? 820 : 620;
    o.id = "network-svg";
    s.figures.push_back({"network", "The network and its link loads",
                         std::string(in.network ? "Every directed link is one line (the two directions of a cable side by side). "
                                                : "A link-set traffic has no network: every link is one square. ") +
                             "Red: bottlenecks (load = Λ); blue, darker with the load: other used links; grey: unused. "
                             "Hover a link for its load.",
                         nullptr, drawing(in, layout, load_marks(*in.traffic, a), o)});
    return s;
}

constexpr const char* kPictogramScript = R"js(
(function () {
  const gallery = document.getElementById('pictograms');
  if (!gallery) return;
  const d = window.LIQUID_DATA.pictograms;
  const template = document.getElementById('pictogram-template').content.firstElementChild;
  const isBottleneck = new Set(d.bottlenecks);
  let shown = 0;
  function draw(f) {
    const svg = template.cloneNode(true);
    const links = {};
    svg.querySelectorAll('[data-l]').forEach((e) => { links[e.dataset.l] = e; });
    d.bottlenecks.forEach((l) => links[l] && links[l].setAttribute('class', 'bottleneck-idle'));
    let busy = 0;
    d.frames[f].forEach((l) => {
      const hot = isBottleneck.has(l);
      busy += hot ? 1 : 0;
      if (links[l]) links[l].setAttribute('class', hot ? 'bottleneck' : 'busy');
    });
    const box = document.createElement('div');
    box.className = 'pict';
    box.dataset.frame = String(f + 1);
    box.appendChild(svg);
    const caption = document.createElement('div');
    caption.textContent = 'frame ' + (f + 1) + ': ' + d.transfers[f] + ' transfers, ' + busy + '/' + d.bottlenecks.length + ' bottlenecks busy';
    box.appendChild(caption);
    gallery.appendChild(box);
  }
  function status() {
    document.getElementById('pict-status').textContent = 'Showing frames 1-' + shown + ' of ' + d.frames.length + '.';
    const rest = shown >= d.frames.length;
    document.getElementById('pict-more').disabled = rest;
    document.getElementById('pict-all').disabled = rest;
  }
  function more(n) {
    const end = Math.min(d.frames.length, shown + n);
    for (; shown < end; ++shown) draw(shown);
    status();
  }
  document.getElementById('pict-more').addEventListener('click', () => more(d.step));
  document.getElementById('pict-all').addEventListener('click', () => more(d.frames.length));
  more(d.first);
})();
)js";

}  // namespace

Section frames_section(const ScheduleReportInput& in, const std::vector<int>& bottlenecks, const NetworkLayout* layout,
                       const ScheduleReportOptions& opt, Page& page) {
    const Traffic& t = *in.traffic;
    std::vector<LinkMark> idle(static_cast<std::size_t>(t.link_count()));
    for (int l = 0; l < t.link_count(); ++l) idle[static_cast<std::size_t>(l)].title = t.link_name(l);
    DrawingOptions o;
    o.size = in.network && in.network->node_count() > 60 ? 230 : 170;
    o.labels = false;
    o.link_ids = true;
    json frames = json::array(), transfers = json::array();
    for (const auto& frame : in.schedule.frames) {
        json links = json::array();
        for (int x : frame) t[x].links.for_each([&](std::size_t l) { links.push_back(l); });
        frames.push_back(std::move(links));
        transfers.push_back(frame.size());
    }
    const int first = std::min(opt.pictograms, in.schedule.length());
    page.data[kPictograms] = {{"frames", frames},
                              {"transfers", transfers},
                              {"bottlenecks", bottlenecks},
                              {"first", first},
                              {"step", std::max(1, opt.pictograms)}};
    page.script += kPictogramScript;
    std::string html = fmt::format(
        "<p>One drawing per time frame of the schedule (method {}): the links its transfers occupy in blue, bottlenecks it keeps "
        "busy in red, bottlenecks idle in that frame dashed red (a liquid schedule keeps every bottleneck busy in every "
        "frame).</p><div class=\"controls\"><span id=\"pict-status\"></span> <button id=\"pict-more\">Show {} more</button>"
        "<button id=\"pict-all\">Show all {}</button></div><template id=\"pictogram-template\">{}</template>"
        "<div class=\"gallery\" id=\"pictograms\" data-frames=\"{}\"></div>",
        xml_escape(in.summary.method), std::max(1, opt.pictograms), in.schedule.length(), drawing(in, layout, idle, o),
        in.schedule.length());
    if (opt.frame_svgs) {
        o.link_ids = false;
        for (int f = 0; f < in.schedule.length(); ++f)
            page.extra_svgs.push_back(
                {fmt::format("frame-{:03}", f + 1), fmt::format("frame {}", f + 1), "", nullptr,
                 drawing(in, layout, frame_marks(t, bottlenecks, in.schedule.frames[static_cast<std::size_t>(f)]), o)});
    }
    return {"frames", fmt::format("Time frames ({})", in.schedule.length()), "", {}, html};
}

ScheduleReportInput schedule_for_report(const Network* network, const Traffic& traffic, std::string source,
                                        const SolveOptions& options) {
    const SolveResult r = solve(traffic, options);
    verify_or_throw(traffic, r.schedule, "the schedule");
    ScheduleReportInput in{network,
                           &traffic,
                           std::move(source),
                           r.schedule,
                           {method_name(r.method), r.liquid, r.optimal, r.timed_out, r.lower_bound, r.elapsed_ms, r.solver},
                           round_robin_of(traffic)};
    return in;
}

ScheduleReportInput saved_schedule_for_report(const std::string& file, const json& result, const Network* network,
                                              const Traffic& traffic, std::string source) {
    const Schedule s = results::read_saved_schedule(file, traffic);
    const results::ScheduleVerdict verdict = results::read_schedule_verdict(result, file);
    ScheduleSummary sum;
    sum.method = verdict.method.value_or("saved schedule");
    sum.liquid = s.length() == analyze(traffic).duration;
    sum.optimal = verdict.optimal && verdict.length == s.length();
    sum.timed_out = verdict.timed_out;
    sum.lower_bound = verdict.lower_bound;
    sum.elapsed_ms = verdict.elapsed_ms;
    sum.solver = verdict.solver;
    return {network, &traffic, std::move(source) + " (schedule from " + file + ")", s, sum, round_robin_of(traffic)};
}

nlohmann::json data_summary(const Page& page) {
    json data = page.data;
    data.erase(kPictograms);
    return data;
}

Page schedule_page(const ScheduleReportInput& in, const ScheduleReportOptions& opt) {
    const Traffic& t = *in.traffic;
    const TrafficAnalysis a = analyze(t);
    NetworkLayout layout;
    if (in.network) layout = layout_network(*in.network);
    const NetworkLayout* lp = in.network ? &layout : nullptr;
    Page page;
    page.title = "liquid schedule report";
    // The method's name ("optimal") is no verdict: the subtitle names both.
    page.subtitle = fmt::format(
        "{} — {} transfers, {} frames (method {}; {}), round-robin {} frames", in.source, t.size(), in.schedule.length(),
        in.summary.method, length_verdict(in.summary.liquid, in.summary.optimal, in.summary.timed_out), in.round_robin.length());
    page.sections.push_back(overview_section(in, a, lp));
    page.sections.push_back(frames_section(in, a.bottlenecks, lp, opt, page));
    const std::string name = "schedule (method " + in.summary.method + ")";
    Section occupancy{"occupancy",
                      "Link occupancy: schedule vs round-robin",
                      "<p>Which link is busy in which frame. Rows are the used links, most loaded first; a column is a "
                      "time frame, at the same width in both maps, so the longer round-robin schedule is the wider "
                      "picture. Red rows are bottlenecks: a liquid schedule keeps them busy in every frame.</p>",
                      {},
                      ""};
    occupancy.figures.push_back({"occupancy", "Frame × link occupancy", "",
                                 occupancy_heat_maps(t, std::vector<double>(a.load.begin(), a.load.end()), a.bottlenecks,
                                                     {{name, &in.schedule}, {"round-robin", &in.round_robin}}),
                                 ""});
    page.sections.push_back(std::move(occupancy));
    Section loads{"loads", "Link loads", "", {}, ""};
    loads.figures.push_back({"load-histogram", "Load histogram",
                             fmt::format("Λ = {}: {} bottleneck links.", a.duration, a.bottlenecks.size()),
                             load_histogram(a.load, a.duration), ""});
    page.sections.push_back(std::move(loads));
    page.data["schedule"] = {{"length", in.schedule.length()},
                             {"round_robin_length", in.round_robin.length()},
                             {"duration", a.duration},
                             {"transfers", t.size()}};
    return page;
}

}  // namespace liquid::report
