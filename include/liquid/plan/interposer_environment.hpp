#pragma once
// The environment of the PMPI interposer (libliquid_pmpi.so), parsed without MPI so that
// the unit tests and the fuzz harnesses check it. Every LIQUID_* variable is validated as
// strictly as the command line validates its options; a bad value is a one-line problem
// naming the variable and the fix, and the interposer then leaves every call to the MPI
// library (it never aborts a job).
#include <functional>
#include <string>
#include <vector>

#include "liquid/plan/plan.hpp"

namespace liquid::plan {

struct InterposerEnvironment {
    std::string network;                // LIQUID_NETWORK: a network JSON file or a generator spec
    std::string rank_map;               // LIQUID_RANKMAP: `rank host` lines by MPI_COMM_WORLD rank
    std::string plan;                   // LIQUID_PLAN: a plan file (`liquid plan --json`) instead of planning
    std::string report;                 // LIQUID_REPORT: JSON report written by world rank 0 at MPI_Finalize
    std::string plan_cache;             // LIQUID_PLAN_CACHE: a directory of plans shared by jobs
    std::string method = "optimal";     // LIQUID_METHOD: liquid, optimal, dsatur, round-robin, ...
    double time_limit_s = 2.0;          // LIQUID_TIME_LIMIT: seconds, finite, > 0, at most a year
    double v_time_limit_s = 0.5;        // LIQUID_V_TIME_LIMIT: seconds to plan one MPI_Alltoallv count matrix
    Sync sync = Sync::Links;            // LIQUID_SYNC: links, barrier, none
    long long min_bytes = 65536;        // LIQUID_MIN_BYTES: smaller blocks go to the MPI library
    long long v_min_piece = 65536;      // LIQUID_V_MIN_PIECE: smallest piece of a split MPI_Alltoallv message
    long long chunk_bytes = 65280;      // LIQUID_CHUNK_BYTES: largest message a block travels in (0: whole blocks)
    long long pass_bytes = 262144;      // LIQUID_PASS_BYTES: largest slice of a block in one pass of the frames (0: one pass)
    bool compare = false;               // LIQUID_COMPARE=1: alternate liquid and the MPI library
    long long tune_calls = 3;           // LIQUID_TUNE_CALLS: trial calls of each per size class (0: no trial)
    std::vector<std::string> problems;  // one sentence per bad variable ("LIQUID_X: ...: fix")
};

/// Reads the variables through `lookup` (std::getenv in the interposer; nullptr = unset;
/// an empty value counts as unset).
InterposerEnvironment parse_interposer_environment(const std::function<const char*(const char*)>& lookup);

}  // namespace liquid::plan
