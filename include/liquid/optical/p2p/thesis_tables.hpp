#pragma once
// The experiments behind thesis Tables 1-3 and Figures 5.2-5.11 (ch. 5), the thesis's
// published values, and a parallel runner. The library computes; front ends print.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "liquid/optical/p2p/simulator.hpp"

namespace liquid::optical::p2p {

struct ThesisTable1Row {  // Table 1: mean rounds per random event, CCC
    int dimension;
    double cycled, on_demand_low, on_demand_high;
};
struct ThesisTable2Row {  // Table 2: multi ring, fixed (w = sqrt N) and random chords
    int dimension;
    std::uint32_t nodes;
    double optimal_fixed, average_fixed, optimal_random, average_random;
};
inline constexpr ThesisTable1Row kThesisTable1[] = {{4, 21, 10, 21}, {6, 28, 24, 47}, {8, 58, 45, 82}};
inline constexpr ThesisTable2Row kThesisTable2[] = {{4, 64, 6, 12, 4, 7}, {6, 384, 18, 35, 7, 10}, {8, 2048, 42, 84, 9, 14}};
// Table 3 repeats Table 1 and the "average random" column of Table 2.

struct Experiment {
    std::string group;  // "table1", "table2", "dynamic", "fig5.2", ...
    std::string curve;  // legend of the curve / row label
    double x = 0;       // spawn value in % of N, or the chord length w for fig5.9
    bool ccc = true;
    CccSpec ccc_spec;
    MultiRingSpec ring_spec;
    TrafficSpec traffic;
    RunSpec run;
};

struct ExperimentOptions {
    std::uint32_t rounds = 3000;
    std::uint64_t seed = 1;
    std::vector<int> dimensions = {4, 6, 8};  // CCC dimensions; rings use N = D*2^D
};

/// Tables 1-3 plus our static-versus-dynamic table for §5.9 (the thesis printed no numbers).
std::vector<Experiment> table_experiments(const ExperimentOptions& options);
/// The curves of Figures 5.2-5.7 and 5.9-5.11 (5.1 and 5.8 are drawings).
std::vector<Experiment> figure_experiments(const ExperimentOptions& options);

SimResult run_experiment(const Experiment& e);
/// Runs every experiment on `threads` worker threads; results in input order. `done` is
/// called (from worker threads) after each experiment.
std::vector<SimResult> run_experiments(const std::vector<Experiment>& experiments, unsigned threads,
                                       const std::function<void()>& done = {});

}  // namespace liquid::optical::p2p
