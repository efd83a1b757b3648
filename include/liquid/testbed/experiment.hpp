#pragma once
// The Swiss-T1 experiment of the papers (report §6.1, §6.3, §8, Appendix A), run on every
// representative of the distinct-throughput sweep: skeleton size, full-team search space
// under each optimisation level, the liquid (or proven optimal) schedule, DSatur and
// round-robin lengths, solve times; plus the summary statistics the papers report.
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "liquid/base/shard.hpp"
#include "liquid/net/network.hpp"
#include "liquid/sched/full_teams.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/testbed/swiss_t1.hpp"

namespace liquid::testbed {

/// The four full-team enumerations of report §6.3 / Fig. 9, cumulative: coverage
/// partitioning only (§5.3), + blank categories (§5.4), + idle categories (§5.5),
/// + two-phase skeleton enumeration (§6.2).
enum class Optimisation { Naive = 0, Blank = 1, Idle = 2, Skeleton = 3 };
constexpr int kOptimisationLevels = 4;
const char* optimisation_name(Optimisation o);  // "naive", "blank", "idle", "skeleton"

struct ExperimentOptions {
    double time_limit_s = 2.0;               // per representative, exact (liquid / optimal) search
    std::uint64_t node_limit = 0;            // per representative, 0 = none
    bool enumerate = true;                   // count categories under the four levels
    std::uint64_t max_categories = 2000000;  // per enumeration; a capped count is marked incomplete
    /// Pivot rule of the four enumerations (the same at every level, so that naive, +blank
    /// and +idle differ only by pruning). LowestIndex: the naive coverage partitioning's
    /// order; Constrained: split next on the most constrained excluder transfer.
    PivotRule pivot = PivotRule::LowestIndex;
    int threads = 0;  // representatives solved in parallel (<= 0: all cores)
    Shard shard;      // run only the representatives this shard owns
};

struct SearchSpace {
    std::uint64_t categories = 0;  // categories traversed (fission), incl. the prim-category
    std::uint64_t full_teams = 0;
    bool complete = false;  // exhausted (not stopped by max_categories)
};

struct RepresentativeResult {
    Representative representative;
    std::size_t skeleton = 0;  // transfers using a bottleneck
    int bottlenecks = 0;
    std::size_t congestion_edges = 0;
    SolveResult exact;               // Method::Optimal: liquid schedule, or proof of none + optimum
    std::string exact_verification;  // verify_schedule(): "" = valid
    int dsatur_length = 0;
    double dsatur_ms = 0;
    std::string dsatur_verification;
    int round_robin_length = 0;
    double round_robin_ms = 0;
    std::string round_robin_verification;
    std::array<SearchSpace, kOptimisationLevels> search_space{};  // empty unless enumerated
    bool all_verified() const {
        return exact_verification.empty() && dsatur_verification.empty() && round_robin_verification.empty();
    }
    /// Throughput loss of DSatur against the best schedule found: 1 − best/dsatur.
    double dsatur_loss() const;
    double round_robin_loss() const;
};

/// Runs the experiment on one representative (library: never prints).
RepresentativeResult run_representative(const Network& t1, const Representative& rep, const ExperimentOptions& options);

/// Runs every representative options.shard owns on options.threads threads; the result
/// has one slot per representative, in the order given, and the slots of the other
/// shards stay default (merge them with decode_result(), testbed/result_codec.hpp).
/// `progress` receives the number of representatives done, from the calling thread only.
std::vector<RepresentativeResult> run_experiment(const Network& t1, const std::vector<Representative>& reps,
                                                 const ExperimentOptions& options,
                                                 const std::function<void(std::size_t done)>& progress = {});

/// Appendix A bucket of DSatur's loss against the best schedule (0: none, 1: below 10 %,
/// 2: 10–19 %, 3: 20 % and more), decided on frame counts: a ratio such as 1 − 9/10 is
/// 0.0999… in floating point and would fall in the wrong bucket.
int dsatur_loss_bucket(int best_frames, int dsatur_frames);

/// The statistics the papers give, computed over the results.
struct ExperimentSummary {
    std::size_t representatives = 0;
    std::size_t liquid = 0;            // a liquid schedule was found
    std::size_t no_liquid_proven = 0;  // exhausted liquid search, no schedule of length Λ
    std::size_t optimal_proven = 0;    // length proven optimal (liquid counts as proven)
    std::size_t timed_out = 0;         // budget expired before a proof
    std::size_t verified = 0;          // representatives whose three schedules all pass the verifier
    double mean_skeleton_share = 0;    // papers: 31.5 % (report §6.1, Fig. 7)
    /// Mean over representatives whose four enumerations completed of
    /// categories(level) / categories(naive) (papers: 100 / 28 / 20 / 10.6 %, §6.3 Fig. 9).
    std::array<double, kOptimisationLevels> search_space_share{};
    std::size_t search_space_samples = 0;
    /// DSatur throughput loss (Appendix A, Fig. 25; papers: 74 % none, 18 % < 10 %,
    /// 8 % 10–19 %): shares of representatives with loss 0, (0,10 %), [10 %,20 %), >= 20 %.
    std::array<double, 4> dsatur_loss_share{};
    double mean_round_robin_loss = 0;
    /// Share of representatives whose exact solve took < 0.1 s (papers: > 97 %, §8.2).
    double share_solved_under_100ms = 0;
    double median_solve_ms = 0, max_solve_ms = 0, total_solve_s = 0;
};

ExperimentSummary summarize(const std::vector<RepresentativeResult>& results);

}  // namespace liquid::testbed
