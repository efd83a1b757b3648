#pragma once
// Internals of libliquid_pmpi.so, the PMPI interposer of MPI_Alltoall / MPI_Alltoallv.
#include <mpi.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "liquid/mpi/executor.hpp"
#include "liquid/plan/interposer_environment.hpp"
#include "liquid/plan/plan.hpp"

namespace liquid::mpi::interposer {

/// The interposer's settings, read from the environment of each process. Rank 0 of a
/// communicator plans and decides for all its ranks (sync, LIQUID_MIN_BYTES and
/// LIQUID_COMPARE are broadcast with the plan, so the ranks always agree).
using Settings = plan::InterposerEnvironment;
Settings settings_from_environment();

/// What one communicator runs: its plan (this rank's part) or the MPI library's algorithm.
struct CommunicatorPlan {
    bool fallback = true;
    std::string reason;             // why it falls back
    bool bad_environment = false;   // the reason is a rejected LIQUID_* value (an error)
    plan::RankPlan plan;            // this rank's frames
    MPI_Comm comm = MPI_COMM_NULL;  // private duplicate the plan's messages travel on
    int ranks = 0, length = 0, duration = 0;
    bool liquid = false;
    double planning_ms = 0;
    std::string method;
    std::string cache;                  // LIQUID_PLAN_CACHE: what happened, "" when off
    double seconds_per_block_byte = 0;  // the liquid bound per byte of block (max load/rate); 0 = unknown
    ExecOptions exec;                   // rank 0's LIQUID_SYNC
    long long min_bytes = 0;            // rank 0's LIQUID_MIN_BYTES
    bool compare = false;               // rank 0's LIQUID_COMPARE
    std::size_t report_index = 0;       // its entry in Report::communicators
};

/// Plans the all-to-all of `comm` (collective over `comm`: rank 0 plans, then broadcasts).
CommunicatorPlan plan_communicator(MPI_Comm comm, const Settings& settings);

/// Calls of one kind ("alltoall", "alltoallv") and block size on one communicator.
struct BlockStats {
    long long calls = 0, bytes_sent = 0;  // bytes: this rank's, without its block to itself
    std::vector<double> liquid_s, library_s;
    long long below_min_bytes = 0;  // calls left to the MPI library by LIQUID_MIN_BYTES
    long long planned_calls = 0;    // the others (LIQUID_COMPARE gives every second one to the MPI library)
};

/// One planned communicator in the report.
struct CommunicatorReport {
    CommunicatorPlan plan;  // its settings and plan summary (not its frames)
    std::map<std::pair<std::string, long long>, BlockStats> blocks;
};

/// The report of the process (world rank 0 writes it at MPI_Finalize).
struct Report {
    long long alltoall_calls = 0, alltoallv_calls = 0;
    long long calls_run_by_plan = 0, calls_fallen_back = 0, calls_compared = 0;
    std::vector<std::string> call_fallback_reasons;  // per-call reasons (MPI_IN_PLACE, ...), each once
    std::vector<CommunicatorReport> communicators;   // one per planned communicator
};
/// Writes the report; "" on success, else the reason it could not be written.
std::string write_report(const Report& report, const std::string& path);

}  // namespace liquid::mpi::interposer
