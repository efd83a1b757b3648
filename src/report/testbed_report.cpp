// Testbed and simulation pages (see testbed_report.hpp).
#include "liquid/report/testbed_report.hpp"

#include <fmt/format.h>

#include "liquid/base/error.hpp"

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

/// One summary distribution (`key` of the run's summary, four buckets) beside the papers'.
json beside_papers(const json& summary, const std::string& file, const char* key, const char* const (&keys)[4],
                   const char* const (&labels)[4], const double (&papers)[4], json& order) {
    const json& share = member(summary, key, file, "/summary");
    json values = json::array();
    for (int i = 0; i < 4; ++i) {
        values.push_back({{"x", labels[i]},
                          {"source", "this run"},
                          {"share", number_at(share, keys[i], file, std::string("/summary/") + key)}});
        values.push_back({{"x", labels[i]}, {"source", "papers"}, {"share", papers[i]}});
        order.push_back(labels[i]);
    }
    return values;
}

Figure search_space_figure(const json& summary, const std::string& file) {
    static const char* const levels[] = {"naive", "blank", "idle", "skeleton"};
    static const char* const labels[] = {"naive", "+blank", "+idle", "+skeleton"};
    json order = json::array();
    const json values = beside_papers(summary, file, "search_space_share", levels, labels, kPaperSearchSpace, order);
    return {"search-space", "Search space: categories visited",
            fmt::format("Mean share of the naive enumeration's categories per optimisation level, over the {} representatives "
                        "enumerated to the end (papers: 23 traffics, report §6.3).",
                        summary.value("search_space_samples", 0)),
            grouped_bars(values, "optimisation", order, "categories (share of naive)"), ""};
}

Figure dsatur_figure(const json& summary, const std::string& file) {
    static const char* const keys[] = {"none", "below_10", "10_to_19", "20_and_more"};
    static const char* const labels[] = {"none", "< 10 %", "10-19 %", ">= 20 %"};
    json order = json::array();
    const json values = beside_papers(summary, file, "dsatur_loss_share", keys, labels, kPaperDsaturLoss, order);
    return {"dsatur-loss", "DSatur throughput loss",
            "Share of the testbed patterns by how much throughput the DSatur colouring loses against the best schedule "
            "(report §6.4).",
            grouped_bars(values, "throughput loss of DSatur", order, "patterns"), ""};
}

