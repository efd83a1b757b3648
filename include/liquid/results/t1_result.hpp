#pragma once
// The documents of `liquid testbed t1`, one owner: the view of one representative
// (`--allocation`, a row of t1-representatives.json), the documents of a whole run (what
// `--json` prints, also t1-summary.json; t1-representatives.json; t1-sweep.json) and of
// `--sweep-only`; read_t1() reads back what `liquid report` draws from any of the printed
// ones or t1-sweep.json.
#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "liquid/net/network.hpp"
#include "liquid/results/result_view.hpp"
#include "liquid/testbed/experiment.hpp"
#include "liquid/testbed/t1_experiment.hpp"

namespace liquid::results {

/// One representative's whole result; `enumerated`: the text lists the search space.
ResultView allocation_view(const Network& t1, const testbed::RepresentativeResult& r, bool enumerated);

/// Where the run's files are (the printed document lists them); `report` may be "".
struct T1Paths {
    std::string representatives_csv, representatives_json, summary_json, sweep_json, report;
};

/// A run's documents: `printed` is what the command prints (and, for a whole run,
/// t1-summary.json), `sweep` is t1-sweep.json, `representatives` t1-representatives.json
/// (empty for --sweep-only).
struct T1Documents {
    ResultView printed, sweep, representatives;
};

/// The documents of the whole experiment `x`, run with `options`.
T1Documents experiment_documents(const Network& t1, const testbed::T1Experiment& x, const testbed::ExperimentOptions& options,
                                 const T1Paths& paths);

/// The documents of `--sweep-only` (paths.sweep_json is the only file).
T1Documents sweep_documents(const testbed::T1Experiment& x, int threads, const T1Paths& paths);

/// What `liquid report` shows of a t1 run.
struct T1NodesRange {
    int nodes = 0;
    double min_liquid_throughput = 0, max_liquid_throughput = 0;
};

struct T1SweepFigures {
    long long allocations = 0;
    int distinct_liquid_throughputs = 0, distinct_multi_switch = 0;
    std::vector<T1NodesRange> by_nodes;
};

struct T1SummaryFigures {
    int representatives = 0, liquid = 0, no_liquid_proven = 0, timed_out = 0, verified = 0, threads = 0;
    double mean_skeleton_share = 0, mean_round_robin_loss = 0, wall_seconds = 0;
    long long max_categories = 0;
    int search_space_samples = 0;
    std::optional<std::array<double, testbed::kOptimisationLevels>> search_space_share;  // when max_categories > 0
    std::array<double, 4> dsatur_loss_share{};                                           // none, < 10 %, 10-19 %, >= 20 %
};

/// A representative as the sweep lists it, with its schedule's lengths when it was scheduled.
struct T1Pattern {
    std::string allocation;
    int nodes = 0, duration = 0;
    double liquid_throughput = 0;
    std::optional<bool> liquid;                     // scheduled: a liquid schedule was found
    std::optional<int> length, round_robin_length;  // scheduled: frames of the exact and round-robin schedules
};

struct T1Figures {
    std::optional<std::string> network;
    T1SweepFigures sweep;
    std::optional<T1SummaryFigures> summary;                // absent for the sweep only
    std::optional<std::vector<T1Pattern>> representatives;  // absent in --sweep-only's printed document
};

bool is_t1_result(const nlohmann::json& j);

/// Throws InputError naming `file` and the JSON pointer of a missing or mistyped member.
T1Figures read_t1(const nlohmann::json& j, const std::string& file);

}  // namespace liquid::results
