#pragma once
// Internals of libliquid_pmpi.so, the PMPI interposer of MPI_Alltoall / MPI_Alltoallv.
#include <mpi.h>

#include <string>
#include <vector>

#include "liquid/mpi/executor.hpp"
#include "liquid/plan/plan.hpp"

namespace liquid::mpi::interposer {

/// The interposer's settings, read from the environment of each process. Only rank 0 of
/// a communicator uses the planning ones, so the other ranks may lack them.
struct Settings {
    std::string network;             // LIQUID_NETWORK: a network JSON file or a generator spec
    std::string rank_map;            // LIQUID_RANKMAP: `rank host` lines by MPI_COMM_WORLD rank
    std::string plan;                // LIQUID_PLAN: a plan file (`liquid plan --json`) instead of planning
    std::string report;              // LIQUID_REPORT: JSON report written by world rank 0 at MPI_Finalize
    std::string method = "optimal";  // LIQUID_METHOD: liquid, optimal, dsatur, round-robin, ...
    double time_limit_s = 2.0;       // LIQUID_TIME_LIMIT
    ExecOptions exec;                // LIQUID_SYNC=barrier
};
Settings settings_from_environment();

/// What one communicator runs: its plan (this rank's part) or the MPI library's algorithm.
struct CommunicatorPlan {
    bool fallback = true;
    std::string reason;             // why it falls back
    plan::RankPlan plan;            // this rank's frames
    MPI_Comm comm = MPI_COMM_NULL;  // private duplicate the plan's messages travel on
    int ranks = 0, length = 0, duration = 0;
    bool liquid = false;
    double planning_ms = 0;
    std::string method;
};

/// Plans the all-to-all of `comm` (collective over `comm`: rank 0 plans, then broadcasts).
CommunicatorPlan plan_communicator(MPI_Comm comm, const Settings& settings);

/// The report of the process (world rank 0 writes it at MPI_Finalize).
struct Report {
    long long alltoall_calls = 0, alltoallv_calls = 0;
    long long calls_run_by_plan = 0, calls_fallen_back = 0;
    std::vector<std::string> call_fallback_reasons;  // per-call reasons (MPI_IN_PLACE, ...), each once
    std::vector<CommunicatorPlan> plans;             // one per planned communicator
};
void write_report(const Report& report, const std::string& path);

}  // namespace liquid::mpi::interposer
