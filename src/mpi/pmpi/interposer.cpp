// libliquid_pmpi.so: the PMPI interposer. Loaded with LD_PRELOAD (or linked before the MPI
// library), it replaces MPI_Alltoall and MPI_Alltoallv: the first call on a communicator
// plans its all-to-all (communicator_plan.cpp), later calls run the cached plan with the
// executor. MPI_Alltoallv runs a weighted plan of its count matrix where that beats the
// uniform plan (alltoallv_plan.cpp: matrices are planned once and cached). Where it cannot
// plan, it calls PMPI_Alltoall(v) and rank 0 says why once.
// Blocks below LIQUID_MIN_BYTES (latency-bound: the plan's frames cost more than they
// save) go to the MPI library too; above it the first calls of each size class try both
// and the faster runs the rest (call_tuning.cpp, LIQUID_TUNE_CALLS); LIQUID_COMPARE=1
// alternates the two on every call to time both.
//
// The cache is an MPI attribute of the communicator, so it dies with the communicator on
// every rank at once (a handle reused by a later communicator starts without a plan on
// every rank, so all ranks plan together).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <set>

#include "interposer.hpp"
#include "liquid/mpi/weighted_executor.hpp"

namespace liquid::mpi::interposer {
namespace {

constexpr std::size_t kSaidMatrices = 8;  // rank 0 says the path of this many matrices per communicator
constexpr int kSaidTunings = 8;           // and the outcome of this many trials

Report& report() {
    static Report r;
    return r;
}

const Settings& settings() {
    static const Settings s = settings_from_environment();
    return s;
}

// Private duplicates of freed communicators: freed outside attribute callbacks.
std::vector<MPI_Comm>& comms_to_free() {
    static std::vector<MPI_Comm> v;
    return v;
}
std::set<CommunicatorPlan*>& live_plans() {
    static std::set<CommunicatorPlan*> s;
    return s;
}

void free_pending_comms() {
    for (MPI_Comm& c : comms_to_free()) PMPI_Comm_free(&c);
    comms_to_free().clear();
    progress_slowest_times(report());
}

// MPI_Finalize has taken the slowest ranks' times of every plan alive.
bool& finalizing() {
    static bool f = false;
    return f;
}

// The communicator of the last call and its plan. Programs call the collective on one
// communicator over and over, and on one node every call falls back to the library, so
// the interposer's cost is its lookups: an attribute and an inter-communicator test were
// about 0.15 µs of a 2.8 µs call (bench/mpi_osu.sh). Forgotten when the plan is deleted: a
// freed handle may come back as a new communicator.
struct LastCall {
    MPI_Comm comm = MPI_COMM_NULL;
    CommunicatorPlan* plan = nullptr;
};
LastCall& last_call() {
    static LastCall last;
    return last;
}

int delete_plan(MPI_Comm, int, void* attribute, void*) {
    auto* plan = static_cast<CommunicatorPlan*>(attribute);
    if (last_call().plan == plan) last_call() = {};
    // The communicator's times are final: the slowest rank's are taken on its private
    // duplicate, which is freed when that is done.
    const bool handed_over = !finalizing() && start_slowest_times(report(), *plan, true);
    if (plan->comm != MPI_COMM_NULL && !handed_over) comms_to_free().push_back(plan->comm);
    live_plans().erase(plan);
    delete plan;
    return MPI_SUCCESS;
}

int keyval() {
    static int key = MPI_KEYVAL_INVALID;
    if (key == MPI_KEYVAL_INVALID) PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_plan, &key, nullptr);
    return key;
}

void say_once(MPI_Comm comm, const std::string& reason, bool error = false) {
    static std::set<std::string> said;
    int rank = 0;
    PMPI_Comm_rank(comm, &rank);
    if (rank != 0 || !said.insert(reason).second) return;
    if (!error) {
        std::fprintf(stderr, "liquid: MPI_Alltoall(v) falls back to the MPI library's algorithm: %s\n", reason.c_str());
        return;
    }
    // One line per rejected variable.
    std::size_t from = 0;
    for (std::size_t to; from <= reason.size(); from = to + 1) {
        to = std::min(reason.find('\n', from), reason.size());
        std::fprintf(stderr, "liquid: error: %s (MPI_Alltoall(v) falls back to the MPI library's algorithm)\n",
                     reason.substr(from, to - from).c_str());
    }
}

void record_call_fallback(MPI_Comm comm, const std::string& reason) {
    ++report().calls_fallen_back;
    auto& reasons = report().call_fallback_reasons;
    if (std::find(reasons.begin(), reasons.end(), reason) == reasons.end()) reasons.push_back(reason);
    say_once(comm, reason);
}

// The plan attached to `comm`, planned on first use (collective).
CommunicatorPlan* attached_plan(MPI_Comm comm) {
    void* value = nullptr;
    int found = 0;
    PMPI_Comm_get_attr(comm, keyval(), &value, &found);
    if (found) return static_cast<CommunicatorPlan*>(value);
    auto* plan = new CommunicatorPlan(plan_communicator(comm, settings()));
    plan->report_index = report().communicators.size();
    PMPI_Comm_set_attr(comm, keyval(), plan);
    live_plans().insert(plan);
    CommunicatorReport entry;
    entry.plan = *plan;
    entry.plan.plan = {};
    entry.plan.root.reset();
    report().communicators.push_back(std::move(entry));
    if (plan->fallback) say_once(comm, plan->reason, plan->bad_environment);
    return plan;
}

// The plan of `comm` for this call. nullptr: fall back.
CommunicatorPlan* plan_of(MPI_Comm comm) {
    free_pending_comms();
    if (comm != last_call().comm) last_call() = {comm, attached_plan(comm)};
    CommunicatorPlan* plan = last_call().plan;
    if (plan->fallback) {
        ++report().calls_fallen_back;
        return nullptr;
    }
    return plan;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Rank 0's line when a trial decides (the first few per communicator).
void say_tuning(const CommunicatorPlan& p, const char* kind, int size_class, const Tuning& t) {
    int rank = 0;
    PMPI_Comm_rank(p.comm, &rank);
    if (rank != 0 || ++report().communicators[p.report_index].tunings_said > kSaidTunings) return;
    const auto [from, to] = size_class_blocks(size_class);
    std::fprintf(stderr,
                 "liquid: MPI_%s on %d ranks, blocks of %lld-%lld bytes: the plan %.3g ms, the MPI library %.3g ms "
                 "(medians of the last %d calls of each, slowest rank): %s from now on\n",
                 std::string(kind) == "alltoallv" ? "Alltoallv" : "Alltoall", p.ranks, from, to, 1e3 * t.liquid_median_s,
                 1e3 * t.library_median_s, p.tune_calls, t.choice == Choice::Library ? "the MPI library" : "the plan");
}

// Runs one call of a planned communicator: the MPI library below LIQUID_MIN_BYTES and on
// every other call under LIQUID_COMPARE=1; else the trial's choice for the call's size
// class (during the trial, the plan and the library in turn); timed for the report.
// Every rank takes the same branch: `block` (wherever a branch depends on it) and the
// communicator's settings agree on all, and so do the per-block and per-class call counts.
template <class Liquid, class Library>
int run_call(CommunicatorPlan& p, const char* kind, long long block, long long bytes_sent, Liquid liquid, Library library) {
    CommunicatorReport& listed = report().communicators[p.report_index];
    BlockStats& stats = listed.blocks[{kind, block}];
    ++stats.calls;
    stats.bytes_sent += bytes_sent;
    const auto start = std::chrono::steady_clock::now();
    auto run_library = [&](long long& counter) {
        ++counter;
        const int rc = library();
        stats.library_s.push_back(seconds_since(start));
        return rc;
    };
    auto run_plan = [&] {
        ++report().calls_run_by_plan;
        const int rc = liquid();
        stats.liquid_s.push_back(seconds_since(start));
        return rc;
    };
    if (block < p.min_bytes) {
        ++stats.below_min_bytes;
        return run_library(report().calls_fallen_back);
    }
    if (p.compare && stats.planned_calls++ % 2 == 1) return run_library(report().calls_compared);
    if (!p.compare && p.tune_calls > 0) {
        const int k = size_class(block);
        Tuning& t = listed.tuning[{kind, k}];
        const Choice before = t.choice;
        const bool to_library = next_runs_library(t);
        if (to_library && t.choice == Choice::Library) ++stats.tuned_to_library;
        const int rc = to_library
                           ? run_library(t.choice == Choice::Library ? report().calls_fallen_back : report().calls_compared)
                           : run_plan();
        const double took = to_library ? stats.library_s.back() : stats.liquid_s.back();
        if (record_call(t, to_library, took, p.tune_calls, p.comm) && t.choice != before) say_tuning(p, kind, k, t);
        return rc;
    }
    return run_plan();
}

int type_size(MPI_Datatype type) {
    int size = 0;
    PMPI_Type_size(type, &size);
    return size;
}

// Checks that need no communication and make a call fall back on every rank alike.
bool unplannable(const void* sendbuf, MPI_Comm comm) {
    int inter = 0;
    if (comm != last_call().comm) PMPI_Comm_test_inter(comm, &inter);  // the last one was tested
    if (inter) {
        record_call_fallback(comm, "inter-communicators are not planned");
        return true;
    }
    if (sendbuf == MPI_IN_PLACE) {
        record_call_fallback(comm, "MPI_IN_PLACE is not planned");
        return true;
    }
    return false;
}

// Rank 0's line about a count matrix planned on `comm` (the first few per communicator).
void say_matrix(const CommunicatorPlan& p, const CommunicatorReport& listed, const MatrixPlan& m) {
    int rank = 0;
    PMPI_Comm_rank(p.comm, &rank);
    const std::size_t n = listed.matrices.size();
    if (rank != 0 || m.report_index >= n || n > kSaidMatrices) return;
    const MatrixReport& r = listed.matrices[m.report_index];
    std::fprintf(stderr, "liquid: MPI_Alltoallv on %d ranks, count matrix %zu: %s; planned in %.3g ms\n", p.ranks, n,
                 r.reason.c_str(), r.planning_ms);
    if (n == kSaidMatrices)
        std::fprintf(stderr, "liquid: MPI_Alltoallv on %d ranks: further count matrices are listed in LIQUID_REPORT only\n",
                     p.ranks);
}

// The count matrix of a call whose blocks are planned: the cached one, or planned now
// (collective); nullptr for a non-contiguous datatype (the uniform plan runs it).
const MatrixPlan* alltoallv_matrix(CommunicatorPlan& p, const AlltoallvCall& call, std::vector<long long> row) {
    CommunicatorReport& listed = report().communicators[p.report_index];
    if (!call.contiguous) {
        ++listed.noncontiguous_calls;
        int rank = 0;
        PMPI_Comm_rank(p.comm, &rank);
        if (rank == 0 && listed.noncontiguous_calls == 1)
            std::fprintf(stderr, "liquid: MPI_Alltoallv with a non-contiguous datatype runs the uniform plan\n");
        return nullptr;
    }
    MatrixPlan* m = call.cached;
    if (!m) {
        m = &plan_matrix(p, std::move(row), listed);
        say_matrix(p, listed, *m);
    } else if (m->report_index < listed.matrices.size()) {
        ++listed.matrices[m->report_index].cache_hits;
    }
    if (m->report_index < listed.matrices.size()) ++listed.matrices[m->report_index].calls;
    return m;
}

}  // namespace
}  // namespace liquid::mpi::interposer

