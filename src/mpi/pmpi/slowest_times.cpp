// The report's call times are the slowest rank's. A rank's own time of a call ends when
// its own messages are done, which on a rank off the bottleneck links is well before the
// call is done for the others: world rank 0's times alone made the achieved fraction of
// the liquid throughput exceed 1. So each rank keeps its own times, and once per
// communicator (when it is freed, or at MPI_Finalize) one all-reduce takes the maximum over
// the ranks call by call.
//
// The all-reduce is non-blocking and completed at MPI_Finalize: a program may free its
// communicators in different orders on different ranks (MPI_Comm_free is local in
// practice), which blocking collectives on several communicators would turn into a hang.
#include <deque>
#include <vector>

#include "interposer.hpp"

namespace liquid::mpi::interposer {
namespace {

// Every time list of a communicator's report entry, in one order on every rank: the
// blocks map is keyed alike on all ranks (call kind and agreed block size), and every rank
// took the same branch (plan or library) in every call.
template <class Visit>
void for_each_time_list(CommunicatorReport& entry, Visit visit) {
    for (auto& [key, stats] : entry.blocks) {
        visit(stats.liquid_s);
        visit(stats.library_s);
    }
}

struct PendingMaximum {
    std::size_t report_index = 0;
    std::vector<double> times;  // flattened time lists; the maxima once the request completes
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Comm comm = MPI_COMM_NULL;  // freed once the request completes (MPI_COMM_NULL: not ours to free)
};

std::deque<PendingMaximum>& pending() {
    static std::deque<PendingMaximum> d;
    return d;
}

void complete(Report& report, PendingMaximum& p) {
    std::size_t at = 0;
    for_each_time_list(report.communicators[p.report_index], [&](std::vector<double>& list) {
        for (double& t : list) t = p.times[at++];
    });
    if (p.comm != MPI_COMM_NULL) PMPI_Comm_free(&p.comm);
}

}  // namespace

bool start_slowest_times(Report& report, const CommunicatorPlan& plan, bool free_after) {
    if (plan.fallback || plan.comm == MPI_COMM_NULL || plan.report_index >= report.communicators.size()) return false;
    PendingMaximum& p = pending().emplace_back();
    p.report_index = plan.report_index;
    for_each_time_list(report.communicators[plan.report_index],
                       [&](const std::vector<double>& list) { p.times.insert(p.times.end(), list.begin(), list.end()); });
    // Every rank has as many times, so every rank starts the collective, or none does.
    if (p.times.empty()) {
        pending().pop_back();
        return false;
    }
    if (free_after) p.comm = plan.comm;
    PMPI_Iallreduce(MPI_IN_PLACE, p.times.data(), static_cast<int>(p.times.size()), MPI_DOUBLE, MPI_MAX, plan.comm, &p.request);
    return free_after;
}

void progress_slowest_times(Report& report) {
    for (auto it = pending().begin(); it != pending().end();) {
        int done = 0;
        PMPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
        if (!done) {
            ++it;
            continue;
        }
        complete(report, *it);
        it = pending().erase(it);
    }
}

void finish_slowest_times(Report& report) {
    for (PendingMaximum& p : pending()) {
        PMPI_Wait(&p.request, MPI_STATUS_IGNORE);
        complete(report, p);
    }
    pending().clear();
}

}  // namespace liquid::mpi::interposer