/// Liquid throughput of every representative against its node count (report Fig. 12/16);
/// the per-size range over all allocations when the run lists no representatives.
Figure throughput_figure(const json& j, const std::string& file) {
    json values = json::array();
    if (j.contains("representatives")) {
        for (const json& r : j["representatives"])
            values.push_back({{"nodes", r.value("nodes", 0)},
                              {"throughput", r.value("liquid_throughput", 0.0)},
                              {"allocation", r.value("allocation", std::string())},
                              {"schedule", !r.contains("liquid") ? "pattern"
                                           : r["liquid"] == true ? "liquid schedule found"
                                                                 : "no liquid schedule"}});
    } else {
        const json& sweep = member(j, "sweep", file, "");
        for (const json& r : member(sweep, "by_nodes", file, "/sweep")) {
            values.push_back(
                {{"nodes", r.value("nodes", 0)}, {"throughput", r.value("min_liquid_throughput", 0.0)}, {"schedule", "min"}});
            values.push_back(
                {{"nodes", r.value("nodes", 0)}, {"throughput", r.value("max_liquid_throughput", 0.0)}, {"schedule", "max"}});
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
Figure round_robin_frames_figure(const json& reps) {
    json values = json::array();
    for (const json& r : reps) {
        const double d = r.value("duration", 0), len = r.value("length", 0), rr = r.value("round_robin_length", 0);
        if (len <= 0 || rr <= 0) continue;
        values.push_back({{"nodes", r.value("nodes", 0)},
                          {"ratio", d / len},
                          {"schedule", "exact schedule"},
                          {"allocation", r.value("allocation", std::string())}});
        values.push_back({{"nodes", r.value("nodes", 0)},
                          {"ratio", d / rr},
                          {"schedule", "round-robin"},
                          {"allocation", r.value("allocation", std::string())}});
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

std::string testbed_summary_table(const json& j) {
    std::vector<std::pair<std::string, std::string>> rows;
    if (j.contains("network")) rows.push_back({"network", j["network"].get<std::string>()});
    const json& sw = j["sweep"];
    rows.push_back({"allocations swept", fmt::format("{}", sw.value("allocations", 0))});
    rows.push_back({"distinct liquid throughputs",
                    fmt::format("{} ({} with >= 2 switches; papers: 362)", sw.value("distinct_liquid_throughputs", 0),
                                sw.value("distinct_multi_switch", 0))});
    if (j.contains("summary")) {
        const json& s = j["summary"];
        rows.push_back({"representatives scheduled", fmt::format("{}: {} liquid, {} proven without liquid schedule, {} timed out",
                                                                 s.value("representatives", 0), s.value("liquid", 0),
                                                                 s.value("no_liquid_proven", 0), s.value("timed_out", 0))});
        rows.push_back({"verified schedules", fmt::format("{}", s.value("verified", 0))});
        rows.push_back(
            {"mean skeleton share", fmt::format("{:.1f} % (papers: 31.5 %)", 100 * s.value("mean_skeleton_share", 0.0))});
        rows.push_back(
            {"round-robin mean loss", fmt::format("{:.1f} % (frame counts)", 100 * s.value("mean_round_robin_loss", 0.0))});
        rows.push_back({"wall time", fmt::format("{:.1f} s on {} threads", s.value("wall_seconds", 0.0), s.value("threads", 0))});
    }
    return html_table(rows);
}

}  // namespace

Page testbed_page(const ResultFile& f) {
    const json& j = f.json;
    member(j, "sweep", f.path, "");
    Page page;
    page.title = "liquid testbed report";
    page.subtitle = "Swiss-T1 testbed experiment from " + f.path;
    Section s{"testbed", "Swiss-T1 testbed", testbed_summary_table(j), {}, ""};
    s.figures.push_back(throughput_figure(j, f.path));
    if (j.contains("summary")) {
        const json& summary = j["summary"];
        if (summary.value("max_categories", 0) > 0) s.figures.push_back(search_space_figure(summary, f.path));
        s.figures.push_back(dsatur_figure(summary, f.path));
        if (j.contains("representatives")) s.figures.push_back(round_robin_frames_figure(j["representatives"]));
    }
    page.sections.push_back(std::move(s));
    page.data["testbed"] = {{"representatives", j.contains("representatives") ? j["representatives"].size() : 0}};
    return page;
}

Page testbed_simulation_page(const ResultFile& f) {
    const json& j = f.json;
    const json& rows = member(j, "rows", f.path, "");
    json values = json::array();
    int index = 0;
    for (const json& r : rows) {
        ++index;
        const std::string alloc = r.value("allocation", std::string());
        values.push_back({{"pattern", index},
                          {"allocation", alloc},
                          {"series", "liquid throughput (bound)"},
                          {"MBps", r.value("liquid_MBps", 0.0)}});
        values.push_back({{"pattern", index},
                          {"allocation", alloc},
                          {"series", "liquid schedule (simulated)"},
                          {"MBps", r.value("liquid_schedule_MBps", 0.0)}});
        values.push_back({{"pattern", index},
                          {"allocation", alloc},
                          {"series", "round-robin (simulated)"},
                          {"MBps", r.value("round_robin_MBps", 0.0)}});
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
    if (j.contains("ratio"))
        for (const auto& [name, r] : j["ratio"].items())
            ratio_rows.push_back({name, fmt::format("{:.3f}", r.value("min", 0.0)), fmt::format("{:.3f}", r.value("median", 0.0)),
                                  fmt::format("{:.3f}", r.value("max", 0.0)), fmt::format("{}", r.value("below_0.98", 0))});
    Section s{"simulation",
              "Simulated round-robin vs liquid throughput",
              fmt::format("<p>{} patterns; round-robin: {:g} MB messages from per-sender queues without synchronisation; "
                          "liquid schedules: {:g} MB messages, frames separated by barriers (report §8.2).</p>",
                          rows.size(), j.value("unaware_size_bytes", 0.0) / 1e6, j.value("scheduled_size_bytes", 0.0) / 1e6) +
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
    const json& j = f.json;
    json values = json::array();
    for (const json& l : member(j, "links", f.path, ""))
        values.push_back({{"link", l.value("link", std::string())}, {"utilisation", l.value("utilisation", 0.0)}});
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
    page.subtitle = j.value("source", std::string()) + " from " + f.path;
    Section s{"simulation",
              "Simulated execution",
              html_table({{"traffic", j.value("source", std::string())},
                          {"execution", j.value("method", std::string()) + " (" + j.value("executor", std::string()) + ")"},
                          {"makespan", fmt::format("{:.6g} s", number_at(j, "makespan_s", f.path, ""))},
                          {"throughput", fmt::format("{:.4g} MB/s", j.value("throughput_bytes_per_s", 0.0) / 1e6)},
                          {"liquid throughput", fmt::format("{:.4g} MB/s", j.value("liquid_throughput_bytes_per_s", 0.0) / 1e6)},
                          {"ratio to liquid", fmt::format("{:.4f}", j.value("ratio", 0.0))}}),
              {},
              ""};
    s.figures.push_back(
        {"link-utilisation", "Link utilisation", "Carrying time / makespan of every used link, highest first.", spec, ""});
    page.sections.push_back(std::move(s));
    return page;
}

}  // namespace liquid::report
