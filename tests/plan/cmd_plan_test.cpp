// `liquid plan`: thin command over build_plan (JSON, MSCCL XML, text, bad input).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "liquid/plan/plan_json.hpp"
#include "support/run.hpp"

namespace liquid::plan {
namespace {

TEST(PlanCommand, JsonIsAPlanFileTheReaderAccepts) {
    const auto r = test::run_liquid("plan --network crossbar:4 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["ranks"], 4);
    EXPECT_EQ(j["length"], 3);
    EXPECT_EQ(j["per_rank"][2]["host"], "h2");
    const Plan plan = read_plan_json(test::temp_file(r.out, ".json"));
    EXPECT_EQ(plan.length(), 3);
}

TEST(PlanCommand, RankMapPutsSeveralRanksOnAHost) {
    const std::string map = test::temp_file("0 h0\n1 h0\n2 h1\n3 h1\n", ".map");
    const auto r = test::run_liquid("plan --network crossbar:2 --rankmap " + map + " --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["duration"], 4);  // h0's link carries 2 ranks x 2 remote ranks
    EXPECT_EQ(j["hosts"], nlohmann::json::array({"h0", "h0", "h1", "h1"}));
}

TEST(PlanCommand, MscclAndTextOutputs) {
    const auto xml = test::run_liquid("plan --network crossbar:3 --msccl --name a2a");
    ASSERT_EQ(xml.exit_code, 0) << xml.err;
    EXPECT_NE(xml.out.find("<algo name=\"a2a\""), std::string::npos);
    const auto text = test::run_liquid("plan --network crossbar:3");
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("rank 2 (h2):"), std::string::npos) << text.out;
}

TEST(PlanCommand, BadInputExitsWithTwo) {
    EXPECT_EQ(test::run_liquid("plan --network crossbar:3 --json --msccl").exit_code, 2);
    const auto stranger = test::run_liquid("plan --network crossbar:2 --rankmap " + test::temp_file("0 h0\n1 nowhere\n", ".map"));
    EXPECT_EQ(stranger.exit_code, 2);
    EXPECT_NE(stranger.err.find("rank 1 runs on 'nowhere'"), std::string::npos) << stranger.err;
    EXPECT_EQ(test::run_liquid("plan --network crossbar:3 --time-limit 0").exit_code, 2);
}

}  // namespace
}  // namespace liquid::plan
