#include "liquid/base/json_text.hpp"

#include <gtest/gtest.h>

#include "liquid/base/stop.hpp"

namespace liquid {
namespace {

nlohmann::json nested() {
    nlohmann::json j;
    j["name"] = "a \"quoted\" name\nwith a line break";
    j["empty_array"] = nlohmann::json::array();
    j["empty_object"] = nlohmann::json::object();
    j["numbers"] = {1, 2.5, -3, 1e300, 0.1};
    j["rows"] = nlohmann::json::array();
    for (int r = 0; r < 5; ++r)
        j["rows"].push_back({{"from", "h" + std::to_string(r)}, {"path", {r, r + 1, {{"x", nullptr}, {"y", true}}}}});
    j["table"]["s0"]["h1"] = "s1";
    j["table"]["s0"]["h2"] = nlohmann::json::array({nlohmann::json::array({1, 2}), nlohmann::json::object()});
    return j;
}

TEST(JsonText, WritesWhatDumpWritesAtEveryIndentation) {
    const nlohmann::json j = nested();
    for (int indent : {-1, 0, 1, 2, 4}) EXPECT_EQ(json_text(j, indent), j.dump(indent)) << "indent " << indent;
    for (const nlohmann::json& plain :
         {nlohmann::json(3), nlohmann::json("x"), nlohmann::json::array(), nlohmann::json::object()})
        EXPECT_EQ(json_text(plain, 2), plain.dump(2));
}

TEST(JsonText, StringsThatAreNotUtf8AreShownByteByByteAtAnyDepth) {
    nlohmann::json j = nested();
    j["rows"][3]["from"] = std::string(
        "a\xff"
        "b");
    j["table"][std::string("s\xfe")]["h1"] = "s1";
    const std::string text = json_text(j, 2);
    EXPECT_NE(text.find("\"a\\\\xffb\""), std::string::npos) << text;
    EXPECT_NE(text.find("\"s\\\\xfe\": {"), std::string::npos) << text;
    EXPECT_TRUE(nlohmann::json::accept(text));
}

TEST(JsonText, AStopRequestEndsALongText) {
    nlohmann::json j = nlohmann::json::array();
    for (int i = 0; i < 10000; ++i) j.push_back({{"i", i}});
    request_stop(2);
    EXPECT_THROW(static_cast<void>(json_text(nlohmann::json{{"rows", j}}, 2)), Interrupted);
    clear_stop_request();
    EXPECT_EQ(json_text(nlohmann::json{{"rows", j}}, 2), nlohmann::json({{"rows", j}}).dump(2));
}

}  // namespace
}  // namespace liquid
