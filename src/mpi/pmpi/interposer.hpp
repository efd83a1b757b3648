#pragma once
// Internals of libliquid_pmpi.so, the PMPI interposer of MPI_Alltoall / MPI_Alltoallv.
#include <mpi.h>

#include <deque>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "liquid/mpi/executor.hpp"
#include "liquid/plan/interposer_environment.hpp"
#include "liquid/plan/plan.hpp"
#include "liquid/plan/weighted_plan.hpp"

namespace liquid::mpi::interposer {

/// The interposer's settings, read from the environment of each process. Rank 0 of a
/// communicator plans and decides for all its ranks (sync, LIQUID_MIN_BYTES and
/// LIQUID_COMPARE are broadcast with the plan, so the ranks always agree).
using Settings = plan::InterposerEnvironment;
Settings settings_from_environment();

/// What rank 0 of a communicator keeps to plan MPI_Alltoallv count matrices (absent on the
/// other ranks and when the plan came from LIQUID_PLAN, which has no network).
struct RootState {
    const Network* network = nullptr;
    plan::RankTraffic traffic;  // the all-to-all among the ranks, routed
    plan::Plan uniform;         // the communicator's plan, with its routes
};

/// How MPI_Alltoallv runs one count matrix.
enum class VPath { Weighted, Uniform, Library };
const char* path_name(VPath path);

/// One count matrix of MPI_Alltoallv, as this rank knows it.
struct MatrixPlan {
    std::vector<long long> row;  // this rank's bytes per peer: the key, with every other rank's row
    VPath path = VPath::Uniform;
    plan::WeightedRankPlan plan;   // VPath::Weighted: this rank's part
    std::size_t report_index = 0;  // its entry in CommunicatorReport::matrices (kListedMatrices: none)
};

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
    int tune_calls = 0;                 // rank 0's LIQUID_TUNE_CALLS
    std::size_t report_index = 0;       // its entry in Report::communicators
    double v_time_limit_s = 0.5;        // rank 0's LIQUID_V_TIME_LIMIT
    long long v_min_piece = 65536;      // rank 0's LIQUID_V_MIN_PIECE
    std::shared_ptr<const RootState> root;
    std::deque<MatrixPlan> matrices;  // the last count matrices, most recently used first
    double frame_overhead_s = -1;     // rank 0: a synchronised frame's cost, measured (-1: not yet)
};

/// Collective over `comm`: every rank returns rank 0's `s`.
void broadcast_string(std::string& s, MPI_Comm comm);

/// Plans the all-to-all of `comm` (collective over `comm`: rank 0 plans, then broadcasts).
CommunicatorPlan plan_communicator(MPI_Comm comm, const Settings& settings);

/// Calls of one kind ("alltoall", "alltoallv") and block size on one communicator.
struct BlockStats {
    long long calls = 0, bytes_sent = 0;      // bytes: this rank's, without its block to itself
    std::vector<double> liquid_s, library_s;  // this rank's times; the slowest rank's once reduced
    long long below_min_bytes = 0;            // calls left to the MPI library by LIQUID_MIN_BYTES
    long long planned_calls = 0;              // the others (LIQUID_COMPARE gives every second one to the MPI library)
    long long tuned_to_library = 0;           // calls the trial gave to the MPI library (after it)
};

/// The trial of one call kind and size class (blocks of 2^k to 2^(k+1) - 1 bytes) on one
/// communicator: its first calls from LIQUID_MIN_BYTES up alternate the plan and the MPI
/// library, LIQUID_TUNE_CALLS of each, and the faster (the slowest rank's medians) runs
/// the later calls. The other is timed again on the 8th, 16th, 32nd, ... call after the
/// choice, and the choice made again from the last LIQUID_TUNE_CALLS times of each, so a
/// trial misled by a noisy network is corrected at a cost that vanishes with the calls.
/// Every rank counts the same calls, so all decide in the same call.
enum class Choice { Trying, Liquid, Library };
struct Tuning {
    std::vector<double> liquid_s, library_s;  // this rank's last times of each (the trial's, then the latest)
    Choice choice = Choice::Trying;
    double liquid_median_s = 0, library_median_s = 0;  // the slowest rank's, at the last choice
    long long calls_since_choice = 0, next_recheck = 8;
    int rechecks = 0, changes = 0;  // times the other was timed again, and the choice changed
};

