#pragma once
// Our runs of thesis Tables 1-3 (and §5.9's dynamic reconfiguration) beside the thesis's
// published values: `liquid optical p2p-tables` is run_thesis_tables(), that is
// run_thesis_experiments() then compare_with_thesis(). Rows point into the run's results (nullptr: not run, e.g. a
// dimension left out with --dimensions).
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "liquid/optical/p2p/thesis_tables.hpp"

namespace liquid::optical::p2p {

struct ExperimentRun {
    std::vector<Experiment> experiments;  // the tables' experiments, then the figures'
    std::vector<SimResult> results;       // in experiment order
    std::size_t table_count = 0;          // experiments of the tables (the rest are figures)
    const SimResult* find(const std::string& group, const std::string& curve, double x) const;
};

/// Where run_thesis_experiments is (either member may be empty).
struct ThesisProgress {
    std::function<void(std::size_t runs)> starting;  // the experiments are known: this many runs
    std::function<void()> run_done;                  // one more run finished (from a worker thread)
};

/// Runs the tables' experiments (and the figures' with `figures`) on `threads` threads,
/// longest first so the pool does not end on one straggler.
ExperimentRun run_thesis_experiments(const ExperimentOptions& options, bool figures, unsigned threads,
                                     const ThesisProgress& progress = {});

/// The tables' runs as CSV (p2p-tables.csv) and the figures' (p2p-figures.csv; only the
/// header without `figures`).
std::string tables_csv(const ExperimentRun& run);
std::string figures_csv(const ExperimentRun& run);

struct Table1Comparison {  // CCC: cycled at 10/50/100 %, on-demand at 10/100 % and one event per round
    ThesisTable1Row thesis;
    const SimResult *cycled10, *cycled50, *cycled100, *on_demand10, *on_demand100, *on_demand_idle, *current_dimension100;
};
struct Table2Comparison {  // multi ring, fixed chords of the default length and random chords
    ThesisTable2Row thesis;
    std::uint32_t w;
    const SimResult *fixed, *random;
};
struct Table3Comparison {  // CCC against multi ring
    ThesisTable1Row ccc;
    ThesisTable2Row ring;
    const SimResult *cycled50, *on_demand10, *on_demand100, *ring_random;
};
struct DynamicComparison {  // §5.9: a reconfiguration variant against the static configuration
    const Experiment* experiment;
    const SimResult *dynamic, *fixed;
};

struct ThesisComparison {
    std::vector<Table1Comparison> table1;
    std::vector<Table2Comparison> table2;
    std::vector<Table3Comparison> table3;
    std::vector<DynamicComparison> dynamic;
    long collisions = 0;  // collisions and misroutes over every run (must be 0)
    std::size_t runs = 0;
};

ThesisComparison compare_with_thesis(const ExperimentRun& run);

/// `liquid optical p2p-tables`: the runs and their comparison with the thesis. The
/// comparison points into the run, so the pair moves but never copies.
struct ThesisTables {
    ExperimentRun run;
    ThesisComparison comparison;

    ThesisTables() = default;
    ThesisTables(const ThesisTables&) = delete;
    ThesisTables& operator=(const ThesisTables&) = delete;
    ThesisTables(ThesisTables&&) = default;  // vectors keep their elements' addresses
    ThesisTables& operator=(ThesisTables&&) = default;
};

/// run_thesis_experiments() then compare_with_thesis().
ThesisTables run_thesis_tables(const ExperimentOptions& options, bool figures, unsigned threads,
                               const ThesisProgress& progress = {});

/// One CSV line per experiment (the columns of p2p-tables.csv / p2p-figures.csv).
std::string experiments_csv(const std::vector<Experiment>& experiments, const std::vector<SimResult>& results);
/// The chord length a multi ring runs with (its default when none was given).
std::uint32_t chord_length(const MultiRingSpec& spec);

}  // namespace liquid::optical::p2p
