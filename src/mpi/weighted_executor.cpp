// The weighted executor (weighted_executor.hpp).
#include "liquid/mpi/weighted_executor.hpp"

#include <vector>

#include "frame_loop.hpp"
#include "rank_plan_codec.hpp"

namespace liquid::mpi {
namespace {

// Where block p of a contiguous buffer starts.
struct ByteBlocks {
    char* base;
    MPI_Aint extent = 0;
    const int* displs;

    ByteBlocks(const void* buf, MPI_Datatype type, const int* ds) : base(static_cast<char*>(const_cast<void*>(buf))), displs(ds) {
        MPI_Aint lb = 0;
        MPI_Type_get_extent(type, &lb, &extent);
    }
    char* at(int p, const plan::ByteRange& r) const { return base + MPI_Aint(displs[p]) * extent + r.offset; }
};

// Pieces of one frame: one byte range per peer, in messages of at most `chunk` bytes.
int post(const std::vector<int>& peers, const std::vector<plan::ByteRange>& ranges, const ByteBlocks& blocks, bool send,
         int chunk, MPI_Comm comm, std::vector<MPI_Request>& requests) {
    for (std::size_t i = 0; i < peers.size(); ++i)
        if (int rc = post_bytes(send, blocks.at(peers[i], ranges[i]), ranges[i].bytes, peers[i], chunk, comm, requests);
            rc != MPI_SUCCESS)
            return rc;
    return MPI_SUCCESS;
}

// Ranges after the rank plan: per frame, each send's then each receive's (offset, bytes).
void encode_ranges(const plan::WeightedRankPlan& p, std::vector<long long>& out) {
    for (const auto* side : {&p.sends, &p.recvs})
        for (const auto& frame : *side)
            for (const plan::ByteRange& r : frame) out.insert(out.end(), {r.offset, r.bytes});
}

void decode_ranges(const std::vector<long long>& in, std::size_t& at, plan::WeightedRankPlan& p) {
    const std::size_t frames = p.plan.frames.size();
    p.sends.assign(frames, {});
    p.recvs.assign(frames, {});
    for (std::size_t f = 0; f < frames; ++f)
        for (std::size_t i = 0; i < p.plan.frames[f].send_to.size(); ++i, at += 2) p.sends[f].push_back({in[at], in[at + 1]});
    for (std::size_t f = 0; f < frames; ++f)
        for (std::size_t i = 0; i < p.plan.frames[f].recv_from.size(); ++i, at += 2) p.recvs[f].push_back({in[at], in[at + 1]});
}

}  // namespace

bool contiguous(MPI_Datatype type) {
    MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
    int size = 0;
    MPI_Type_get_extent(type, &lb, &extent);
    MPI_Type_get_true_extent(type, &true_lb, &true_extent);
    MPI_Type_size(type, &size);
    return lb == 0 && true_lb == 0 && extent == size && true_extent == size;
}

int alltoallv_weighted(const void* sendbuf, const int* sendcounts, const int* sdispls, MPI_Datatype sendtype, void* recvbuf,
                       const int* recvcounts, const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm,
                       const plan::WeightedRankPlan& plan, const ExecOptions& options) {
    if (int rc = check_rank_plan(plan.plan, comm); rc != MPI_SUCCESS) return rc;
    if (!contiguous(sendtype) || !contiguous(recvtype)) return MPI_ERR_TYPE;
    const int self = plan.plan.rank;
    int send_size = 0, recv_size = 0;
    MPI_Type_size(sendtype, &send_size);
    MPI_Type_size(recvtype, &recv_size);
    const ByteBlocks send(sendbuf, sendtype, sdispls), recv(recvbuf, recvtype, rdispls);
    if (MPI_Aint(sendcounts[self]) * send_size > 0 || MPI_Aint(recvcounts[self]) * recv_size > 0) {
        const plan::ByteRange start{0, 0};
        int rc = MPI_Sendrecv(send.at(self, start), sendcounts[self], sendtype, self, kTag, recv.at(self, start),
                              recvcounts[self], recvtype, self, kTag, comm, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS) return rc;
    }
    const auto& frames = plan.plan.frames;
    return run_frames(
        plan.plan, comm, options,
        [&](std::size_t f, std::vector<MPI_Request>& r) -> int {
            return post(frames[f].recv_from, plan.recvs[f], recv, false, options.chunk_bytes, comm, r);
        },
        [&](std::size_t f, std::vector<MPI_Request>& r) -> int {
            return post(frames[f].send_to, plan.sends[f], send, true, options.chunk_bytes, comm, r);
        });
}

plan::WeightedRankPlan scatter_weighted_rank_plan(const plan::WeightedPlan* plan_on_root, MPI_Comm comm) {
    int rank = 0, size = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    std::vector<std::vector<long long>> parts(rank == 0 ? size : 0);
    if (rank == 0) {
        const std::vector<plan::WeightedRankPlan> plans = plan::weighted_rank_plans(*plan_on_root);
        for (int r = 0; r < size; ++r) {
            encode_rank_plan(plans[r].plan, parts[r]);
            encode_ranges(plans[r], parts[r]);
        }
    }
    const std::vector<long long> mine = scatter_parts(parts, MPI_LONG_LONG, comm);
    std::size_t at = 0;
    plan::WeightedRankPlan out;
    out.plan = decode_rank_plan(mine, at, rank, size);
    decode_ranges(mine, at, out);
    return out;
}

}  // namespace liquid::mpi
