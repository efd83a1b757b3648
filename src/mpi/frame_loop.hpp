#pragma once
// The frame loop of the executors (executor.hpp: uniform plans; weighted_executor.hpp:
// weighted plans): frames in order, each one's receives posted first, then its sends, the
// frame done for this rank when they complete, and the frames kept apart by ExecOptions::sync.
#include <mpi.h>

#include <cstddef>
#include <functional>
#include <vector>

#include "liquid/mpi/executor.hpp"

namespace liquid::mpi {

/// Posts this rank's receives (or sends) of frame `frame`, appending to `requests`;
/// returns an MPI error code.
using PostFrame = std::function<int(std::size_t frame, std::vector<MPI_Request>& requests)>;

/// Posts `bytes` bytes at `buf` to (send) or from `peer` as consecutive MPI_BYTE messages of
/// at most `chunk` bytes and of equal sizes (chunk <= 0: one message), appending to
/// `requests`; the peer posts the same split, so the pieces match in order.
int post_bytes(bool send, char* buf, MPI_Aint bytes, int peer, int chunk, MPI_Comm comm, std::vector<MPI_Request>& requests);

/// MPI_SUCCESS when `plan` is the plan of this rank in `comm`, else MPI_ERR_ARG.
int check_rank_plan(const plan::RankPlan& plan, MPI_Comm comm);

/// Runs the frames of `plan` (its Sync::Links tokens included). Returns an MPI error code.
int run_frames(const plan::RankPlan& plan, MPI_Comm comm, const ExecOptions& options, const PostFrame& post_receives,
               const PostFrame& post_sends);

}  // namespace liquid::mpi
