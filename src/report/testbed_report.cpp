// Testbed and simulation pages (see testbed_report.hpp).
#include "liquid/report/testbed_report.hpp"

#include <fmt/format.h>

#include "liquid/results/simulation_result.hpp"
#include "liquid/results/t1_result.hpp"
#include "liquid/results/testbed_simulation_result.hpp"

namespace liquid::report {
namespace {

using nlohmann::json;

/// The papers' published values, shown beside ours (report §6.3 and §6.4).
constexpr double kPaperSearchSpace[] = {1.0, 0.28, 0.20, 0.106};
constexpr double kPaperDsaturLoss[] = {0.74, 0.18, 0.08, 0.0};

json grouped_bars(const json& values, const std::string& x_title, const json& x_order, const std::string& y_title) {
    return {{"data", {{"values", values}}},
            {"mark", {{"type", "bar"}, {"tooltip", true}}},
            {"width", {{"step", 26}}},
            {"height", 240},
            {"encoding",
             {{"x", {{"field", "x"}, {"type", "nominal"}, {"title", x_title}, {"sort", x_order}, {"axis", {{"labelAngle", 0}}}}},
              {"xOffset", {{"field", "source"}, {"type", "nominal"}}},
              {"y", {{"field", "share"}, {"type", "quantitative"}, {"title", y_title}, {"axis", {{"format", "%"}}}}},
              {"color",
               {{"field", "source"},
                {"type", "nominal"},
                {"title", ""},
                {"scale", {{"domain", {"this run", "papers"}}, {"range", {"#1f77b4", "#a0aec0"}}}}}}}}};
}

/// One summary distribution (four buckets) beside the papers'.
json beside_papers(const std::array<double, 4>& ours, const char* const (&labels)[4], const double (&papers)[4], json& order) {
    json values = json::array();
    for (std::size_t i = 0; i < 4; ++i) {
        values.push_back({{"x", labels[i]}, {"source", "this run"}, {"share", ours[i]}});
        values.push_back({{"x", labels[i]}, {"source", "papers"}, {"share", papers[i]}});
        order.push_back(labels[i]);
    }
    return values;
}

Figure search_space_figure(const results::T1SummaryFigures& summary) {
    static const char* const labels[] = {"naive", "+blank", "+idle", "+skeleton"};
    json order = json::array();
    const json values = beside_papers(*summary.search_space_share, labels, kPaperSearchSpace, order);
    return {"search-space", "Search space: categories visited",
            fmt::format("Mean share of the naive enumeration's categories per optimisation level, over the {} representatives "
                        "enumerated to the end (papers: 23 traffics, report §6.3).",
                        summary.search_space_samples),
            grouped_bars(values, "optimisation", order, "categories (share of naive)"), ""};
}

Figure dsatur_figure(const results::T1SummaryFigures& summary) {
    static const char* const labels[] = {"none", "< 10 %", "10-19 %", ">= 20 %"};
    json order = json::array();
    const json values = beside_papers(summary.dsatur_loss_share, labels, kPaperDsaturLoss, order);
    return {"dsatur-loss", "DSatur throughput loss",
            "Share of the testbed patterns by how much throughput the DSatur colouring loses against the best schedule "
            "(report §6.4).",
            grouped_bars(values, "throughput loss of DSatur", order, "patterns"), ""};
}

/// Liquid throughput of every representative against its node count (report Fig. 12/16);
/// the per-size range over all allocations when the run lists no representatives.
Figure throughput_figure(const results::T1Figures& t) {
    json values = json::array();
    if (t.representatives) {
        for (const results::T1Pattern& r : *t.representatives)
            values.push_back({{"nodes", r.nodes},
                              {"throughput", r.liquid_throughput},
                              {"allocation", r.allocation},
                              {"schedule", !r.liquid   ? "pattern"
                                           : *r.liquid ? "liquid schedule found"
                                                       : "no liquid schedule"}});
    } else {
        for (const results::T1NodesRange& r : t.sweep.by_nodes) {
            values.push_back({{"nodes", r.nodes}, {"throughput", r.min_liquid_throughput}, {"schedule", "min"}});
            values.push_back({{"nodes", r.nodes}, {"throughput", r.max_liquid_throughput}, {"schedule", "max"}});
        }
    }
    json spec = {
        {"data", {{"values", values}}},
        {"mark", {{"type", "point"}, {"filled", true}, {"opacity", 0.7}, {"tooltip", true}}},
        {"width", 520},
        {"height", 300},
        {"encoding",
         {{"x", {{"field", "nodes"}, {"type", "quantitative"}, {"title", "number of nodes"}}},
          {"y", {{"field", "throughput"}, {"type", "quantitative"}, {"title", "liquid throughput (transfers per frame)"}}},
          {"color", {{"field", "schedule"}, {"type", "nominal"}, {"title", ""}}}}}};
    return {"liquid-throughput", "Liquid throughput per pattern",
            "One point per distinct testbed pattern (representative allocation): n²/Λ transfers per time frame against the "
            "number of nodes (report Fig. 12/16).",
            spec, ""};
}

/// Round-robin against the exact schedule, as throughput relative to liquid (frame counts).
Figure round_robin_frames_figure(const std::vector<results::T1Pattern>& reps) {
    json values = json::array();
    for (const results::T1Pattern& r : reps) {
        const double d = r.duration, len = r.length.value_or(0), rr = r.round_robin_length.value_or(0);
        if (len <= 0 || rr <= 0) continue;
        values.push_back({{"nodes", r.nodes}, {"ratio", d / len}, {"schedule", "exact schedule"}, {"allocation", r.allocation}});
        values.push_back({{"nodes", r.nodes}, {"ratio", d / rr}, {"schedule", "round-robin"}, {"allocation", r.allocation}});
    }
    json spec = {{"data", {{"values", values}}},
                 {"mark", {{"type", "point"}, {"filled", true}, {"opacity", 0.7}, {"tooltip", true}}},
                 {"width", 520},
                 {"height", 260},
                 {"encoding",
                  {{"x", {{"field", "nodes"}, {"type", "quantitative"}, {"title", "number of nodes"}}},
                   {"y",
                    {{"field", "ratio"},
                     {"type", "quantitative"},
                     {"title", "throughput / liquid throughput"},
                     {"axis", {{"format", "%"}}}}},
                   {"color",
                    {{"field", "schedule"},
                     {"type", "nominal"},
                     {"title", ""},
                     {"scale", {{"domain", {"exact schedule", "round-robin"}}, {"range", {"#2f855a", "#dd6b20"}}}}}}}}};
    return {"round-robin-frames", "Round-robin schedule against the exact schedule (frame counts)",
            "Throughput of each schedule relative to the liquid throughput, Λ / length; the simulator's measured "
            "version is <code>liquid simulate testbed</code> (give its --json to <code>liquid report --from</code> as well).",
            spec, ""};
}

std::string testbed_summary_table(const results::T1Figures& t) {
    std::vector<std::pair<std::string, std::string>> rows;
    if (t.network) rows.push_back({"network", *t.network});
    rows.push_back({"allocations swept", fmt::format("{}", t.sweep.allocations)});
    rows.push_back(
        {"distinct liquid throughputs", fmt::format("{} ({} with >= 2 switches; papers: 362)",
                                                    t.sweep.distinct_liquid_throughputs, t.sweep.distinct_multi_switch)});
    if (t.summary) {
        const results::T1SummaryFigures& s = *t.summary;
        rows.push_back({"representatives scheduled", fmt::format("{}: {} liquid, {} proven without liquid schedule, {} timed out",
                                                                 s.representatives, s.liquid, s.no_liquid_proven, s.timed_out)});
        rows.push_back({"verified schedules", fmt::format("{}", s.verified)});
        rows.push_back({"mean skeleton share", fmt::format("{:.1f} % (papers: 31.5 %)", 100 * s.mean_skeleton_share)});
        rows.push_back({"round-robin mean loss", fmt::format("{:.1f} % (frame counts)", 100 * s.mean_round_robin_loss)});
        rows.push_back({"wall time", fmt::format("{:.1f} s on {} threads", s.wall_seconds, s.threads)});
    }
    return html_table(rows);
}

}  // namespace

Page testbed_page(const ResultFile& f) {
    const results::T1Figures t = results::read_t1(f.json, f.path);
    Page page;
    page.title = "liquid testbed report";
    page.subtitle = "Swiss-T1 testbed experiment from " + f.path;
    Section s{"testbed", "Swiss-T1 testbed", testbed_summary_table(t), {}, ""};
    s.figures.push_back(throughput_figure(t));
    if (t.summary) {
        if (t.summary->search_space_share) s.figures.push_back(search_space_figure(*t.summary));
        s.figures.push_back(dsatur_figure(*t.summary));
        if (t.representatives) s.figures.push_back(round_robin_frames_figure(*t.representatives));
    }
    page.sections.push_back(std::move(s));
    page.data["testbed"] = {{"representatives", t.representatives ? t.representatives->size() : 0}};
    return page;
}

Page testbed_simulation_page(const ResultFile& f) {
    const results::TestbedSimulationSummary sim = results::read_testbed_simulation(f.json, f.path);
    json values = json::array();
    int index = 0;
    for (const results::PatternThroughput& r : sim.rows) {
        ++index;
        values.push_back(
            {{"pattern", index}, {"allocation", r.allocation}, {"series", "liquid throughput (bound)"}, {"MBps", r.liquid_MBps}});
        values.push_back({{"pattern", index},
                          {"allocation", r.allocation},
                          {"series", "liquid schedule (simulated)"},
                          {"MBps", r.liquid_schedule_MBps}});
        values.push_back({{"pattern", index},
                          {"allocation", r.allocation},
                          {"series", "round-robin (simulated)"},
                          {"MBps", r.round_robin_MBps}});
    }
    json spec = {
        {"data", {{"values", values}}},
        {"mark", {{"type", "line"}, {"point", {{"size", 14}}}, {"strokeWidth", 1.2}, {"tooltip", true}}},
        {"width", 720},
        {"height", 300},
        {"encoding",
         {{"x",
           {{"field", "pattern"}, {"type", "quantitative"}, {"title", "testbed pattern (by nodes, then liquid throughput)"}}},
          {"y", {{"field", "MBps"}, {"type", "quantitative"}, {"title", "aggregate throughput (MB/s)"}}},
          {"color",
           {{"field", "series"},
            {"type", "nominal"},
            {"title", ""},
            {"scale",
             {{"domain", {"liquid throughput (bound)", "liquid schedule (simulated)", "round-robin (simulated)"}},
              {"range", {"#718096", "#2f855a", "#dd6b20"}}}}}}}}};
    Page page;
    page.title = "liquid testbed simulation report";
    page.subtitle = "wormhole simulation of the Swiss-T1 patterns from " + f.path;
    std::vector<std::vector<std::string>> ratio_rows;
    for (const auto& [name, r] : sim.ratios)
        ratio_rows.push_back({name, fmt::format("{:.3f}", r.min), fmt::format("{:.3f}", r.median), fmt::format("{:.3f}", r.max),
                              fmt::format("{}", r.below_98)});
    Section s{"simulation",
              "Simulated round-robin vs liquid throughput",
              fmt::format("<p>{} patterns; round-robin: {:g} MB messages from per-sender queues without synchronisation; "
                          "liquid schedules: {:g} MB messages, frames separated by barriers (report §8.2).</p>",
                          sim.rows.size(), sim.unaware_size_bytes / 1e6, sim.scheduled_size_bytes / 1e6) +
                  html_grid({"execution", "min ratio", "median ratio", "max ratio", "patterns below 0.98"}, ratio_rows),
              {},
              ""};
    s.figures.push_back({"simulated-throughput", "Round-robin vs liquid schedule, simulated",
                         "Aggregate throughput per pattern: the liquid throughput (n²/Λ × link rate), the simulated liquid "
                         "schedule and the simulated round-robin order (report Fig. 17-18).",
                         spec, ""});
    page.sections.push_back(std::move(s));
    return page;
}

Page simulation_page(const ResultFile& f) {
    const results::SimulationSummary sim = results::read_simulation(f.json, f.path);
    json values = json::array();
    for (const results::LinkUse& l : sim.links) values.push_back({{"link", l.link}, {"utilisation", l.utilisation}});
    json spec = {
        {"data", {{"values", values}}},
        {"mark", {{"type", "bar"}, {"tooltip", true}}},
        {"width", {{"step", values.size() > 80 ? 4 : 12}}},
        {"height", 240},
        {"encoding",
         {{"x",
           {{"field", "link"},
            {"type", "nominal"},
            {"sort", "-y"},
            {"title", "link"},
            {"axis", {{"labels", values.size() <= 80}}}}},
          {"y", {{"field", "utilisation"}, {"type", "quantitative"}, {"title", "utilisation"}, {"axis", {{"format", "%"}}}}}}}};
    Page page;
    page.title = "liquid simulation report";
    page.subtitle = sim.source + " from " + f.path;
    Section s{"simulation",
              "Simulated execution",
              html_table({{"traffic", sim.source},
                          {"execution", sim.method + " (" + sim.executor + ")"},
                          {"makespan", fmt::format("{:.6g} s", sim.makespan_s)},
                          {"throughput", fmt::format("{:.4g} MB/s", sim.throughput_bytes_per_s / 1e6)},
                          {"liquid throughput", fmt::format("{:.4g} MB/s", sim.liquid_throughput_bytes_per_s / 1e6)},
                          {"ratio to liquid", fmt::format("{:.4f}", sim.ratio)}}),
              {},
              ""};
    s.figures.push_back(
        {"link-utilisation", "Link utilisation", "Carrying time / makespan of every used link, highest first.", spec, ""});
    page.sections.push_back(std::move(s));
    return page;
}

}  // namespace liquid::report
