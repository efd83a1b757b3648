#pragma once
// The document of `liquid optical sweep --json`, one owner: sweep_document() writes it
// (the rows are the sweep's own to_json(), one column list with its CSV) and
// read_sweep_points() reads back the curves `liquid report` draws.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "liquid/optical/broadcast/sweep.hpp"

namespace liquid::results {

/// `kind`: broadcast, allgather or both, as given; `csv`: where the CSV went ("" if nowhere).
nlohmann::json sweep_document(const std::vector<optical::SweepRow>& rows, const std::string& kind, const std::string& csv);

/// One point of a completion-time curve.
struct SweepPoint {
    std::string kind, algorithm;
    int nodes = 0;
    double tc_us = 0, completion_us = 0;
};

/// The points of rows computed in this process.
std::vector<SweepPoint> sweep_points(const std::vector<optical::SweepRow>& rows);

bool is_sweep_result(const nlohmann::json& j);

/// Throws InputError naming `file` and the JSON pointer of a missing or mistyped member.
std::vector<SweepPoint> read_sweep_points(const nlohmann::json& j, const std::string& file);

}  // namespace liquid::results
