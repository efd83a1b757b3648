#pragma once
// The documents of the optical point-to-point simulator, one owner: a run's result (in
// `liquid optical p2p --json` and every run of p2p-runs.json), the thesis tables of
// `liquid optical p2p-tables` (printed, and p2p-tables.json) and read_thesis_tables(),
// which reads back what `liquid report` tabulates.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "liquid/optical/p2p/simulator.hpp"
#include "liquid/optical/p2p/thesis_comparison.hpp"
#include "liquid/results/result_view.hpp"

namespace liquid::results {

/// One simulation's result: a block of lines under `title`; `hot`: the text shows the
/// hot-spot line.
ResultView p2p_run_view(const optical::p2p::SimResult& r, const std::string& title, bool hot);

/// One run of p2p-runs.json: its result beside the experiment's parameters (JSON only).
ResultView experiment_run_view(const optical::p2p::Experiment& e, const optical::p2p::SimResult& r);

/// Tables 1-3 and the dynamic reconfiguration runs beside the thesis's values.
ResultView thesis_tables_view(const optical::p2p::ThesisComparison& c, std::uint32_t rounds, std::uint64_t seed);

/// A table cell: one value, or one per load (10/50/100 %); nullopt where nothing was
/// measured (a mean over no delivered request).
using CellValues = std::vector<std::optional<double>>;

struct CccTableRow {  // Table 1
    CellValues dimension, nodes, thesis_cycled, ours_cycled, thesis_on_demand, ours_on_demand, route_hops;
};

struct RingTableRow {  // Table 2
    CellValues dimension, nodes, w, thesis_optimal_fixed, ours_optimal_fixed, thesis_average_fixed, ours_average_fixed,
        thesis_optimal_random, ours_optimal_random, thesis_average_random, ours_average_random;
};

struct CccRingTableRow {  // Table 3
    CellValues dimension, thesis_ccc_cycled, ours_ccc_cycled, thesis_ccc_on_demand, ours_ccc_on_demand, thesis_multi_ring,
        ours_multi_ring;
};

struct DynamicTableRow {  // §5.9
    CellValues nodes, hotspot_p, hotspot_move;
    std::string variant;
    CellValues mean_rounds, static_mean_rounds, ratio;
};

/// What `liquid report` shows of the thesis tables.
struct ThesisTablesFigures {
    std::uint32_t rounds = 0;
    std::uint64_t seed = 0;
    std::vector<CccTableRow> table1;
    std::vector<RingTableRow> table2;
    std::vector<CccRingTableRow> table3;
    std::vector<DynamicTableRow> dynamic;
};

bool is_thesis_tables_result(const nlohmann::json& j);

/// Throws InputError naming `file` and the JSON pointer of a missing or mistyped member.
ThesisTablesFigures read_thesis_tables(const nlohmann::json& j, const std::string& file);

}  // namespace liquid::results
