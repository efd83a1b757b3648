// libliquid_pmpi.so: the PMPI interposer. Loaded with LD_PRELOAD (or linked before the MPI
// library), it replaces MPI_Alltoall and MPI_Alltoallv: the first call on a communicator
// plans its all-to-all (communicator_plan.cpp), later calls run the cached plan with the
// executor. Where it cannot plan, it calls PMPI_Alltoall(v) and rank 0 says why once.
//
// The cache is an MPI attribute of the communicator, so it dies with the communicator on
// every rank at once (a handle reused by a later communicator starts without a plan on
// every rank, so all ranks plan together).
#include <algorithm>
#include <cstdio>
#include <mutex>
#include <set>

#include "interposer.hpp"

namespace liquid::mpi::interposer {
namespace {

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
}

int delete_plan(MPI_Comm, int, void* attribute, void*) {
    auto* plan = static_cast<CommunicatorPlan*>(attribute);
    if (plan->comm != MPI_COMM_NULL) comms_to_free().push_back(plan->comm);
    live_plans().erase(plan);
    delete plan;
    return MPI_SUCCESS;
}

int keyval() {
    static int key = MPI_KEYVAL_INVALID;
    if (key == MPI_KEYVAL_INVALID) PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_plan, &key, nullptr);
    return key;
}

void say_once(MPI_Comm comm, const std::string& reason) {
    static std::set<std::string> said;
    int rank = 0;
    PMPI_Comm_rank(comm, &rank);
    if (rank == 0 && said.insert(reason).second)
        std::fprintf(stderr, "liquid: MPI_Alltoall(v) falls back to the MPI library's algorithm: %s\n", reason.c_str());
}

void record_call_fallback(MPI_Comm comm, const std::string& reason) {
    ++report().calls_fallen_back;
    auto& reasons = report().call_fallback_reasons;
    if (std::find(reasons.begin(), reasons.end(), reason) == reasons.end()) reasons.push_back(reason);
    say_once(comm, reason);
}

// The plan of `comm`, planned on first use (collective). nullptr: fall back.
const CommunicatorPlan* plan_of(MPI_Comm comm) {
    free_pending_comms();
    void* value = nullptr;
    int found = 0;
    PMPI_Comm_get_attr(comm, keyval(), &value, &found);
    if (!found) {
        auto* plan = new CommunicatorPlan(plan_communicator(comm, settings()));
        PMPI_Comm_set_attr(comm, keyval(), plan);
        live_plans().insert(plan);
        report().plans.push_back(*plan);
        if (plan->fallback) say_once(comm, plan->reason);
        value = plan;
    }
    auto* plan = static_cast<const CommunicatorPlan*>(value);
    if (plan->fallback) {
        ++report().calls_fallen_back;
        return nullptr;
    }
    ++report().calls_run_by_plan;
    return plan;
}

// Checks that need no communication and make a call fall back on every rank alike.
bool unplannable(const void* sendbuf, MPI_Comm comm) {
    int inter = 0;
    PMPI_Comm_test_inter(comm, &inter);
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

}  // namespace
}  // namespace liquid::mpi::interposer

using namespace liquid::mpi::interposer;

extern "C" int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                            MPI_Datatype recvtype, MPI_Comm comm) {
    ++report().alltoall_calls;
    if (!unplannable(sendbuf, comm))
        if (const CommunicatorPlan* p = plan_of(comm))
            return liquid::mpi::alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, p->comm, p->plan,
                                         settings().exec);
    return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

extern "C" int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                             void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
    ++report().alltoallv_calls;
    if (!unplannable(sendbuf, comm))
        if (const CommunicatorPlan* p = plan_of(comm))
            return liquid::mpi::alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, p->comm,
                                          p->plan, settings().exec);
    return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}

extern "C" int MPI_Finalize(void) {
    int rank = 0;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0 && !settings().report.empty()) write_report(report(), settings().report);
    // Free the private duplicates now: communicators still alive (MPI_COMM_WORLD's
    // attribute) are deleted by MPI_Finalize, when freeing is no longer allowed.
    free_pending_comms();
    for (CommunicatorPlan* plan : live_plans())
        if (plan->comm != MPI_COMM_NULL) PMPI_Comm_free(&plan->comm);
    return PMPI_Finalize();
}
