// The frame loop shared by the executors (frame_loop.hpp).
#include "frame_loop.hpp"

namespace liquid::mpi {
namespace {

int token_tag(int frame) { return kTag + 1 + frame % kTokenTags; }

// Sync::Links, before this frame's sends: a token from each rank that received the
// previous message on one of the links.
int await_tokens(const plan::RankFrame& frame, int f, MPI_Comm comm, std::vector<MPI_Request>& requests) {
    requests.clear();
    for (int p : frame.wait_for) {
        requests.emplace_back();
        if (int rc = MPI_Irecv(nullptr, 0, MPI_BYTE, p, token_tag(f), comm, &requests.back()); rc != MPI_SUCCESS) return rc;
    }
    return MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
}

// Sync::Links, after this frame: tokens to the ranks whose later messages use a link this
// frame's received messages used. Completed at the end of the call.
int send_tokens(const plan::RankFrame& frame, MPI_Comm comm, std::vector<MPI_Request>& pending) {
    for (const plan::Token& t : frame.signal) {
        pending.emplace_back();
        if (int rc = MPI_Isend(nullptr, 0, MPI_BYTE, t.rank, token_tag(t.frame), comm, &pending.back()); rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
}

}  // namespace

int post_bytes(bool send, char* buf, MPI_Aint bytes, int peer, int chunk, MPI_Comm comm, std::vector<MPI_Request>& requests) {
    // Pieces of equal size (the first bytes % pieces one byte longer): a block just above
    // the chunk goes as two halves, not as a chunk and a sliver.
    const MPI_Aint pieces = chunk > 0 && bytes > chunk ? (bytes + chunk - 1) / chunk : 1;
    for (MPI_Aint k = 0, at = 0; k < pieces; ++k) {
        const int n = static_cast<int>(bytes / pieces + (k < bytes % pieces ? 1 : 0));
        requests.emplace_back();
        const int rc = send ? MPI_Isend(buf + at, n, MPI_BYTE, peer, kTag, comm, &requests.back())
                            : MPI_Irecv(buf + at, n, MPI_BYTE, peer, kTag, comm, &requests.back());
        if (rc != MPI_SUCCESS) return rc;
        at += n;
    }
    return MPI_SUCCESS;
}

int check_rank_plan(const plan::RankPlan& plan, MPI_Comm comm) {
    int rank = -1, size = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    return plan.rank == rank && plan.ranks == size ? MPI_SUCCESS : MPI_ERR_ARG;
}

int run_frames(const plan::RankPlan& plan, MPI_Comm comm, const ExecOptions& options, const PostFrame& post_receives,
               const PostFrame& post_sends) {
    const bool links = options.sync == Sync::Links;
    std::vector<MPI_Request> requests, waits, tokens;
    for (std::size_t f = 0; f < plan.frames.size(); ++f) {
        const plan::RankFrame& frame = plan.frames[f];
        requests.clear();
        if (int rc = post_receives(f, requests); rc != MPI_SUCCESS) return rc;
        if (links)
            if (int rc = await_tokens(frame, static_cast<int>(f), comm, waits); rc != MPI_SUCCESS) return rc;
        if (int rc = post_sends(f, requests); rc != MPI_SUCCESS) return rc;
        if (int rc = MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE); rc != MPI_SUCCESS)
            return rc;
        if (options.sync == Sync::Barrier)
            if (int rc = MPI_Barrier(comm); rc != MPI_SUCCESS) return rc;
        if (links)
            if (int rc = send_tokens(frame, comm, tokens); rc != MPI_SUCCESS) return rc;
    }
    return MPI_Waitall(static_cast<int>(tokens.size()), tokens.data(), MPI_STATUSES_IGNORE);
}

}  // namespace liquid::mpi
