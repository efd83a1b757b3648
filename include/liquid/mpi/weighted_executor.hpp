#pragma once
// The weighted executor: MPI_Alltoallv in the frames of a weighted plan
// (liquid/plan/weighted_plan.hpp). A pair's block may be cut into pieces over several
// frames; each piece is a byte range of the block, sent as MPI_BYTE from
// sendbuf + sdispls[p] × extent + offset and received at the same offset of its block in
// recvbuf, so the types must be contiguous (contiguous(): a block is count × size bytes
// from its displacement) and results are byte-identical to MPI_Alltoallv's. Frames are
// kept apart as by the uniform executor (ExecOptions::sync, executor.hpp); the block to
// itself is a local copy before the first frame.
#include <mpi.h>

#include "liquid/mpi/executor.hpp"
#include "liquid/plan/weighted_plan.hpp"

namespace liquid::mpi {

/// True when the data of `count` elements of `type` is count × size contiguous bytes from
/// the start of the buffer (lower bound 0, no holes): what can be cut into byte ranges.
bool contiguous(MPI_Datatype type);

/// Like MPI_Alltoallv with contiguous types (MPI_ERR_TYPE otherwise), `plan` made from
/// this call's byte counts (sendcounts[p] × size of sendtype) and this rank's part of it
/// (MPI_ERR_ARG otherwise). Returns an MPI error code.
int alltoallv_weighted(const void* sendbuf, const int* sendcounts, const int* sdispls, MPI_Datatype sendtype, void* recvbuf,
                       const int* recvcounts, const int* rdispls, MPI_Datatype recvtype, MPI_Comm comm,
                       const plan::WeightedRankPlan& plan, const ExecOptions& options = {});

/// Collective over `comm`: rank 0 passes the plan (the others nullptr) and every rank
/// returns its part (weighted_rank_plans), scattered from rank 0.
plan::WeightedRankPlan scatter_weighted_rank_plan(const plan::WeightedPlan* plan_on_root, MPI_Comm comm);

}  // namespace liquid::mpi
