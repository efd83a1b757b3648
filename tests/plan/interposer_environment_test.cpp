// The interposer's LIQUID_* variables, parsed without MPI.
#include <gtest/gtest.h>

#include <map>

#include "liquid/plan/interposer_environment.hpp"

namespace liquid::plan {
namespace {

InterposerEnvironment parse(const std::map<std::string, std::string>& vars) {
    return parse_interposer_environment([&](const char* name) -> const char* {
        const auto it = vars.find(name);
        return it == vars.end() ? nullptr : it->second.c_str();
    });
}

TEST(InterposerEnvironment, Defaults) {
    const auto e = parse({});
    EXPECT_TRUE(e.problems.empty());
    EXPECT_EQ(e.sync, Sync::Links);
    EXPECT_EQ(e.min_bytes, 65536);
    EXPECT_FALSE(e.compare);
    EXPECT_EQ(e.time_limit_s, 2.0);
    EXPECT_EQ(e.v_time_limit_s, 0.5);
    EXPECT_EQ(e.v_min_piece, 65536);
    EXPECT_EQ(e.chunk_bytes, 65280);
    EXPECT_EQ(e.pass_bytes, 262144);
    EXPECT_EQ(e.tune_calls, 3);
    EXPECT_EQ(e.method, "optimal");
}

TEST(InterposerEnvironment, AcceptsEveryValidValue) {
    const auto e = parse({{"LIQUID_TIME_LIMIT", "0.5"},
                          {"LIQUID_SYNC", "barrier"},
                          {"LIQUID_MIN_BYTES", "0"},
                          {"LIQUID_COMPARE", "1"},
                          {"LIQUID_METHOD", "dsatur"},
                          {"LIQUID_PLAN_CACHE", "/tmp/c"},
                          {"LIQUID_V_TIME_LIMIT", "0.05"},
                          {"LIQUID_V_MIN_PIECE", "1"},
                          {"LIQUID_CHUNK_BYTES", "0"},
                          {"LIQUID_PASS_BYTES", "524288"},
                          {"LIQUID_TUNE_CALLS", "0"}});
    EXPECT_TRUE(e.problems.empty());
    EXPECT_EQ(e.chunk_bytes, 0);
    EXPECT_EQ(e.pass_bytes, 524288);
    EXPECT_EQ(e.tune_calls, 0);
    EXPECT_EQ(parse({{"LIQUID_TUNE_CALLS", "1000"}}).tune_calls, 1000);
    EXPECT_EQ(parse({{"LIQUID_PASS_BYTES", "2147483647"}}).pass_bytes, 2147483647);
    EXPECT_EQ(parse({{"LIQUID_CHUNK_BYTES", "2147483647"}}).chunk_bytes, 2147483647);
    EXPECT_EQ(e.v_min_piece, 1);
    EXPECT_EQ(e.v_time_limit_s, 0.05);
    EXPECT_EQ(e.time_limit_s, 0.5);
    EXPECT_EQ(e.sync, Sync::Barrier);
    EXPECT_EQ(e.min_bytes, 0);
    EXPECT_TRUE(e.compare);
    EXPECT_EQ(e.method, "dsatur");
    EXPECT_EQ(e.plan_cache, "/tmp/c");
    EXPECT_EQ(parse({{"LIQUID_SYNC", "none"}}).sync, Sync::None);
    EXPECT_EQ(parse({{"LIQUID_SYNC", "links"}}).sync, Sync::Links);
    EXPECT_EQ(parse({{"LIQUID_MIN_BYTES", "1048576"}}).min_bytes, 1048576);
}

void expect_rejected(const std::string& var, const std::string& value, const std::string& fix) {
    const auto e = parse({{var, value}});
    ASSERT_EQ(e.problems.size(), 1u) << var << "=" << value;
    EXPECT_EQ(e.problems[0].rfind(var + ": '" + value + "'", 0), 0u) << e.problems[0];
    EXPECT_NE(e.problems[0].find(fix), std::string::npos) << e.problems[0];
    EXPECT_EQ(e.problems[0].find('\n'), std::string::npos);
}

TEST(InterposerEnvironment, RejectsWhatIsNotStrictlyValid) {
    for (const char* t : {"abc", "nan", "-1", "0", "inf", "1e400", "2s", " 2", "3.2e7x", "31536001"})
        expect_rejected("LIQUID_TIME_LIMIT", t, "give a finite number > 0");
    for (const char* t : {"abc", "nan", "-0.5", "0", "inf", "0.5s", " 1"})
        expect_rejected("LIQUID_V_TIME_LIMIT", t, "give a finite number > 0, at most a year (e.g. 0.5)");
    for (const char* s : {"Barrier", "fast", "link"}) expect_rejected("LIQUID_SYNC", s, "give links, barrier or none");
    for (const char* b : {"-1", "1.5", "32k", "abc", "1000000000000000001"})
        expect_rejected("LIQUID_MIN_BYTES", b, "give a whole number from 0");
    for (const char* b : {"0", "-1", "1.5", "64k", "1000000000000000001"})
        expect_rejected("LIQUID_V_MIN_PIECE", b, "give a whole number from 1 to 1e15");
    for (const char* b : {"-1", "1.5", "64k", "2147483648", "abc"})
        expect_rejected("LIQUID_CHUNK_BYTES", b, "give a whole number from 0 to 2147483647");
    for (const char* b : {"-1", "0.5", "512k", "2147483648", "nan"})
        expect_rejected("LIQUID_PASS_BYTES", b, "give a whole number from 0 to 2147483647 (0: every block in one pass");
    for (const char* c : {"yes", "2", "true"}) expect_rejected("LIQUID_COMPARE", c, "give 1");
    for (const char* n : {"-1", "1001", "2.5", "three", "3 "})
        expect_rejected("LIQUID_TUNE_CALLS", n, "give a whole number from 0 to 1000 (0: the plan runs every call");
    expect_rejected("LIQUID_METHOD", "fastest", "e.g. optimal");
    const auto e = parse({{"LIQUID_TIME_LIMIT", "x"}, {"LIQUID_SYNC", "y"}});
    EXPECT_EQ(e.problems.size(), 2u);
}

// A value with a line break (or any control character) is shown escaped: one line per problem.
TEST(InterposerEnvironment, ProblemsStayOneLineWhateverTheValue) {
    const auto e = parse({{"LIQUID_TIME_LIMIT", "\n"}, {"LIQUID_SYNC", "a\rb"}});
    ASSERT_EQ(e.problems.size(), 2u);
    EXPECT_EQ(e.problems[0].rfind("LIQUID_TIME_LIMIT: '\\x0a'", 0), 0u) << e.problems[0];
    for (const std::string& p : e.problems) EXPECT_EQ(p.find_first_of("\n\r"), std::string::npos) << p;
}

}  // namespace
}  // namespace liquid::plan
