// Regression tests of bad input at the reader level: each input below once
// crashed, hung or was silently accepted; now it is an InputError naming where and what.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "liquid/base/error.hpp"
#include "liquid/base/name_check.hpp"
#include "liquid/io/json_input.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/io/traffic_file.hpp"
#include "liquid/io/traffic_json.hpp"
#include "liquid/net/generators.hpp"
#include "support/run.hpp"

namespace liquid {
namespace {

using test::temp_file;

/// The message of the InputError `f` throws ("" if it throws nothing).
template <class F>
std::string input_error(F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

Traffic parse(const std::string& text) {
    std::istringstream in(text);
    return parse_traffic(in, "t.traffic");
}

TEST(LinkSetReader, HugeNameIsAnErrorNotAStackOverflow) {
    // Once: std::regex recursed once per character and overflowed the stack at ~30 000.
    const std::string name(30000, 'a');
    EXPECT_NE(input_error([&] { parse(name + ": l1\n"); }).find("30000 characters"), std::string::npos);
    EXPECT_NE(input_error([&] { parse("t: l1 " + name + "\n"); }).find("t.traffic:1"), std::string::npos);
}

TEST(LinkSetReader, NameAtTheLimitIsAccepted) {
    const std::string name(kMaxNameLength, 'x');
    EXPECT_EQ(parse(name + ": " + name + "\n")[0].name, name);
    EXPECT_NE(input_error([&] { parse(name + "y: l\n"); }), "");
}

TEST(LinkSetReader, OverlongLineIsRefusedWithTheLimit) {
    std::string line = "t:";
    for (int i = 0; line.size() <= 70000; ++i) line += " l" + std::to_string(i);
    const std::string e = input_error([&] { parse(line + "\n"); });
    EXPECT_NE(e.find("t.traffic:1"), std::string::npos) << e;
    EXPECT_NE(e.find("65536"), std::string::npos) << e;
}

TEST(LinkSetReader, ControlCharactersAreShownEscaped) {
    const std::string e = input_error([&] {
        parse(
            "a\x01"
            "b: l1\n");
    });
    EXPECT_NE(e.find("\\x01"), std::string::npos) << e;
}

TEST(LinkSetReader, Utf8ByteOrderMarkIsSkipped) {
    const Traffic t = parse(
        "\xEF\xBB\xBF"
        "a: l1 l2\nb: l2\n");
    ASSERT_EQ(t.size(), 2);
    EXPECT_EQ(t[0].name, "a");
    EXPECT_EQ(t.link_name(0), "l1");
}

TEST(LinkSetReader, DirectoryIsAClearError) {
    const auto dir = std::filesystem::temp_directory_path();
    EXPECT_NE(input_error([&] { read_traffic_file(dir.string()); }).find("is a directory"), std::string::npos);
    EXPECT_NE(input_error([&] { read_traffic_file((dir / "no-such-file.traffic").string()); }).find("does not exist"),
              std::string::npos);
}

TEST(JsonReader, HugeNumberIsAnInputErrorNotAnInternalError) {
    const auto path = temp_file(R"({"name": "n", "rate": -1e400, "hosts": ["a"]})", ".json");
    const std::string e = input_error([&] { read_network_json(path); });
    EXPECT_NE(e.find(path), std::string::npos) << e;
    EXPECT_NE(e.find("invalid JSON"), std::string::npos) << e;
}

TEST(JsonReader, DeepNestingIsRefused) {
    const auto path = temp_file(std::string(100000, '[') + std::string(100000, ']'), ".json");
    EXPECT_NE(input_error([&] { read_network_json(path); }).find("nest deeper"), std::string::npos);
}

TEST(JsonReader, ByteOrderMarkIsSkipped) {
    const auto path = temp_file(
        "\xEF\xBB\xBF"
        R"({"hosts": ["a", "b"], "switches": ["s"], "cables": [["a", "s"], ["b", "s"]]})",
        ".json");
    EXPECT_EQ(read_network_json(path).hosts().size(), 2U);
}

TEST(JsonReader, DirectoryIsAClearError) {
    EXPECT_NE(input_error([&] { read_network_json(std::filesystem::temp_directory_path().string()); }).find("is a directory"),
              std::string::npos);
}

const char* kTwoHosts = R"("hosts": ["a", "b"], "switches": ["s"], "cables": [["a", "s"], ["b", "s"]])";

TEST(NetworkJson, MisspeltMemberIsAnErrorNamingIt) {
    // Once: "routnig" was ignored and the routing silently became shortest paths.
    const auto j = nlohmann::json::parse(std::string("{") + kTwoHosts + R"(, "routnig": {"type": "shortest"}})");
    const std::string e = input_error([&] { network_from_json(j, "n.json"); });
    EXPECT_NE(e.find("n.json: /"), std::string::npos) << e;
    EXPECT_NE(e.find("\"routnig\""), std::string::npos) << e;
    EXPECT_NE(e.find("x-"), std::string::npos) << e;
}

TEST(NetworkJson, ExtensionMembersWithXPrefixAreIgnored) {
    const auto j = nlohmann::json::parse(std::string("{") + kTwoHosts + R"(, "x-site": "lab 3", "comment": "ok"})");
    EXPECT_EQ(network_from_json(j, "n.json").link_count(), 4);
}

TEST(NetworkJson, NamesThatNoFormatCanHoldAreRefused) {
    for (const char* bad : {"a b", "a#b", "a:b", "a,b", "a\tb"}) {
        nlohmann::json j = nlohmann::json::parse(std::string("{") + kTwoHosts + "}");
        j["hosts"][0] = bad;
        j["cables"][0][0] = bad;
        EXPECT_NE(input_error([&] { network_from_json(j, "n.json"); }).find("not allowed"), std::string::npos) << bad;
    }
}

TEST(NetworkJson, ExplicitPathThroughAHostIsRefused) {
    const auto j = nlohmann::json::parse(R"({
        "hosts": ["a", "b", "c"], "switches": ["s"],
        "cables": [["a", "s"], ["b", "s"], ["c", "s"], ["b", "c"]],
        "routing": {"type": "paths", "paths": [{"from": "a", "to": "c", "links": ["a-s", "s-b", "b-c"]}]}})");
    const std::string e = input_error([&] { network_from_json(j, "n.json"); });
    EXPECT_NE(e.find("n.json: /routing"), std::string::npos) << e;
    EXPECT_NE(e.find("through host 'b'"), std::string::npos) << e;
}

TEST(TrafficJson, CountBeyondIntIsRefusedNotTruncated) {
    // Once: 4294967297 was cast to int and gave 1 transfer.
    const Network net = make_crossbar(4);
    for (const char* count : {"4294967297", "-3", "18446744073709551615"}) {
        const auto j = nlohmann::json::parse(std::string(R"({"pattern": {"name": "random", "count": )") + count + "}}");
        const std::string e = input_error([&] { traffic_from_json(j, net, "t.json"); });
        EXPECT_NE(e.find("t.json: /pattern/count"), std::string::npos) << count << ": " << e;
    }
}

TEST(TrafficJson, EmptyTransferListIsAnError) {
    const auto j = nlohmann::json::parse(R"({"transfers": []})");
    EXPECT_NE(input_error([&] { traffic_from_json(j, make_crossbar(2), "t.json"); }).find("/transfers"), std::string::npos);
}

TEST(TrafficJson, UnknownMembersAreErrorsAtEveryLevel) {
    const Network net = make_crossbar(2);
    for (const char* doc : {R"({"pattern": "all-to-all", "sise": 2})", R"({"pattern": {"name": "all-to-all", "sefl": true}})",
                            R"({"transfers": [{"from": "h0", "to": "h1", "bytes": 3}]})"}) {
        const std::string e = input_error([&] { traffic_from_json(nlohmann::json::parse(doc), net, "t.json"); });
        EXPECT_NE(e.find("unknown member"), std::string::npos) << doc << ": " << e;
    }
}

TEST(TrafficJson, NegativeAndHugeDemandEntriesAreRefused) {
    const Network net = make_crossbar(2);
    for (const char* cell : {"-1", "99999999999"}) {
        const auto j =
            nlohmann::json::parse(std::string(R"({"pattern": {"name": "demand", "demand": [[0, )") + cell + "], [1, 0]]}}");
        EXPECT_NE(input_error([&] { traffic_from_json(j, net, "t.json"); }).find("/pattern/demand/0/1"), std::string::npos)
            << cell;
    }
}

TEST(JsonAt, IntegerRangeNamesThePathAndTheRange) {
    const auto j = nlohmann::json::parse(R"({"k": 70000})");
    const std::string e = input_error([&] { io::JsonAt(j, "f.json")["k"].integer(1, 65536); });
    EXPECT_NE(e.find("f.json: /k"), std::string::npos) << e;
    EXPECT_NE(e.find("1..65536"), std::string::npos) << e;
}

TEST(Generators, ParameterOverflowIsRefusedWithTheLimit) {
    // Once: fat-tree:2,32 overflowed to an empty network, 2,31 and 65536,2 hung.
    for (auto [k, n] : {std::pair{2, 32}, {2, 31}, {65536, 2}, {2, 1000000}, {1 << 30, 1 << 30}}) {
        // Init-captures: clang 14 (the sanitizer build) cannot capture a structured binding.
        const std::string e = input_error([k = k, n = n] { make_fat_tree(k, n); });
        EXPECT_NE(e.find("network fat-tree:"), std::string::npos) << k << "," << n;
        EXPECT_NE(e.find("65536"), std::string::npos) << e;
    }
    EXPECT_NE(input_error([] { make_fat_tree(2, 16); }).find("routing-table entries"), std::string::npos);
    EXPECT_NE(input_error([] { make_torus({128, 128}, true); }).find("switches"), std::string::npos);
    EXPECT_EQ(make_fat_tree(4, 3).hosts().size(), 64U);
}

}  // namespace
}  // namespace liquid
