#pragma once
// The document of `liquid simulate --json`, one owner: simulation_view() writes it (its
// text and JSON from one ResultView) and read_simulation() reads back what `liquid report`
// draws from it.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "liquid/results/result_view.hpp"
#include "liquid/sim/execution.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::results {

/// What the view shows beside the execution: where the traffic came from and how it ran.
struct SimulationRun {
    std::string source;
    const Traffic* traffic = nullptr;  // names the links
    double link_rate = 0;              // bytes/s of the text's "at ... MB/s links"
    std::uint64_t seed = 0;            // the random order's seed
    sim::SimOptions times;             // hop latency, message overhead, barrier
    bool show_links = false;           // the per-link lines in the text (--links)
};

ResultView simulation_view(const SimulationRun& run, const sim::Execution& e);

/// A used link and its utilisation (carrying time / makespan).
struct LinkUse {
    std::string link;
    double utilisation = 0;
};

/// What `liquid report` shows of a simulation.
struct SimulationSummary {
    std::string source, method, executor;
    double makespan_s = 0, throughput_bytes_per_s = 0, liquid_throughput_bytes_per_s = 0, ratio = 0;
    std::vector<LinkUse> links;
};

/// True when `j` looks like the document simulation_view() writes.
bool is_simulation_result(const nlohmann::json& j);

/// Throws InputError naming `file` and the JSON pointer of a missing or mistyped member.
SimulationSummary read_simulation(const nlohmann::json& j, const std::string& file);

}  // namespace liquid::results
