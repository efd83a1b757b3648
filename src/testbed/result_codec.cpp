// Testbed results as CBOR bytes (result_codec.hpp). Each struct is an array of its fields
// in declaration order: short, and a field added to a struct without being added here
// shows up in the round-trip tests (tests/testbed).
#include "liquid/testbed/result_codec.hpp"

#include <nlohmann/json.hpp>

#include "liquid/base/error.hpp"

namespace liquid::testbed {
namespace {

using nlohmann::json;

json representative_json(const Representative& p) {
    return json::array({json(p.allocation.nodes), p.transfers, p.duration, p.liquid_ratio, p.allocations, p.multi_switch_value});
}

Representative representative_from(const json& j) {
    Representative p;
    p.allocation.nodes = j.at(0).get<decltype(p.allocation.nodes)>();
    p.transfers = j.at(1).get<int>();
    p.duration = j.at(2).get<int>();
    p.liquid_ratio = j.at(3).get<double>();
    p.allocations = j.at(4).get<std::uint64_t>();
    p.multi_switch_value = j.at(5).get<bool>();
    return p;
}

json solve_json(const SolveResult& s) {
    return json::array({s.schedule.frames, static_cast<int>(s.method), s.duration, s.lower_bound, s.liquid, s.optimal,
                        s.no_liquid_proven, s.timed_out, s.categories, s.full_teams, s.nodes, s.elapsed_ms, s.rounds, s.solver,
                        s.bound_by, s.rounds_lower_bound});
}

SolveResult solve_from(const json& j) {
    SolveResult s;
    s.schedule.frames = j.at(0).get<std::vector<std::vector<int>>>();
    s.method = static_cast<Method>(j.at(1).get<int>());
    s.duration = j.at(2).get<int>();
    s.lower_bound = j.at(3).get<int>();
    s.liquid = j.at(4).get<bool>();
    s.optimal = j.at(5).get<bool>();
    s.no_liquid_proven = j.at(6).get<bool>();
    s.timed_out = j.at(7).get<bool>();
    s.categories = j.at(8).get<std::uint64_t>();
    s.full_teams = j.at(9).get<std::uint64_t>();
    s.nodes = j.at(10).get<std::uint64_t>();
    s.elapsed_ms = j.at(11).get<double>();
    s.rounds = j.at(12).get<int>();
    s.solver = j.at(13).get<std::string>();
    s.bound_by = j.at(14).get<std::string>();
    s.rounds_lower_bound = j.at(15).get<int>();
    return s;
}

json cell_json(const TableCell& c) { return json::array({c.throughput, c.ratio, c.blocked_s, c.status}); }

TableCell cell_from(const json& j) {
    TableCell c;
    c.throughput = j.at(0).get<double>();
    c.ratio = j.at(1).get<double>();
    c.blocked_s = j.at(2).get<double>();
    c.status = j.at(3).get<std::string>();
    return c;
}

/// Parses bytes and converts them; any malformed input becomes one InputError.
template <class T, class From>
T decode(const std::string& bytes, const char* what, From from) {
    try {
        return from(json::from_cbor(bytes));
    } catch (const json::exception& e) {
        throw InputError(what, std::string("malformed encoding (") + e.what() + ")", "decode only bytes its encoder wrote");
    }
}

}  // namespace

std::string encode_result(const RepresentativeResult& r) {
    json spaces = json::array();
    for (const SearchSpace& s : r.search_space) spaces.push_back(json::array({s.categories, s.full_teams, s.complete}));
    const json j = json::array({representative_json(r.representative), r.skeleton, r.bottlenecks, r.congestion_edges,
                                solve_json(r.exact), r.exact_verification, r.dsatur_length, r.dsatur_ms, r.dsatur_verification,
                                r.round_robin_length, r.round_robin_ms, r.round_robin_verification, spaces});
    const std::vector<std::uint8_t> bytes = json::to_cbor(j);
    return {bytes.begin(), bytes.end()};
}

RepresentativeResult decode_result(const std::string& bytes) {
    return decode<RepresentativeResult>(bytes, "representative result", [](const json& j) {
        RepresentativeResult r;
        r.representative = representative_from(j.at(0));
        r.skeleton = j.at(1).get<std::size_t>();
        r.bottlenecks = j.at(2).get<int>();
        r.congestion_edges = j.at(3).get<std::size_t>();
        r.exact = solve_from(j.at(4));
        r.exact_verification = j.at(5).get<std::string>();
        r.dsatur_length = j.at(6).get<int>();
        r.dsatur_ms = j.at(7).get<double>();
        r.dsatur_verification = j.at(8).get<std::string>();
        r.round_robin_length = j.at(9).get<int>();
        r.round_robin_ms = j.at(10).get<double>();
        r.round_robin_verification = j.at(11).get<std::string>();
        const json& spaces = j.at(12);
        if (spaces.size() != r.search_space.size())
            throw InputError("representative result", "wrong number of search spaces", "decode only bytes its encoder wrote");
        for (std::size_t l = 0; l < r.search_space.size(); ++l)
            r.search_space[l] = {spaces[l].at(0).get<std::uint64_t>(), spaces[l].at(1).get<std::uint64_t>(),
                                 spaces[l].at(2).get<bool>()};
        return r;
    });
}

std::string encode_row(const TestbedRow& r) {
    const json j = json::array({representative_json(r.rep), r.liquid_throughput, cell_json(r.round_robin), cell_json(r.random),
                                cell_json(r.fifo), cell_json(r.round_robin_frames), cell_json(r.dsatur), cell_json(r.liquid),
                                r.dsatur_length, r.liquid_length, r.round_robin_length, r.liquid_found});
    const std::vector<std::uint8_t> bytes = json::to_cbor(j);
    return {bytes.begin(), bytes.end()};
}

TestbedRow decode_row(const std::string& bytes) {
    return decode<TestbedRow>(bytes, "testbed row", [](const json& j) {
        TestbedRow r;
        r.rep = representative_from(j.at(0));
        r.liquid_throughput = j.at(1).get<double>();
        r.round_robin = cell_from(j.at(2));
        r.random = cell_from(j.at(3));
        r.fifo = cell_from(j.at(4));
        r.round_robin_frames = cell_from(j.at(5));
        r.dsatur = cell_from(j.at(6));
        r.liquid = cell_from(j.at(7));
        r.dsatur_length = j.at(8).get<int>();
        r.liquid_length = j.at(9).get<int>();
        r.round_robin_length = j.at(10).get<int>();
        r.liquid_found = j.at(11).get<bool>();
        return r;
    });
}

}  // namespace liquid::testbed
