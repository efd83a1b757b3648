// `liquid report`: one self-contained HTML page a person looks at. Either schedules a
// traffic now (the chosen method and the round-robin baseline) or reads the --json
// results of other commands (--from); --svg-dir writes every figure as an SVG file too.
#include <fmt/core.h>

#include <memory>

#include "command.hpp"
#include "command_budget.hpp"
#include "input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/output_file.hpp"
#include "liquid/report/report.hpp"
#include "liquid/report/svg_files.hpp"
#include "liquid/report/weighted_schedule_report.hpp"
#include "option_checks.hpp"
#include "result_view.hpp"
#include "scheduling_options.hpp"
#include "weighted_schedule.hpp"

namespace liquid::app {
namespace {

/// What the page needs after the search, per transfer of the traffic: the schedule's own
/// verification, the round-robin baseline, the occupancy heat maps, the charts' data and
/// the page's JSON. On the million transfers of hypercube:10 the page command takes
/// 11.0-11.4 s where `schedule` takes 3.7-4.4 s (2 s of either build the traffic); with
/// 9 µs, `--time-limit` 11, 12 and 14 end at 10.0, 10.9 and 10.3 s.
constexpr double kPageSecondsPerTransfer = 9e-6;
/// And per link of the drawn network (the page draws it whole, with arcs around the nodes
/// a straight line would cross): `report` minus `schedule` of a permutation took 20-45 µs
/// per link (torus:32x32 0.12 s for 6 144 links, fat-tree:4,5 0.24 s for 10 240,
/// fat-tree:8,4 0.77 s for 32 768, hypercube:10 0.55 s for 12 288: its chords cross many
/// nodes); before, `report --network fat-tree:8,4 --pattern permutation --time-limit 0.5`
/// ended after 0.91 s.
constexpr double kDrawingSecondsPerLink = 50e-6;

struct ReportOptions {
    TrafficOptions traffic;
    std::vector<std::string> from;
    std::string out, svg_dir;
    SchedulingOptions scheduling;
    WeightedCliOptions weighted;
    int pictograms = 24;
    bool json = false;
};

/// The search's options for a page: what the page needs after the search (per transfer,
/// and per link of the network it draws) is kept back from --time-limit.
SolveOptions page_options(SolveOptions so, const report::ReportTraffic& t) {
    so.seconds_after_search_per_transfer = kPageSecondsPerTransfer;
    so.seconds_after_search = kDrawingSecondsPerLink * (t.network ? t.network->link_count() : t.traffic->link_count());
    return so;
}

report::Page build(const CLI::App& cmd, const ReportOptions& o, const SolveOptions& so, std::optional<LoadedTraffic>& in) {
    report::ScheduleReportOptions ro;
    ro.pictograms = o.pictograms;
    ro.frame_svgs = !o.svg_dir.empty();
    auto traffic = [&]() -> report::ReportTraffic {
        if (!in) in = load_traffic(o.traffic);
        return {in->network ? &*in->network : nullptr, &in->traffic, in->source, traffic_link_rates(*in)};
    };
    if (!o.from.empty()) return report::report_from_results(o.from, traffic, ro);
    const report::ReportTraffic t = traffic();
    if (wants_weighted(cmd, *in)) {
        refuse_equal_size_options(cmd, "use --weighted-method, or drop it");
        const WeightedOptions wo = weighted_options(o.weighted, o.scheduling.time_limit_s, o.traffic.seed);
        return report::weighted_schedule_page(report::weighted_schedule_for_report(t.network, *t.traffic, t.source, t.rates, wo),
                                              ro);
    }
    return report::schedule_page(report::schedule_for_report(t.network, *t.traffic, t.source, page_options(so, t)), ro);
}

void run_report(const CLI::App& cmd, const ReportOptions& o) {
    if (o.out.empty()) throw InputError("-o", "no output file", "give -o report.html");
    const SolveOptions so = solve_options(o.scheduling, o.traffic.seed);  // the shared --seed of the traffic options
    if (o.pictograms < 1) throw InputError("--pictograms", "must be >= 1", "frames drawn when the page opens, e.g. 24");
    const CommandBudget budget(so);
    std::optional<LoadedTraffic> in;
    std::vector<std::string> inputs = o.from;
    for (std::string& file : traffic_input_files(o.traffic)) inputs.push_back(std::move(file));
    refuse_overwriting_input(o.out, inputs, "-o");
    const report::Page page = build(cmd, o, so, in);
    if (!o.svg_dir.empty()) report::prepare_svg_dir(page, o.svg_dir);
    report::write_html(page, o.out);
    std::vector<std::string> svgs;
    if (!o.svg_dir.empty()) svgs = report::write_svg_files(page, o.svg_dir);
    ResultView v;
    v.row("html", o.out,
          fmt::format("wrote {} ({}){}", o.out, page.subtitle,
                      svgs.empty() ? "" : fmt::format(" and {} SVG files in {}", svgs.size(), o.svg_dir)))
        .json_only("title", page.title)
        .json_only("svg_files", svgs)
        .json_only("data", report::data_summary(page));
    render(v, o.json);
}

const RegisterCommand reg_report{
    {"report", "an HTML page of a schedule (or of saved --json results): drawings, pictograms, charts", [](CLI::App& cmd) {
         auto o = std::make_shared<ReportOptions>();
         add_traffic_options(cmd, o->traffic);
         add_scheduling_options(cmd, o->scheduling, false);
         add_weighted_options(cmd, o->weighted);
         cmd.add_option("--from", o->from,
                        "--json result of schedule, simulate, simulate testbed, testbed t1, optical p2p-tables or optical sweep "
                        "(repeat for one page of several; a schedule needs the traffic options it was made with)");
         cmd.add_option("-o,--out", o->out, "the HTML file to write")->required()->check(non_empty());
         cmd.add_option("--svg-dir", o->svg_dir, "also write every figure as DIR/<figure>.svg (charts rendered with node)")
             ->check(non_empty());
         cmd.add_option("--pictograms", o->pictograms, "frame pictograms drawn when the page opens (the rest on demand)")
             ->capture_default_str();
         cmd.add_flag("--json", o->json, "print one JSON object (files written, page data)");
         cmd.callback([o, &cmd] { run_report(cmd, *o); });
     }}};

}  // namespace
}  // namespace liquid::app
