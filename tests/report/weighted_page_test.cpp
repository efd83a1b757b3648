// The weighted schedule page, made now and from a saved `liquid schedule --json` result.
#include <gtest/gtest.h>

#include <fstream>

#include "liquid/base/error.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/report/weighted_schedule_report.hpp"
#include "liquid/results/schedule_result.hpp"
#include "liquid/traffic/byte_load.hpp"
#include "liquid/traffic/demand_matrix.hpp"

namespace {

using namespace liquid;
using namespace liquid::report;

struct Skewed {
    Network net = make_network("crossbar:5");
    Traffic traffic;
    std::vector<double> rates;
    Skewed() {
        std::vector<int> hosts;
        for (int n = 0; n < net.node_count(); ++n)
            if (net.is_host(n)) hosts.push_back(n);
        std::vector<std::vector<std::int64_t>> bytes(hosts.size(), std::vector<std::int64_t>(hosts.size(), 0));
        for (std::size_t i = 0; i < hosts.size(); ++i)
            for (std::size_t j = 0; j < hosts.size(); ++j)
                if (i != j) bytes[i][j] = static_cast<std::int64_t>(1000 * (1 + (i * 7 + j * 3) % 11) * (j == 0 ? 9 : 1));
        traffic = traffic_from_bytes(net, hosts, bytes);
        rates = link_rates(net);
    }
};

WeightedOptions overhead(double s) {
    WeightedOptions o;
    o.frame_overhead_s = s;
    return o;
}

TEST(WeightedSchedulePage, SaysTheTimeTheBoundAndDrawsEveryFrame) {
    const Skewed w;
    const WeightedScheduleReportInput in = weighted_schedule_for_report(&w.net, w.traffic, "skewed", w.rates, overhead(1e-5));
    const Page p = weighted_schedule_page(in);
    const nlohmann::json& d = p.data["weighted_schedule"];
    EXPECT_DOUBLE_EQ(d["time_s"].get<double>(), in.result.time_s);
    EXPECT_DOUBLE_EQ(d["bound_s"].get<double>(), byte_load(w.traffic, w.rates).bound_s);
    EXPECT_GE(d["time_s"].get<double>(), d["bound_s"].get<double>());
    EXPECT_EQ(p.data["pictograms"]["frames"].size(), static_cast<std::size_t>(in.result.schedule.length()));
    EXPECT_EQ(p.data["pictograms"]["bottlenecks"], nlohmann::json(byte_load(w.traffic, w.rates).bottlenecks));
    const std::string html = render_html(p);
    EXPECT_NE(html.find("bound T*"), std::string::npos);
    EXPECT_NE(html.find("frame-times"), std::string::npos);
}

std::string saved_result(const Skewed& w, const WeightedOptions& o, const WeightedResult& r, const std::string& name) {
    const std::string path = ::testing::TempDir() + name;
    std::ofstream(path) << results::weighted_schedule_view("skewed", w.traffic, r, o).to_json().dump(2);
    return path;
}

nlohmann::json parsed(const std::string& path) { return nlohmann::json::parse(std::ifstream(path)); }

TEST(WeightedSchedulePage, ReadsASavedResultBack) {
    const Skewed w;
    const WeightedOptions o = overhead(2e-5);
    const WeightedResult r = solve_weighted(w.traffic, w.rates, o);
    const std::string path = saved_result(w, o, r, "weighted-saved.json");
    const nlohmann::json j = parsed(path);
    ASSERT_TRUE(results::is_weighted_schedule_result(j));
    const WeightedScheduleReportInput in = saved_weighted_schedule_for_report(path, j, &w.net, w.traffic, "skewed", w.rates);
    EXPECT_EQ(in.result.schedule.length(), r.schedule.length());
    EXPECT_NEAR(in.result.time_s, r.time_s, 1e-12);
    EXPECT_EQ(in.result.method, r.method);
    EXPECT_EQ(in.result.candidates.size(), r.candidates.size());
    EXPECT_DOUBLE_EQ(in.frame_overhead_s, 2e-5);
    EXPECT_NO_THROW(static_cast<void>(weighted_schedule_page(in)));
}

TEST(WeightedSchedulePage, RefusesASavedTimeThatItsFramesDoNotTake) {
    const Skewed w;
    const WeightedOptions o = overhead(0);
    const std::string path = saved_result(w, o, solve_weighted(w.traffic, w.rates, o), "weighted-tampered.json");
    nlohmann::json j = parsed(path);
    j["time_s"] = j["time_s"].get<double>() / 2;
    try {
        static_cast<void>(saved_weighted_schedule_for_report(path, j, &w.net, w.traffic, "skewed", w.rates));
        FAIL() << "a halved time_s was accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("/time_s"), std::string::npos) << e.what();
    }
    j = parsed(path);
    j["schedule"]["frames"][0]["pieces"][0]["bytes"] = j["schedule"]["frames"][0]["pieces"][0]["bytes"].get<double>() + 1;
    std::ofstream(path) << j.dump();
    EXPECT_THROW(static_cast<void>(saved_weighted_schedule_for_report(path, j, &w.net, w.traffic, "skewed", w.rates)),
                 InputError);
}

}  // namespace
