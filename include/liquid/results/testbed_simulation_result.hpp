#pragma once
// The document of `liquid simulate testbed --json`, one owner: testbed_simulation_view()
// writes it (the summary, the ratio spreads and one row per pattern with the columns of
// testbed.csv) and read_testbed_simulation() reads back what `liquid report` draws.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "liquid/results/result_view.hpp"
#include "liquid/testbed/testbed_table.hpp"

namespace liquid::results {

/// `csv`: where the table was written; `report`: the HTML page's path, or "".
ResultView testbed_simulation_view(const testbed::TestbedTableOptions& options, const testbed::TestbedSimulation& result,
                                   const std::string& csv, const std::string& report);

/// A pattern's throughputs (MB/s) as the report plots them.
struct PatternThroughput {
    std::string allocation;
    double liquid_MBps = 0, liquid_schedule_MBps = 0, round_robin_MBps = 0;
};

/// What `liquid report` shows of a testbed simulation.
struct TestbedSimulationSummary {
    double unaware_size_bytes = 0, scheduled_size_bytes = 0;
    std::vector<std::pair<std::string, testbed::RatioSpread>> ratios;  // per execution, in the document's order
    std::vector<PatternThroughput> rows;
};

bool is_testbed_simulation_result(const nlohmann::json& j);

/// Throws InputError naming `file` and the JSON pointer of a missing or mistyped member.
TestbedSimulationSummary read_testbed_simulation(const nlohmann::json& j, const std::string& file);

}  // namespace liquid::results
