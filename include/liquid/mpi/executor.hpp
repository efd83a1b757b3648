#pragma once
// The executor: runs MPI_Alltoall / MPI_Alltoallv in the frames of a plan (plan.hpp).
// Frames run in order; in each frame a rank posts nonblocking receives and sends for its
// own transfers and the frame ends for it when they complete. ExecOptions::sync keeps the
// frames apart (plan.hpp: Sync): Sync::Barrier (the default, the measured best) puts an
// MPI_Barrier after each frame; with Sync::Links a rank's sends of a frame first wait for
// zero-byte tokens from the ranks that received the previous messages on their links
// (RankFrame::wait_for / signal); Sync::None lets a rank run ahead into the next frame.
// The transfer to itself is a local copy (MPI_Sendrecv to self, so any pair of datatypes
// works). Block p of a buffer starts at buf + displ(p) × extent(type), exactly as in
// MPI_Alltoall(v), so results are byte-identical to the MPI library's for every datatype,
// derived and non-contiguous ones included. ExecOptions::chunk_bytes splits large blocks
// into messages the MPI library sends eagerly; ExecOptions::pass_bytes runs the frames
// several times, each pass carrying a slice of every large block.
//
// Messages are point-to-point on `comm` with tag kTag, tokens with tags kTag + 1 ..
// kTag + kTokenTags: pass a communicator of your own
// (MPI_Comm_dup) if the program may have a wildcard receive pending on `comm`. The PMPI
// interposer does so.
#include <mpi.h>

#include "liquid/plan/plan.hpp"

namespace liquid::mpi {

constexpr int kTag = 0x4c51;  // "LQ"
/// Tokens for frame f carry tag kTag + 1 + f mod kTokenTags (within MPI's guaranteed
/// 32767). Tokens are interchangeable, so a tag shared by two frames only makes a rank
/// start early, never wrong or stuck.
constexpr int kTokenTags = 8192;

using plan::Sync;  // liquid::mpi::Sync::Links, ... as before Sync moved to the plan
using plan::sync_name;

struct ExecOptions {
    Sync sync = Sync::Barrier;
    /// > 0: a block travels as consecutive messages of at most this many bytes. Below the MPI
    /// library's eager limit each goes out at once, where a larger message first waits for
    /// the receiver's rendezvous reply, and on a congested fabric that reply queues behind the
    /// data of the opposite direction (Open MPI over TCP: 64 KiB). Every rank must pass the
    /// same value. Blocks are split only where every rank's datatypes are contiguous (one
    /// MPI_Allreduce per call decides); otherwise, and with 0, every block is one message.
    int chunk_bytes = 0;
    /// > 0: a block larger than this travels in several passes of the plan's frames, each
    /// carrying a slice of at most this many bytes of it (equal slices), so no frame lasts
    /// longer than one such slice takes. Why: with TCP, a host's switch port carries its
    /// incoming message at the full rate plus the acknowledgements of its outgoing one (about
    /// 2 % more than it can carry), so a shallow port buffer fills after a fixed number of
    /// bytes of one message (about 45 times the buffer); a frame boundary lets it drain.
    /// Sync::Links puts a barrier between passes (the tokens order frames within a pass),
    /// Sync::Barrier has one after every frame anyway, Sync::None none. Like chunk_bytes:
    /// every rank passes the same value, and only contiguous types are sliced.
    int pass_bytes = 0;
};

/// Like MPI_Alltoall; `plan` must be the plan of this rank in `comm` (rank and size
/// checked: MPI_ERR_ARG otherwise). Returns an MPI error code.
int alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
             MPI_Comm comm, const plan::RankPlan& plan, const ExecOptions& options = {});
/// Like MPI_Alltoallv.
int alltoallv(const void* sendbuf, const int* sendcounts, const int* sdispls, MPI_Datatype sendtype, void* recvbuf,
              const int* recvcounts, const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm, const plan::RankPlan& plan,
              const ExecOptions& options = {});

/// The same with the whole plan (the rank's part is extracted on each call; keep a
/// RankPlan for repeated calls).
int alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
             MPI_Comm comm, const plan::Plan& plan, const ExecOptions& options = {});
int alltoallv(const void* sendbuf, const int* sendcounts, const int* sdispls, MPI_Datatype sendtype, void* recvbuf,
              const int* recvcounts, const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm, const plan::Plan& plan,
              const ExecOptions& options = {});

}  // namespace liquid::mpi

namespace liquid::mpi {

/// Collective over `comm`: rank 0 passes its plan (the others pass nullptr) and every
/// rank returns it. The plan travels as integers (frames and pairs; hosts, names and
/// routes stay on rank 0, so Sync::Links needs scatter_rank_plan).
plan::Plan broadcast_plan(const plan::Plan* plan_on_root, MPI_Comm comm);

/// Collective over `comm`: rank 0 passes the plan (the others nullptr) and every rank
/// returns its own RankPlan, Sync::Links tokens included. Rank 0 builds every rank's part
/// (rank_plans: O(pairs × route length)) and scatters them, so each other rank receives
/// and holds O(its own messages and tokens), not the whole plan.
plan::RankPlan scatter_rank_plan(const plan::Plan* plan_on_root, MPI_Comm comm);

}  // namespace liquid::mpi
