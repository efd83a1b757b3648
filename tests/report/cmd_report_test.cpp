// `liquid report` as a user runs it: the page is written, bad input exits with 2 and says
// which file and JSON path is wrong.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "support/run.hpp"
#include "support/sanitized.hpp"

namespace {

using liquid::test::run_liquid;
using liquid::test::slurp;
using liquid::test::temp_file;

std::string out_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("liquid-report-test-" + std::to_string(::getpid()) + "-" + name)).string();
}

TEST(ReportCommand, SchedulesAndWritesOnePage) {
    const std::string html = out_path("two-switch.html");
    const auto r = run_liquid("report --method dsatur --json -o " + html);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    const int length = j["data"]["schedule"]["length"].get<int>();
    EXPECT_GE(length, j["data"]["schedule"]["duration"].get<int>());
    const std::string page = slurp(html);
    EXPECT_NE(page.find("data-frames=\"" + std::to_string(length) + "\""), std::string::npos);
    std::filesystem::remove(html);
}

TEST(ReportCommand, AWeightedTrafficGetsTheWeightedPageMadeNowOrSaved) {
    // Once a demand matrix was drawn as an equal-size schedule and its saved weighted
    // schedule was refused as a malformed one.
    const std::string demand =
        "--network crossbar:6 --demand " + liquid::test::source_path("examples/skewed-demand-6.csv") + " --frame-overhead 1e-5";
    const std::string now = out_path("weighted-now.html"), later = out_path("weighted-saved.html");
    const auto r = run_liquid("report " + demand + " --json -o " + now);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto page = nlohmann::json::parse(r.out)["data"]["weighted_schedule"];
    EXPECT_GE(page["time_s"].get<double>(), page["bound_s"].get<double>());
    const auto s = run_liquid("schedule " + demand + " --json");
    ASSERT_EQ(s.exit_code, 0) << s.err;
    const auto schedule = nlohmann::json::parse(s.out);
    const auto saved = run_liquid("report " + demand + " --from " + temp_file(s.out, ".json") + " --json -o " + later);
    ASSERT_EQ(saved.exit_code, 0) << saved.err;
    const auto read = nlohmann::json::parse(saved.out)["data"]["weighted_schedule"];
    EXPECT_NEAR(read["time_s"].get<double>(), schedule["time_s"].get<double>(), 1e-9 * schedule["time_s"].get<double>());
    EXPECT_EQ(read["frames"].get<std::size_t>(), schedule["schedule"]["frames"].size());
    EXPECT_NE(slurp(later).find("bound T*"), std::string::npos);
    EXPECT_EQ(run_liquid("report " + demand + " --method dsatur -o " + now).exit_code, 2);
    std::filesystem::remove(now);
    std::filesystem::remove(later);
}

TEST(ReportCommand, FromASavedSchedule) {
    const auto s = run_liquid("schedule --network torus:3x3 --json");
    ASSERT_EQ(s.exit_code, 0) << s.err;
    const std::string saved = temp_file(s.out, ".json"), html = out_path("torus.html");
    const int length = nlohmann::json::parse(s.out)["schedule"]["length"].get<int>();
    const auto r = run_liquid("report --network torus:3x3 --from " + saved + " -o " + html);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(slurp(html).find("data-frames=\"" + std::to_string(length) + "\""), std::string::npos);
    // The same schedule against another traffic: its transfer names do not resolve.
    const auto wrong = run_liquid("report --network torus:4x4 --from " + saved + " -o " + html);
    EXPECT_EQ(wrong.exit_code, 2);
    EXPECT_NE(wrong.err.find(saved), std::string::npos) << wrong.err;
    std::filesystem::remove(html);
}

TEST(ReportCommand, BadInputExitsWith2) {
    const std::string html = out_path("bad.html");
    const auto unknown = run_liquid("report --from " + temp_file("{\"hello\": 1}", ".json") + " -o " + html);
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.err.find(": /: not a result"), std::string::npos) << unknown.err;
    const auto broken = run_liquid("report --from " + temp_file("{\n\"a\": [1,\n", ".json") + " -o " + html);
    EXPECT_EQ(broken.exit_code, 2);
    EXPECT_NE(broken.err.find("invalid JSON"), std::string::npos) << broken.err;
    const auto missing =
        run_liquid("report --from " + temp_file("{\"sweep\": {\"by_nodes\": []}, \"summary\": {}}", ".json") + " -o " + html);
    EXPECT_EQ(missing.exit_code, 2);
    // The first member the page needs that the file lacks, by its object's JSON path.
    EXPECT_NE(missing.err.find(": /sweep: missing member \"allocations\""), std::string::npos) << missing.err;
    EXPECT_EQ(run_liquid("report --from /nonexistent.json -o " + html).exit_code, 2);
    EXPECT_EQ(run_liquid("report").exit_code, 2);  // no -o
    EXPECT_EQ(run_liquid("report --pictograms 0 -o " + html).exit_code, 2);
    EXPECT_EQ(run_liquid("report -o /proc/cannot/write.html").exit_code, 2);
    std::filesystem::remove(html);
}

TEST(ReportCommand, TestbedShortcutWritesThePage) {
    if (liquid::test::sanitized_build()) GTEST_SKIP() << "the testbed sweep end to end runs in the Release pass only";
    const std::string html = out_path("testbed.html"), dir = out_path("t1");
    const auto r = run_liquid("testbed t1 --sweep-only --threads 2 --out " + dir + " --report " + html);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string page = slurp(html);
    EXPECT_NE(page.find("data-figure=\"liquid-throughput\""), std::string::npos);
    EXPECT_EQ(run_liquid("testbed t1 --sweep-only --out " + dir + " --report /proc/cannot/write.html").exit_code, 2);
    EXPECT_EQ(run_liquid("simulate testbed --limit 1 --out " + dir + " --report /proc/cannot/write.html").exit_code, 2);
    std::filesystem::remove(html);
    std::filesystem::remove_all(dir);
}

}  // namespace
