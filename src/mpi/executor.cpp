#include "liquid/mpi/executor.hpp"

#include <vector>

#include "frame_loop.hpp"
#include "liquid/mpi/weighted_executor.hpp"

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
    MPI_Aint bytes_of(int p) const { return MPI_Aint(count_of(p)) * type_size; }
    const char* at(int p) const {
        const MPI_Aint displ = displs ? MPI_Aint(displs[p]) : MPI_Aint(p) * count;
        return base + displ * extent;
    }
    // Both sides of a pair agree on the byte count (MPI's type-signature rule), so a pair
    // with no bytes is skipped by sender and receiver alike.
    bool empty(int p) const { return bytes_of(p) == 0; }
};

// Whether this call's blocks travel as bytes, in pieces of options.chunk_bytes: only where
// every rank's datatypes are contiguous (a byte offset inside a derived type means nothing
// to the other side), which the ranks settle with one MPI_Allreduce, so all decide alike.
// MPI_Alltoall's blocks have one size on every rank: none above a piece, no need to ask.
int split_blocks(const Blocks& send, const Blocks& recv, bool uniform, const ExecOptions& options, MPI_Comm comm, bool& split) {
    split = false;
    if (options.chunk_bytes <= 0 || (uniform && send.bytes_of(0) <= options.chunk_bytes)) return MPI_SUCCESS;
    int mine = contiguous(send.type) && contiguous(recv.type) ? 1 : 0, all = 0;
    if (int rc = MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_LAND, comm); rc != MPI_SUCCESS) return rc;
    split = all != 0;
    return MPI_SUCCESS;
}

int run(const Blocks& send, const Blocks& recv, bool uniform, MPI_Comm comm, const plan::RankPlan& plan,
        const ExecOptions& options) {
    if (int rc = check_rank_plan(plan, comm); rc != MPI_SUCCESS) return rc;
    bool split = false;
    if (int rc = split_blocks(send, recv, uniform, options, comm, split); rc != MPI_SUCCESS) return rc;
    const int self = plan.rank;
    if (!send.empty(self) || !recv.empty(self)) {
        int rc = MPI_Sendrecv(send.at(self), send.count_of(self), send.type, self, kTag, const_cast<char*>(recv.at(self)),
                              recv.count_of(self), recv.type, self, kTag, comm, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS) return rc;
    }
    auto post_receives = [&](std::size_t f, std::vector<MPI_Request>& requests) -> int {
        for (int p : plan.frames[f].recv_from) {
            if (recv.empty(p)) continue;
            if (split) {
                char* at = const_cast<char*>(recv.at(p));
                if (int rc = post_bytes(false, at, recv.bytes_of(p), p, options.chunk_bytes, comm, requests); rc != MPI_SUCCESS)
                    return rc;
                continue;
            }
            requests.emplace_back();
            int rc = MPI_Irecv(const_cast<char*>(recv.at(p)), recv.count_of(p), recv.type, p, kTag, comm, &requests.back());
            if (rc != MPI_SUCCESS) return rc;
        }
        return MPI_SUCCESS;
    };
    auto post_sends = [&](std::size_t f, std::vector<MPI_Request>& requests) -> int {
        for (int p : plan.frames[f].send_to) {
            if (send.empty(p)) continue;
            if (split) {
                char* at = const_cast<char*>(send.at(p));
                if (int rc = post_bytes(true, at, send.bytes_of(p), p, options.chunk_bytes, comm, requests); rc != MPI_SUCCESS)
                    return rc;
                continue;
            }
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
               true, comm, plan, options);
}

int alltoallv(const void* sendbuf, const int* sendcounts, const int* sdispls, MPI_Datatype sendtype, void* recvbuf,
              const int* recvcounts, const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm, const plan::RankPlan& plan,
              const ExecOptions& options) {
    return run(Blocks(sendbuf, sendtype, 0, sendcounts, sdispls), Blocks(recvbuf, recvtype, 0, recvcounts, rdispls), false, comm,
               plan, options);
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
