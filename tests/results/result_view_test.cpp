// ResultView: one description rendered as text or JSON; deferred rows and sections are
// made only for the output rendered.
#include <gtest/gtest.h>

#include "liquid/results/result_view.hpp"

namespace liquid::results {
namespace {

TEST(ResultView, DeferredRowsAreMadeOnlyForTheOutputRendered) {
    int values = 0, lines = 0;
    ResultView sub(8);
    sub.field("n", 3, "n")
        .deferred_row(
            "frames",
            [&] {
                ++values;
                return nlohmann::json::array({1, 2});
            },
            [&] {
                ++lines;
                return std::string("frames: 1 2");
            });
    ResultView v(8);
    v.field("name", "x", "name").section("schedule", std::move(sub));
    EXPECT_EQ(values + lines, 0) << "nothing is made before rendering";

    EXPECT_EQ(v.to_text(), "name:   x\nn:      3\nframes: 1 2\n");
    EXPECT_EQ(values, 0);
    EXPECT_EQ(lines, 1);

    const nlohmann::json j = v.to_json();
    EXPECT_EQ(j["schedule"]["frames"], nlohmann::json::array({1, 2}));
    EXPECT_EQ(j["schedule"]["n"], 3);
    EXPECT_EQ(j["name"], "x");
    EXPECT_EQ(values, 1);
    EXPECT_EQ(lines, 1);

    // Moving the JSON out of the view renders the section's rows too.
    EXPECT_EQ(std::move(v).to_json(), j);
}

TEST(ResultView, TextIfHidesTheTextOfAnyRowAndKeepsItsJson) {
    ResultView sub(4);
    sub.field("a", 1, "a");
    ResultView v(4);
    v.section("s", sub).text_if(false);
    v.deferred_row(
         "d", [] { return nlohmann::json(2); }, [] { return std::string("d: 2"); })
        .text_if(false);
    v.row("r", 3, "r: 3");
    EXPECT_EQ(v.to_text(), "r: 3\n");
    EXPECT_EQ(v.to_json(), (nlohmann::json{{"s", {{"a", 1}}}, {"d", 2}, {"r", 3}}));
    // The section's own view was copied in: changing it afterwards changes nothing here.
    sub.field("b", 2, "b");
    EXPECT_EQ(v.to_json()["s"].size(), 1u);
}

}  // namespace
}  // namespace liquid::results
