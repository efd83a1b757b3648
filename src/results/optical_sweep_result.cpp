// `liquid optical sweep --json`: written and read here only (see optical_sweep_result.hpp).
#include "liquid/results/optical_sweep_result.hpp"

#include <climits>

#include "liquid/io/json_input.hpp"

namespace liquid::results {
namespace {

constexpr const char* kCommand = "optical sweep";

}  // namespace

nlohmann::json sweep_document(const std::vector<optical::SweepRow>& rows, const std::string& kind, const std::string& csv) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& r : rows) j.push_back(optical::to_json(r));
    return {{"command", kCommand}, {"kind", kind}, {"csv", csv}, {"rows", j}};
}

std::vector<SweepPoint> sweep_points(const std::vector<optical::SweepRow>& rows) {
    std::vector<SweepPoint> points;
    for (const auto& r : rows)
        points.push_back(
            {r.kind, r.algorithm, r.params.nodes, optical::to_microseconds(r.params.tc), optical::to_microseconds(r.completion)});
    return points;
}

bool is_sweep_result(const nlohmann::json& j) {
    return j.is_object() && j.contains("command") && j["command"] == kCommand && j.contains("rows");
}

std::vector<SweepPoint> read_sweep_points(const nlohmann::json& j, const std::string& file) {
    namespace column = optical::sweep_column;
    const io::JsonAt rows = io::JsonAt(j, file)["rows"];
    rows.array();
    std::vector<SweepPoint> points;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const io::JsonAt r = rows[i];
        points.push_back({r[column::kind].string(), r[column::algorithm].string(),
                          static_cast<int>(r[column::nodes].integer(1, INT_MAX)), r[column::tc_us].number(),
                          r[column::completion_us].number()});
    }
    return points;
}

}  // namespace liquid::results