/// The median of a non-empty list (the mean of the two middle values for an even count).
double median_of(std::vector<double> v);
/// The size class of a block: floor(log2(block)); -1 for an empty block.
int size_class(long long block);
/// The blocks of a size class, first and last ({0, 0} for class -1).
std::pair<long long, long long> size_class_blocks(int size_class);
/// Whether the next call of this class runs the MPI library: during the trial the plan and
/// the library in turn (the plan first), then the choice, and the other at a re-check.
/// Counts the call.
bool next_runs_library(Tuning& t);
/// Records the call's time; at the end of the trial and at a re-check it chooses (collective
/// over `comm`: one all-reduce, in the same call on every rank). True when it chose.
bool record_call(Tuning& t, bool library, double seconds, int calls_each, MPI_Comm comm);
const char* choice_name(Choice choice);

/// One MPI_Alltoallv count matrix in the report.
struct MatrixReport {
    VPath path = VPath::Uniform;
    std::string reason;  // rank 0's decision, e.g. "weighted plan: 14 frames, ..."
    int frames = 0;
    double planned_s = 0, uniform_s = 0, bound_s = 0;  // model times with the measured frame cost
    double planning_ms = 0;                            // gather, plan, scatter
    long long calls = 0, cache_hits = 0;
};

/// One planned communicator in the report.
struct CommunicatorReport {
    CommunicatorPlan plan;  // its settings and plan summary (not its frames)
    std::map<std::pair<std::string, long long>, BlockStats> blocks;
    std::map<std::pair<std::string, int>, Tuning> tuning;  // by call kind and size class
    int tunings_said = 0;                                  // rank 0's lines about decided trials
    std::vector<MatrixReport> matrices;                    // the first kListedMatrices count matrices planned
    long long matrices_not_listed = 0;
    long long noncontiguous_calls = 0;  // MPI_Alltoallv calls with a non-contiguous datatype: uniform plan
    double frame_cost_s = -1;           // the measured cost of a frame (-1: no matrix planned)
};

/// Count matrices cached per communicator, and listed in the report.
constexpr std::size_t kCachedMatrices = 4;
constexpr std::size_t kListedMatrices = 64;

/// How the ranks of a planned communicator agree on one MPI_Alltoallv call (one small
/// all-reduce over the private communicator): the largest block, whether every rank's
/// types are contiguous, and which cached matrix (if any) has every rank's row.
struct AlltoallvCall {
    long long block = 0;
    bool contiguous = true;
    MatrixPlan* cached = nullptr;  // moved to the front of CommunicatorPlan::matrices
};
AlltoallvCall match_matrix(CommunicatorPlan& p, const std::vector<long long>& row, bool contiguous_here);

/// Collective over p.comm: the rows are gathered to rank 0, which plans the matrix and
/// decides its path; the decision (and each rank's part of a weighted plan) comes back to
/// every rank. The matrix is cached (the oldest dropped) and listed in `listed`.
MatrixPlan& plan_matrix(CommunicatorPlan& p, std::vector<long long> row, CommunicatorReport& listed);

/// The report of the process (world rank 0 writes it at MPI_Finalize).
struct Report {
    long long alltoall_calls = 0, alltoallv_calls = 0;
    long long calls_run_by_plan = 0, calls_fallen_back = 0, calls_compared = 0;
    std::vector<std::string> call_fallback_reasons;  // per-call reasons (MPI_IN_PLACE, ...), each once
    std::vector<CommunicatorReport> communicators;   // one per planned communicator
};
/// The report's call times become the slowest rank's, call by call (slowest_times.cpp).
/// Starts a non-blocking maximum over `plan`'s ranks of its time lists; true when it did
/// and `free_after` handed it plan.comm to free once done. Collective (non-blocking).
bool start_slowest_times(Report& report, const CommunicatorPlan& plan, bool free_after);
/// Completes the maxima that are done (and frees their communicators); local.
void progress_slowest_times(Report& report);
/// Waits for every maximum started (at MPI_Finalize, before the report is written).
void finish_slowest_times(Report& report);

/// Writes the report; "" on success, else the reason it could not be written.
std::string write_report(const Report& report, const std::string& path);

}  // namespace liquid::mpi::interposer
