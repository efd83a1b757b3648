#pragma once
// The executor against the thesis's closed forms, one algorithm after the other: what
// `liquid optical broadcast` (thesis ch. 4) and `liquid optical allgather` (ch. 6) report.
#include <optional>
#include <vector>

#include "liquid/optical/broadcast/allgather.hpp"
#include "liquid/optical/broadcast/broadcast.hpp"

namespace liquid::optical {

struct BroadcastRun {
    BroadcastAlgorithm algorithm;
    ExecutionReport report;     // the executor's run
    Time thesis;                // §4.5 table
    std::optional<Time> exact;  // the thesis form corrected (algorithms 1-4)
    HalfOptimal half;           // §4.3.2, empty when not asked for
};

struct BroadcastComparison {
    int k = 0;         // algorithm 5's segment length used
    int thesis_k = 0;  // the thesis's k for these parameters
    std::vector<BroadcastRun> runs;
};

/// Runs each algorithm; `k` = 0 takes the thesis's k; `half_optimal` adds the Tc^0.5 bisection.
BroadcastComparison compare_broadcasts(const std::vector<BroadcastAlgorithm>& algorithms, const ModelParams& p, int k,
                                       bool half_optimal);

struct AllgatherRun {
    AllgatherAlgorithm algorithm;
    ExecutionReport report;
    std::optional<Time> closed_form;
};

std::vector<AllgatherRun> compare_allgathers(const std::vector<AllgatherAlgorithm>& algorithms, const ModelParams& p);

}  // namespace liquid::optical
