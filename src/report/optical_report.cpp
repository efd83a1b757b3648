// The optical page (see optical_report.hpp).
#include "liquid/report/optical_report.hpp"

#include <fmt/format.h>

#include "liquid/optical/broadcast/sweep.hpp"
#include "liquid/results/optical_p2p_result.hpp"
#include "liquid/results/optical_sweep_result.hpp"

namespace liquid::report {
namespace {

using nlohmann::json;

/// A table cell: a number, "-" where nothing was measured, several values joined by " / ".
std::string cell(const results::CellValues& values) {
    std::string s;
    for (const std::optional<double>& v : values) s += (s.empty() ? "" : " / ") + (v ? fmt::format("{:.4g}", *v) : "-");
    return s;
}

std::string tables_html(const results::ThesisTablesFigures& t) {
    std::string html = fmt::format(
        "<p>Mean rounds to deliver a request, {} rounds per run, seed {}. Ours beside the thesis's printed values.</p>", t.rounds,
        t.seed);
    std::vector<std::vector<std::string>> rows;
    for (const results::CccTableRow& r : t.table1)
        rows.push_back({cell(r.dimension), cell(r.nodes), cell(r.thesis_cycled), cell(r.ours_cycled), cell(r.thesis_on_demand),
                        cell(r.ours_on_demand), cell(r.route_hops)});
    if (!rows.empty())
        html +=
            "<h3>Table 1: cube-connected cycles</h3>" + html_grid({"D", "nodes", "thesis cycled", "ours cycled 10/50/100 %",
                                                                   "thesis on-demand", "ours on-demand 10/100 %", "route hops"},
                                                                  rows);
    rows.clear();
    for (const results::RingTableRow& r : t.table2)
        rows.push_back({cell(r.dimension), cell(r.nodes), cell(r.w), cell(r.thesis_optimal_fixed), cell(r.ours_optimal_fixed),
                        cell(r.thesis_average_fixed), cell(r.ours_average_fixed), cell(r.thesis_optimal_random),
                        cell(r.ours_optimal_random), cell(r.thesis_average_random), cell(r.ours_average_random)});
    if (!rows.empty())
        html += "<h3>Table 2: multi ring</h3>" + html_grid({"D", "N", "w", "thesis opt. fixed", "ours", "thesis avg. fixed",
                                                            "ours", "thesis opt. random", "ours", "thesis avg. random", "ours"},
                                                           rows);
    rows.clear();
    for (const results::CccRingTableRow& r : t.table3)
        rows.push_back({cell(r.dimension), cell(r.thesis_ccc_cycled), cell(r.ours_ccc_cycled), cell(r.thesis_ccc_on_demand),
                        cell(r.ours_ccc_on_demand), cell(r.thesis_multi_ring), cell(r.ours_multi_ring)});
    if (!rows.empty())
        html += "<h3>Table 3: CCC against multi ring</h3>" +
                html_grid({"D", "thesis CCC cycled", "ours", "thesis CCC on-demand", "ours", "thesis multi ring", "ours"}, rows);
    rows.clear();
    for (const results::DynamicTableRow& r : t.dynamic)
        rows.push_back({cell(r.nodes), cell(r.hotspot_p), cell(r.hotspot_move), r.variant, cell(r.mean_rounds),
                        cell(r.static_mean_rounds), cell(r.ratio)});
    if (!rows.empty())
        html +=
            "<h3>Dynamic reconfiguration (§5.9)</h3>" +
            html_grid({"N", "hot-spot p", "hot spot moves every (rounds, 0 = fixed)", "variant", "dynamic", "static", "ratio"},
                      rows);
    return html;
}

std::vector<results::SweepPoint> default_broadcast_sweep() {
    optical::SweepSpec spec;
    spec.kinds = {optical::SweepKind::Broadcast};
    spec.nodes = optical::powers_of_two(8, 1024);
    spec.base.multicast = 3;  // the defaults of `liquid optical sweep`
    spec.tcs = {100 * optical::kPicosecondsPerMicrosecond, 1000 * optical::kPicosecondsPerMicrosecond,
                10000 * optical::kPicosecondsPerMicrosecond};
    return results::sweep_points(optical::run_sweep(spec));
}

Figure broadcast_figure(const std::vector<results::SweepPoint>& points, const std::string& origin) {
    json values = json::array();
    for (const results::SweepPoint& p : points) {
        if (p.kind != "broadcast") continue;
        values.push_back({{"nodes", p.nodes},
                          {"ms", p.completion_us / 1000},
                          {"algorithm", p.algorithm},
                          {"Tc", fmt::format("Tc = {:g} ms", p.tc_us / 1000)}});
    }
    json spec = {
        {"data", {{"values", values}}},
        {"mark", {{"type", "line"}, {"point", true}, {"tooltip", true}}},
        {"width", 230},
        {"height", 230},
        {"encoding",
         {{"x",
           {{"field", "nodes"}, {"type", "quantitative"}, {"title", "N (nodes)"}, {"scale", {{"type", "log"}, {"base", 2}}}}},
          {"y", {{"field", "ms"}, {"type", "quantitative"}, {"title", "broadcast time (ms)"}, {"scale", {{"type", "log"}}}}},
          {"color", {{"field", "algorithm"}, {"type", "nominal"}, {"title", "algorithm"}}},
          {"column", {{"field", "Tc"}, {"type", "ordinal"}, {"title", ""}}}}}};
    return {"broadcast-time", "Broadcast time against N",
            "Completion time of each broadcast algorithm on the discrete-event executor (thesis ch. 4), " + origin + ".", spec,
            ""};
}

}  // namespace

Page optical_page(const ResultFile* tables, const ResultFile* sweep) {
    Page page;
    page.title = "liquid optical report";
    page.subtitle = "optical cross-connect switch";
    if (tables) {
        page.subtitle += " — tables from " + tables->path;
        page.sections.push_back({"optical-tables",
                                 "Point-to-point traffic: thesis Tables 1-3",
                                 tables_html(results::read_thesis_tables(tables->json, tables->path)),
                                 {},
                                 ""});
    }
    Section curves{"optical-broadcast", "Broadcast time against N", "", {}, ""};
    if (sweep)
        curves.figures.push_back(broadcast_figure(results::read_sweep_points(sweep->json, sweep->path), "from " + sweep->path));
    else
        curves.figures.push_back(broadcast_figure(default_broadcast_sweep(),
                                                  "computed for this report with the thesis's default parameters of <code>liquid "
                                                  "optical sweep</code> (S = 1000 B, Tb = 11 us/B, Tf = 1 us/B, M = 3)"));
    page.sections.push_back(std::move(curves));
    return page;
}

}  // namespace liquid::report
