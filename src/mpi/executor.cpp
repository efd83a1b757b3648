#include "liquid/mpi/executor.hpp"

#include <algorithm>
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

// How this call's blocks travel: as bytes, in pieces of options.chunk_bytes and passes of
// options.pass_bytes, only where every rank's datatypes are contiguous (a byte offset
// inside a derived type means nothing to the other side). The ranks settle that, and the
// number of passes (set by the largest block of any rank), with one MPI_Allreduce, so all
// decide alike. MPI_Alltoall's blocks have one size on every rank: when none exceeds a
// piece or a pass, there is nothing to ask.
struct Travel {
    bool bytes = false;  // blocks as MPI_BYTE ranges
    MPI_Aint passes = 1;
};

MPI_Aint passes_of(MPI_Aint bytes, int pass_bytes) {
    return pass_bytes > 0 && bytes > pass_bytes ? (bytes + pass_bytes - 1) / pass_bytes : 1;
}

MPI_Aint largest_block(const Blocks& send, const Blocks& recv, bool uniform, int ranks) {
    if (uniform) return std::max(send.bytes_of(0), recv.bytes_of(0));
    MPI_Aint most = 0;
    for (int p = 0; p < ranks; ++p) most = std::max({most, send.bytes_of(p), recv.bytes_of(p)});
    return most;
}

int settle_travel(const Blocks& send, const Blocks& recv, bool uniform, int ranks, const ExecOptions& options, MPI_Comm comm,
                  Travel& travel) {
    travel = {};
    const MPI_Aint largest = largest_block(send, recv, uniform, ranks);
    const bool pieces = options.chunk_bytes > 0 && (!uniform || largest > options.chunk_bytes);
    const bool passes = options.pass_bytes > 0 && (!uniform || largest > options.pass_bytes);
    if (!pieces && !passes) return MPI_SUCCESS;
    // Maxima over the ranks: whether any type is not contiguous, the largest block.
    long long mine[2] = {contiguous(send.type) && contiguous(recv.type) ? 0 : 1, static_cast<long long>(largest)}, all[2] = {};
    if (int rc = MPI_Allreduce(mine, all, 2, MPI_LONG_LONG, MPI_MAX, comm); rc != MPI_SUCCESS) return rc;
    if (all[0] != 0) return MPI_SUCCESS;
    travel.bytes = true;
    travel.passes = passes_of(static_cast<MPI_Aint>(all[1]), options.pass_bytes);
    return MPI_SUCCESS;
}

// Slice `pass` of a block of `bytes` bytes cut into passes_of(bytes) equal slices (the first
// bytes % slices one byte longer), as [offset, offset + size); size 0 past its last slice.
struct Slice {
    MPI_Aint offset = 0, size = 0;
};

Slice slice_of(MPI_Aint bytes, MPI_Aint pass, int pass_bytes) {
    const MPI_Aint slices = passes_of(bytes, pass_bytes);
    if (pass >= slices) return {};
    const MPI_Aint base = bytes / slices, longer = bytes % slices;
    return {pass * base + std::min(pass, longer), base + (pass < longer ? 1 : 0)};
}

int run(const Blocks& send, const Blocks& recv, bool uniform, MPI_Comm comm, const plan::RankPlan& plan,
        const ExecOptions& options) {
    if (int rc = check_rank_plan(plan, comm); rc != MPI_SUCCESS) return rc;
    Travel travel;
    if (int rc = settle_travel(send, recv, uniform, plan.ranks, options, comm, travel); rc != MPI_SUCCESS) return rc;
    const int self = plan.rank;
    if (!send.empty(self) || !recv.empty(self)) {
        int rc = MPI_Sendrecv(send.at(self), send.count_of(self), send.type, self, kTag, const_cast<char*>(recv.at(self)),
                              recv.count_of(self), recv.type, self, kTag, comm, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS) return rc;
    }
    // Block p of the send buffer to rank p (or of the receive buffer from it) in pass
    // `pass`: one message of its datatype, or its slice's bytes in pieces.
    auto post_block = [&](bool sending, int p, MPI_Aint pass, std::vector<MPI_Request>& requests) -> int {
        const Blocks& b = sending ? send : recv;
        if (b.empty(p)) return MPI_SUCCESS;
        char* at = const_cast<char*>(b.at(p));
        if (travel.bytes) {
            const Slice s = slice_of(b.bytes_of(p), pass, options.pass_bytes);
            if (s.size == 0) return MPI_SUCCESS;
            return post_bytes(sending, at + s.offset, s.size, p, options.chunk_bytes, comm, requests);
        }
        requests.emplace_back();
        return sending ? MPI_Isend(at, b.count_of(p), b.type, p, kTag, comm, &requests.back())
                       : MPI_Irecv(at, b.count_of(p), b.type, p, kTag, comm, &requests.back());
    };
    auto post_all = [&](bool sending, MPI_Aint pass) {
        return [&, sending, pass](std::size_t f, std::vector<MPI_Request>& requests) -> int {
            for (int p : sending ? plan.frames[f].send_to : plan.frames[f].recv_from)
                if (int rc = post_block(sending, p, pass, requests); rc != MPI_SUCCESS) return rc;
            return MPI_SUCCESS;
        };
    };
    for (MPI_Aint pass = 0; pass < travel.passes; ++pass) {
        // The tokens order the frames of one pass; the next pass's first frames must not
        // overlap this pass's last ones either.
        if (pass > 0 && options.sync == Sync::Links)
            if (int rc = MPI_Barrier(comm); rc != MPI_SUCCESS) return rc;
        if (int rc = run_frames(plan, comm, options, post_all(false, pass), post_all(true, pass)); rc != MPI_SUCCESS) return rc;
    }
    return MPI_SUCCESS;
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
