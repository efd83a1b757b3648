// Report pages: self-contained HTML, the schedule page's frames (result recognition and
// reading: tests/results).
#include <gtest/gtest.h>

#include <fmt/core.h>

#include <regex>

#include "liquid/io/network_spec.hpp"
#include "liquid/report/page.hpp"
#include "liquid/report/schedule_report.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"

namespace {

using namespace liquid;
using namespace liquid::report;

Page two_switch_page(Method m) {
    static const Network net = make_network("two-switch");
    static const Traffic t = make_pattern(net, PatternSpec{});
    SolveOptions so;
    so.method = m;
    return schedule_page(schedule_for_report(&net, t, "all-to-all over two-switch", so));
}

TEST(SchedulePage, FramesOfTheScheduleAndOfRoundRobin) {
    const Page p = two_switch_page(Method::Liquid);
    const int length = p.data["schedule"]["length"].get<int>();
    EXPECT_EQ(length, p.data["schedule"]["duration"].get<int>());  // the two-switch example has a liquid schedule
    EXPECT_GE(p.data["schedule"]["round_robin_length"].get<int>(), length);
    EXPECT_EQ(p.data["pictograms"]["frames"].size(), static_cast<std::size_t>(length));
    const std::string html = render_html(p);
    EXPECT_NE(html.find("data-frames=\"" + std::to_string(length) + "\""), std::string::npos);
}

TEST(SchedulePage, SelfContained) {
    const std::string html = render_html(two_switch_page(Method::DSatur));
    // Nothing that could make the browser fetch: no src/href to a URL, no @import, no url(...).
    EXPECT_FALSE(std::regex_search(html, std::regex(R"((src|href)\s*=\s*["']?(https?:)?//)")));
    EXPECT_EQ(html.find("@import"), std::string::npos);
    EXPECT_EQ(html.find("<link"), std::string::npos);
    for (const char* lib : {"vega", "vega-lite", "vega-embed"})
        EXPECT_NE(html.find(std::string("data-library=\"") + lib + "\""), std::string::npos) << lib;
    EXPECT_GT(html.size(), 500000U);  // the libraries are inside
}

TEST(SchedulePage, FrameSvgsOnRequest) {
    static const Network net = make_network("torus:3x3");
    static const Traffic t = make_pattern(net, PatternSpec{});
    ScheduleReportOptions o;
    o.frame_svgs = true;
    const Page p = schedule_page(schedule_for_report(&net, t, "torus", SolveOptions{}), o);
    EXPECT_EQ(p.extra_svgs.size(), p.data["pictograms"]["frames"].size());
    EXPECT_EQ(p.extra_svgs.front().id, "frame-001");
}

TEST(SchedulePage, ABudgetThatExpiredIsNeverCalledOptimal) {
    // An optimal search whose budget expired hands over its best known schedule (here the
    // round-robin one): the method is named, but no line may read as a proof.
    static const Network net = make_network("torus:3x3");
    static const Traffic t = make_pattern(net, PatternSpec{});
    SolveOptions so;
    so.method = Method::RoundRobin;
    ScheduleReportInput in = schedule_for_report(&net, t, "torus", so);
    const bool liquid = in.schedule.length() == analyze(t).duration;
    in.summary = {"optimal", liquid, false, true, analyze(t).duration, 1.0, ""};
    const Page p = schedule_page(in);
    EXPECT_NE(
        p.subtitle.find(fmt::format("{} frames (method optimal; {})", in.schedule.length(), length_verdict(liquid, false, true))),
        std::string::npos)
        << p.subtitle;
    EXPECT_NE(p.subtitle.find("budget expired: best known"), std::string::npos) << p.subtitle;
    const std::string html = render_html(p);
    EXPECT_EQ(html.find("proven optimal"), std::string::npos);
    EXPECT_EQ(html.find("(optimal)"), std::string::npos);
    EXPECT_EQ(html.find("optimal schedule"), std::string::npos);
    EXPECT_NE(html.find("budget expired: best known"), std::string::npos);
}

}  // namespace
