#include "liquid/mpi/executor.hpp"

#include <vector>

#include "frame_loop.hpp"

namespace liquid::mpi {
namespace {

// Where block p of a buffer is: displ(p) × extent bytes from its start, count(p) elements.
struct Blocks {
    const char* base;
    MPI_Datatype type;
    MPI_Aint extent = 0;
    int type_size = 0;
    const int* counts = nullptr;  // alltoallv; else `count` for every block
    const int* displs = nullptr;
    int count = 0;

    Blocks(const void* buf, MPI_Datatype t, int c, const int* cs, const int* ds)
        : base(static_cast<const char*>(buf)), type(t), counts(cs), displs(ds), count(c) {
        MPI_Aint lb = 0;
        MPI_Type_get_extent(type, &lb, &extent);
        MPI_Type_size(type, &type_size);
    }
    int count_of(int p) const { return counts ? counts[p] : count; }
    const char* at(int p) const {
        const MPI_Aint displ = displs ? MPI_Aint(displs[p]) : MPI_Aint(p) * count;
        return base + displ * extent;
    }
    // Both sides of a pair agree on the byte count (MPI's type-signature rule), so a pair
    // with no bytes is skipped by sender and receiver alike.
    bool empty(int p) const { return MPI_Aint(count_of(p)) * type_size == 0; }
};

int run(const Blocks& send, const Blocks& recv, MPI_Comm comm, const plan::RankPlan& plan, const ExecOptions& options) {
    if (int rc = check_rank_plan(plan, comm); rc != MPI_SUCCESS) return rc;
    const int self = plan.rank;
    if (!send.empty(self) || !recv.empty(self)) {
        int rc = MPI_Sendrecv(send.at(self), send.count_of(self), send.type, self, kTag, const_cast<char*>(recv.at(self)),
                              recv.count_of(self), recv.type, self, kTag, comm, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS) return rc;
    }
    auto post_receives = [&](std::size_t f, std::vector<MPI_Request>& requests) -> int {
        for (int p : plan.frames[f].recv_from) {
            if (recv.empty(p)) continue;
            requests.emplace_back();
            int rc = MPI_Irecv(const_cast<char*>(recv.at(p)), recv.count_of(p), recv.type, p, kTag, comm, &requests.back());
            if (rc != MPI_SUCCESS) return rc;
        }
        return MPI_SUCCESS;
    };
    auto post_sends = [&](std::size_t f, std::vector<MPI_Request>& requests) -> int {
        for (int p : plan.frames[f].send_to) {
            if (send.empty(p)) continue;
            requests.emplace_back();
            int rc = MPI_Isend(send.at(p), send.count_of(p), send.type, p, kTag, comm, &requests.back());
            if (rc != MPI_SUCCESS) return rc;
        }
        return MPI_SUCCESS;
    };
    return run_frames(plan, comm, options, post_receives, post_sends);
}

int own_rank(MPI_Comm comm) {
    int rank = -1;
    MPI_Comm_rank(comm, &rank);
    return rank;
}

}  // namespace

int alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
             MPI_Comm comm, const plan::RankPlan& plan, const ExecOptions& options) {
    return run(Blocks(sendbuf, sendtype, sendcount, nullptr, nullptr), Blocks(recvbuf, recvtype, recvcount, nullptr, nullptr),
               comm, plan, options);
}

int alltoallv(const void* sendbuf, const int* sendcounts, const int* sdispls, MPI_Datatype sendtype, void* recvbuf,
              const int* recvcounts, const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm, const plan::RankPlan& plan,
              const ExecOptions& options) {
    return run(Blocks(sendbuf, sendtype, 0, sendcounts, sdispls), Blocks(recvbuf, recvtype, 0, recvcounts, rdispls), comm, plan,
               options);
}

int alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
             MPI_Comm comm, const plan::Plan& plan, const ExecOptions& options) {
    return alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, plan::rank_plan(plan, own_rank(comm)),
                    options);
}

int alltoallv(const void* sendbuf, const int* sendcounts, const int* sdispls, MPI_Datatype sendtype, void* recvbuf,
              const int* recvcounts, const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm, const plan::Plan& plan,
              const ExecOptions& options) {
    return alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm,
                     plan::rank_plan(plan, own_rank(comm)), options);
}

}  // namespace liquid::mpi
