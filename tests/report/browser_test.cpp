// The report pages in a real browser (headless Chromium driven by playwright-core):
// scripts/report-pages.sh makes the schedule, testbed and optical pages and
// tests/report/browser_check.js checks them (no console error, no network request, every
// chart rendered with marks, frame counts) and saves screenshots in
// <build>/report-browser/. Release pass only.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "support/run.hpp"
#include "support/sanitized.hpp"

namespace {

namespace fs = std::filesystem;

bool chromium_installed() {
    return std::system("command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1") == 0;
}

TEST(ReportBrowser, PagesOpenOfflineAndEveryFigureRenders) {
    if (liquid::test::sanitized_build()) GTEST_SKIP() << "browser test runs in the Release pass only";
    if (!chromium_installed())
        GTEST_SKIP() << "chromium is not installed (scripts/install-deps.sh installs it): browser checks skipped";
    const fs::path out = fs::path(LIQUID_BINARY).parent_path() / "report-browser";
    fs::remove_all(out);
    const std::string log = (out.parent_path() / "report-browser.log").string();
    const std::string cmd = "bash " + liquid::test::source_path("scripts/report-pages.sh") + " " + out.string() + " " +
                            LIQUID_BINARY + " >" + log + " 2>&1";
    const int rc = std::system(cmd.c_str());
    ASSERT_EQ(rc, 0) << liquid::test::slurp(log) << liquid::test::slurp((out / "browser.json").string());

    const auto result = nlohmann::json::parse(liquid::test::slurp((out / "browser.json").string()));
    ASSERT_EQ(result["pages"].size(), 6U);
    for (const auto& page : result["pages"]) {
        const std::string file = page["file"];
        EXPECT_TRUE(page["problems"].empty()) << file << ": " << page["problems"].dump();
        EXPECT_TRUE(page["console_errors"].empty()) << file;
        EXPECT_TRUE(page["requests"].empty()) << file;
        EXPECT_FALSE(page["charts"].empty()) << file;
        for (const auto& c : page["charts"])
            EXPECT_TRUE(c["svg_marks"].get<int>() > 0 || c["canvas_inked_pixels"].get<int>() > 0) << file;
        EXPECT_TRUE(fs::exists(fs::path(file).replace_extension(".png"))) << file;
    }
    // The InfiniBand and Swiss-T1 schedule pages show as many frames as their saved schedules have.
    int page = 0;
    for (const char* saved : {"schedule-ib.json", "schedule-t1.json"}) {
        const auto schedule = nlohmann::json::parse(liquid::test::slurp((out / saved).string()));
        const auto& shown = result["pages"][page++];
        EXPECT_EQ(shown["frames"].get<int>(), schedule["schedule"]["length"].get<int>()) << saved;
        EXPECT_EQ(shown["pictograms_all"].get<int>(), schedule["schedule"]["length"].get<int>()) << saved;
    }
    // The weighted page (fourth) shows every frame of its saved weighted schedule.
    const auto weighted = nlohmann::json::parse(liquid::test::slurp((out / "schedule-weighted.json").string()));
    const auto weighted_frames = static_cast<int>(weighted["schedule"]["frames"].size());
    EXPECT_EQ(result["pages"][3]["frames"].get<int>(), weighted_frames);
    EXPECT_EQ(result["pages"][3]["pictograms_all"].get<int>(), weighted_frames);
    // The shortcuts wrote their pages (testbed t1 --report, simulate testbed --report).
    for (const char* f : {"testbed-t1.html", "testbed-sim.html"}) EXPECT_GT(fs::file_size(out / f), 500000U) << f;
    // --svg-dir wrote the drawings and the rendered charts.
    for (const char* f : {"network.svg", "occupancy.svg", "load-histogram.svg", "frame-001.svg"})
        EXPECT_GT(fs::file_size(out / "svg-torus" / f), 200U) << f;
}

}  // namespace
