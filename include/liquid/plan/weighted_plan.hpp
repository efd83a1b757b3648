#pragma once
// Weighted plans: an MPI_Alltoallv among the ranks of a communicator, planned from its
// count matrix (bytes per ordered pair of ranks) with the weighted scheduler
// (liquid/sched/weighted.hpp). A frame is a set of non-congesting pieces; a pair's bytes
// may be split over several frames, each piece a byte range of the pair's block, so the
// same pair can appear in several frames and a pair with no bytes in none. Same-host pairs
// (no network link) stay whole and are spread over the frames as in the uniform plan.
// Built without MPI: the interposer's rank 0 builds it, the unit tests check it.
#include <cstdint>
#include <string>
#include <vector>

#include "liquid/net/network.hpp"
#include "liquid/plan/plan.hpp"

namespace liquid::plan {

/// Bytes [offset, offset + bytes) of a pair's block.
struct ByteRange {
    std::int64_t offset = 0, bytes = 0;
    bool operator==(const ByteRange&) const = default;
};

struct WeightedPlan {
    /// Frames of pieces as rank pairs, with their routes (plan.links; empty for same-host
    /// pairs); plan.duration is Λ of the network traffic.
    Plan plan;
    std::vector<std::vector<ByteRange>> ranges;  // ranges[f][i]: the bytes of plan.frames[f][i]
    double time_s = 0;                           // frames' data times plus one overhead per frame
    double uniform_time_s = 0;                   // the uniform plan run with these bytes, same overheads
    double bound_s = 0;                          // T*: the most loaded link's bytes over its rate
    std::string method;                          // the weighted method whose schedule this is
    bool optimal = false;                        // time_s proven optimal
    bool timed_out = false;                      // the budget ran out
    double solve_ms = 0;
};

/// The weighted plan seen by one rank: its frames (Sync::Links tokens included) and the
/// byte range of each send and receive.
struct WeightedRankPlan {
    RankPlan plan;
    std::vector<std::vector<ByteRange>> sends, recvs;  // [f][i] is plan.frames[f].send_to[i] / recv_from[i]
};

struct WeightedPlanOptions {
    double time_limit_s = 0.5;    // the weighted scheduler's whole solve
    double frame_overhead_s = 0;  // the cost of a frame (its synchronisation)
    std::int64_t min_piece = 1;   // smallest piece of a split pair, bytes
};

/// `bytes[s × K + d]` is what rank s sends rank d (K ranks; ≥ 0; the diagonal is a local
/// copy and ignored). `traffic` is the communicator's rank traffic (rank_traffic over
/// `net`), `uniform` its uniform plan with routes. The result passes
/// verify_weighted_plan. Throws InputError when the scheduler rejects the sizes.
WeightedPlan plan_weighted(const Network& net, const RankTraffic& traffic, const Plan& uniform,
                           const std::vector<std::int64_t>& bytes, const WeightedPlanOptions& options);

/// The uniform plan's time with these bytes: per frame its longest network message over
/// its slowest link, plus `frame_overhead_s` per frame. `uniform` must carry routes.
double uniform_plan_time(const Network& net, const Plan& uniform, const std::vector<std::int64_t>& bytes,
                         double frame_overhead_s);

/// "" when every pair with bytes gets exactly its range [0, bytes) in pieces that follow
/// each other in frame order, pairs without bytes get nothing, ranges and routes match the
/// frames, and no two pieces of a frame share a link; else the first problem.
std::string verify_weighted_plan(const WeightedPlan& plan, const std::vector<std::int64_t>& bytes);

/// Every rank's part (what the interposer's rank 0 scatters).
std::vector<WeightedRankPlan> weighted_rank_plans(const WeightedPlan& plan);

}  // namespace liquid::plan
