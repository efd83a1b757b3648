// Heat maps and load histogram of the schedule page (see schedule_charts.hpp).
#include "report/schedule_charts.hpp"

#include <algorithm>
#include <map>

namespace liquid::report {
namespace {

using nlohmann::json;

/// Used links, most loaded first (ties by name): the heat maps' shared row order.
std::vector<int> links_by_load(const Traffic& t, const std::vector<double>& load) {
    std::vector<int> links;
    for (int l = 0; l < t.link_count(); ++l)
        if (load[static_cast<std::size_t>(l)] > 0) links.push_back(l);
    std::stable_sort(links.begin(), links.end(),
                     [&](int a, int b) { return load[static_cast<std::size_t>(a)] > load[static_cast<std::size_t>(b)]; });
    return links;
}

/// Columns of `bin` consecutive frames each (bin = 1: one column per frame).
json frame_domain(int frames, int bin) {
    json d = json::array();
    for (int f = 1; f <= frames; f += bin) d.push_back(f);
    return d;
}

/// One heat map. Data rows are (schedule, link, kind, [frames]) and flattened here, so the
/// page carries a few bytes per busy cell. With bin > 1 a column covers `bin` frames and
/// the opacity is the share of them in which the link is busy.
json heat_map(const std::string& name, const json& link_domain, double frame_step, double link_step, bool labels, int frames,
              int bin) {
    json transform = json::array({{{"filter", {{"field", "s"}, {"equal", name}}}}, {{"flatten", {"f"}}}});
    json encoding = {{"x",
                      {{"field", "f"},
                       {"type", "ordinal"},
                       {"title", bin > 1 ? "time frame (" + std::to_string(bin) + " per column)" : "time frame"},
                       {"scale", {{"domain", frame_domain(frames, bin)}}},
                       {"axis", {{"labelOverlap", true}, {"labelAngle", 0}}}}},
                     {"y",
                      {{"field", "l"},
                       {"type", "ordinal"},
                       {"title", "link (most loaded first)"},
                       {"scale", {{"domain", link_domain}}},
                       {"axis", {{"labels", labels}, {"ticks", labels}}}}},
                     {"color",
                      {{"field", "k"},
                       {"type", "nominal"},
                       {"title", "busy link"},
                       {"scale", {{"domain", {"bottleneck", "other link"}}, {"range", {"#d62728", "#1f77b4"}}}}}},
                     {"tooltip", json::array({{{"field", "l"}, {"title", "link"}}, {{"field", "f"}, {"title", "frame"}}})}};
    if (bin > 1) {
        transform.push_back(
            {{"calculate", "floor((datum.f - 1) / " + std::to_string(bin) + ") * " + std::to_string(bin) + " + 1"}, {"as", "f"}});
        transform.push_back({{"aggregate", json::array({{{"op", "count"}, {"as", "n"}}})}, {"groupby", {"l", "f", "k"}}});
        encoding["opacity"] = {
            {"field", "n"}, {"type", "quantitative"}, {"title", "busy frames"}, {"scale", {{"domain", {0, bin}}}}};
    }
    return {{"title", name + ": " + std::to_string(frames) + " frames"},
            {"transform", transform},
            {"mark", {{"type", "rect"}}},
            {"width", {{"step", frame_step}}},
            {"height", {{"step", link_step}}},
            {"encoding", encoding}};
}

}  // namespace

json occupancy_heat_maps(const Traffic& t, const std::vector<double>& load, const std::vector<int>& bottlenecks,
                         const std::vector<NamedSchedule>& schedules) {
    const std::vector<int> links = links_by_load(t, load);
    std::vector<bool> bottleneck(static_cast<std::size_t>(t.link_count()));
    for (int l : bottlenecks) bottleneck[static_cast<std::size_t>(l)] = true;
    json domain = json::array();
    for (int l : links) domain.push_back(t.link_name(l));
    json values = json::array();
    int longest = 1;
    std::size_t cells = 0;
    for (const NamedSchedule& s : schedules) {
        longest = std::max(longest, s.schedule->length());
        std::vector<json> frames_of(static_cast<std::size_t>(t.link_count()), json::array());
        for (int f = 0; f < s.schedule->length(); ++f)
            for (int x : s.schedule->frames[static_cast<std::size_t>(f)])
                t[x].links.for_each([&](std::size_t l) { frames_of[l].push_back(f + 1); });
        for (int l : links) {
            cells += frames_of[static_cast<std::size_t>(l)].size();
            values.push_back({{"s", s.name},
                              {"l", t.link_name(l)},
                              {"k", bottleneck[static_cast<std::size_t>(l)] ? "bottleneck" : "other link"},
                              {"f", std::move(frames_of[static_cast<std::size_t>(l)])}});
        }
    }
    // Past ~200 columns a frame is under 3 px wide: group frames so the map stays readable.
    const int bin = std::max(1, (longest + 199) / 200);
    const int columns = (longest + bin - 1) / bin;
    const double frame_step = std::clamp(560.0 / columns, 2.0, 16.0);
    const double link_step = std::clamp(520.0 / std::max<std::size_t>(1, links.size()), 1.0, 12.0);
    json parts = json::array();
    for (const NamedSchedule& s : schedules)
        parts.push_back(heat_map(s.name, domain, frame_step, link_step, link_step >= 7, s.schedule->length(), bin));
    json spec = {{"data", {{"values", values}}},
                 {"hconcat", parts},
                 {"resolve", {{"scale", {{"x", "independent"}}}}},
                 {"config", {{"view", {{"stroke", "#cbd5e0"}}}}}};
    if (cells > 20000) spec["usermeta"] = {{"renderer", "canvas"}};  // SVG with that many nodes is slow
    return spec;
}

json load_histogram(const std::vector<int>& load, int duration) {
    std::map<int, int> count;
    for (int v : load)
        if (v > 0) ++count[v];
    json values = json::array();
    for (auto [v, n] : count) values.push_back({{"load", v}, {"links", n}, {"k", v == duration ? "bottleneck" : "other link"}});
    return {{"data", {{"values", values}}},
            {"mark", {{"type", "bar"}, {"tooltip", true}}},
            {"width", 420},
            {"height", 220},
            {"encoding",
             {{"x",
               {{"field", "load"},
                {"type", "ordinal"},
                {"title", "load λ(l): transfers using the link"},
                {"axis", {{"labelAngle", 0}, {"labelOverlap", true}}}}},
              {"y", {{"field", "links"}, {"type", "quantitative"}, {"title", "links"}}},
              {"color",
               {{"field", "k"},
                {"type", "nominal"},
                {"title", ""},
                {"scale", {{"domain", {"bottleneck", "other link"}}, {"range", {"#d62728", "#1f77b4"}}}}}}}}};
}

}  // namespace liquid::report
