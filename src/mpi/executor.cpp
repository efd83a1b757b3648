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
    // Block p of the send buffer to rank p (or of the receive buffer from it): one message
    // of its datatype, or its bytes in pieces.
    auto post_block = [&](bool sending, int p, std::vector<MPI_Request>& requests) -> int {
        const Blocks& b = sending ? send : recv;
        if (b.empty(p)) return MPI_SUCCESS;
        char* at = const_cast<char*>(b.at(p));
        if (split) return post_bytes(sending, at, b.bytes_of(p), p, options.chunk_bytes, comm, requests);
        requests.emplace_back();
        return sending ? MPI_Isend(at, b.count_of(p), b.type, p, kTag, comm, &requests.back())
                       : MPI_Irecv(at, b.count_of(p), b.type, p, kTag, comm, &requests.back());
    };
    auto post_all = [&](bool sending) {
        return [&, sending](std::size_t f, std::vector<MPI_Request>& requests) -> int {
            for (int p : sending ? plan.frames[f].send_to : plan.frames[f].recv_from)
                if (int rc = post_block(sending, p, requests); rc != MPI_SUCCESS) return rc;
            return MPI_SUCCESS;
        };
    };
    return run_frames(plan, comm, options, post_all(false), post_all(true));
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
