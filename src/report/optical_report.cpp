// The optical page (see optical_report.hpp).
#include "liquid/report/optical_report.hpp"

#include <fmt/format.h>

#include "liquid/base/json_text.hpp"
#include "liquid/optical/broadcast/sweep.hpp"

namespace liquid::report {
namespace {

using nlohmann::json;

/// A table cell from a number, a string or a [low, high] pair.
std::string cell(const json& v) {
    if (v.is_number()) return fmt::format("{:.4g}", v.get<double>());
    if (v.is_string()) return v.get<std::string>();
    if (v.is_array()) {
        std::string s;
        for (const json& x : v) s += (s.empty() ? "" : " / ") + cell(x);
        return s;
    }
    return v.is_null() ? "-" : json_text(v);
}

std::string at(const json& j, const char* a, const char* b) { return j.contains(a) && j[a].contains(b) ? cell(j[a][b]) : "-"; }

std::string tables_html(const json& j) {
    std::string html = fmt::format(
        "<p>Mean rounds to deliver a request, {} rounds per run, seed {}. Ours beside the thesis's printed values.</p>",
        j.value("rounds", 0), j.value("seed", 0));
    std::vector<std::vector<std::string>> rows;
    for (const json& r : j.value("table1", json::array()))
        rows.push_back({cell(r["dimension"]), cell(r["nodes"]), at(r, "thesis", "cycled"), at(r, "ours", "cycled"),
                        at(r, "thesis", "on_demand"), at(r, "ours", "on_demand"), at(r, "ours", "route_hops")});
    if (!rows.empty())
        html +=
            "<h3>Table 1: cube-connected cycles</h3>" + html_grid({"D", "nodes", "thesis cycled", "ours cycled 10/50/100 %",
                                                                   "thesis on-demand", "ours on-demand 10/100 %", "route hops"},
                                                                  rows);
    rows.clear();
    for (const json& r : j.value("table2", json::array()))
        rows.push_back({cell(r["dimension"]), cell(r["nodes"]), cell(r.value("w", json())), at(r, "thesis", "optimal_fixed"),
                        at(r, "ours", "optimal_fixed"), at(r, "thesis", "average_fixed"), at(r, "ours", "average_fixed"),
                        at(r, "thesis", "optimal_random"), at(r, "ours", "optimal_random"), at(r, "thesis", "average_random"),
                        at(r, "ours", "average_random")});
    if (!rows.empty())
        html += "<h3>Table 2: multi ring</h3>" + html_grid({"D", "N", "w", "thesis opt. fixed", "ours", "thesis avg. fixed",
                                                            "ours", "thesis opt. random", "ours", "thesis avg. random", "ours"},
                                                           rows);
    rows.clear();
    for (const json& r : j.value("table3", json::array()))
        rows.push_back({cell(r["dimension"]), at(r, "thesis", "ccc_cycled"), at(r, "ours", "ccc_cycled"),
                        at(r, "thesis", "ccc_on_demand"), at(r, "ours", "ccc_on_demand"), at(r, "thesis", "multi_ring"),
                        at(r, "ours", "multi_ring")});
    if (!rows.empty())
        html += "<h3>Table 3: CCC against multi ring</h3>" +
                html_grid({"D", "thesis CCC cycled", "ours", "thesis CCC on-demand", "ours", "thesis multi ring", "ours"}, rows);
    rows.clear();
    for (const json& r : j.value("dynamic", json::array()))
        rows.push_back({cell(r["nodes"]), cell(r["hotspot_p"]), cell(r.value("hotspot_move", json(0))), cell(r["variant"]),
                        cell(r["mean_rounds"]), cell(r["static_mean_rounds"]), cell(r["ratio"])});
    if (!rows.empty())
        html +=
            "<h3>Dynamic reconfiguration (§5.9)</h3>" +
            html_grid({"N", "hot-spot p", "hot spot moves every (rounds, 0 = fixed)", "variant", "dynamic", "static", "ratio"},
                      rows);
    return html;
}

json default_broadcast_sweep() {
    optical::SweepSpec spec;
    spec.kinds = {optical::SweepKind::Broadcast};
    spec.nodes = optical::powers_of_two(8, 1024);
    spec.base.multicast = 3;  // the defaults of `liquid optical sweep`
    spec.tcs = {100 * optical::kPicosecondsPerMicrosecond, 1000 * optical::kPicosecondsPerMicrosecond,
                10000 * optical::kPicosecondsPerMicrosecond};
    json rows = json::array();
    for (const auto& r : optical::run_sweep(spec)) rows.push_back(optical::to_json(r));
    return rows;
}

Figure broadcast_figure(const json& rows, const std::string& origin) {
    json values = json::array();
    for (const json& r : rows) {
        if (r.value("kind", std::string("broadcast")) != "broadcast") continue;
        values.push_back({{"nodes", r.value("nodes", 0)},
                          {"ms", r.value("completion_us", 0.0) / 1000},
                          {"algorithm", r.value("algorithm", std::string())},
                          {"Tc", fmt::format("Tc = {:g} ms", r.value("tc_us", 0.0) / 1000)}});
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
        page.sections.push_back(
            {"optical-tables", "Point-to-point traffic: thesis Tables 1-3", tables_html(tables->json), {}, ""});
    }
    Section curves{"optical-broadcast", "Broadcast time against N", "", {}, ""};
    if (sweep) curves.figures.push_back(broadcast_figure(member(sweep->json, "rows", sweep->path, ""), "from " + sweep->path));
    else
        curves.figures.push_back(broadcast_figure(default_broadcast_sweep(),
                                                  "computed for this report with the thesis's default parameters of <code>liquid "
                                                  "optical sweep</code> (S = 1000 B, Tb = 11 us/B, Tf = 1 us/B, M = 3)"));
    page.sections.push_back(std::move(curves));
    return page;
}

}  // namespace liquid::report