using namespace liquid::mpi::interposer;

extern "C" int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                            MPI_Datatype recvtype, MPI_Comm comm) {
    ++report().alltoall_calls;
    auto library = [&] { return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm); };
    if (unplannable(sendbuf, comm)) return library();
    CommunicatorPlan* p = plan_of(comm);
    if (!p) return library();
    const long long block = static_cast<long long>(sendcount) * type_size(sendtype);  // alike on every rank
    return run_call(
        *p, "alltoall", block, block * (p->ranks - 1),
        [&] {
            return liquid::mpi::alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, p->comm, p->plan, p->exec);
        },
        library);
}

extern "C" int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                             void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
    ++report().alltoallv_calls;
    auto library = [&] {
        return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
    };
    if (unplannable(sendbuf, comm)) return library();
    CommunicatorPlan* p = plan_of(comm);
    if (!p) return library();
    // This rank's row of the count matrix in bytes. The ranks agree on the largest block
    // (LIQUID_MIN_BYTES and LIQUID_COMPARE go by it) and on the cached matrix, if any, in
    // one small all-reduce on the private communicator, before the timed call.
    int rank = 0;
    PMPI_Comm_rank(p->comm, &rank);
    const long long size = type_size(sendtype);
    std::vector<long long> row(p->ranks);
    long long sent = 0;
    for (int r = 0; r < p->ranks; ++r) {
        row[r] = sendcounts[r] * size;
        if (r != rank) sent += row[r];
    }
    const AlltoallvCall call = match_matrix(*p, row, liquid::mpi::contiguous(sendtype) && liquid::mpi::contiguous(recvtype));
    const MatrixPlan* matrix = call.block < p->min_bytes ? nullptr : alltoallv_matrix(*p, call, std::move(row));
    if (matrix && matrix->path == VPath::Library) {
        ++report().calls_fallen_back;
        return library();
    }
    return run_call(
        *p, "alltoallv", call.block, sent,
        [&] {
            if (matrix && matrix->path == VPath::Weighted)
                return liquid::mpi::alltoallv_weighted(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                                       recvtype, p->comm, matrix->plan, p->exec);
            return liquid::mpi::alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, p->comm,
                                          p->plan, p->exec);
        },
        library);
}

extern "C" int MPI_Finalize(void) {
    int rank = 0;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (CommunicatorPlan* plan : live_plans()) start_slowest_times(report(), *plan, false);
    finalizing() = true;
    finish_slowest_times(report());
    if (rank == 0 && !settings().report.empty())
        if (const std::string problem = write_report(report(), settings().report); !problem.empty())
            std::fprintf(stderr, "liquid: error: LIQUID_REPORT: %s\n", problem.c_str());
    // Free the private duplicates now: communicators still alive (MPI_COMM_WORLD's
    // attribute) are deleted by MPI_Finalize, when freeing is no longer allowed.
    free_pending_comms();
    for (CommunicatorPlan* plan : live_plans())
        if (plan->comm != MPI_COMM_NULL) PMPI_Comm_free(&plan->comm);
    return PMPI_Finalize();
}
