#pragma once
// "Is the traffic schedulable in L frames?" decided by the CDCL SAT solver CaDiCaL
// (the hard cases). Used as the portfolio partner of the fission search: on
// circular-arc traffics it proves "no schedule of L frames" where a DFS explodes.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <vector>

#include "liquid/sched/schedule.hpp"

namespace CaDiCaL {
class Solver;
}

namespace liquid::sched {
namespace cnf {
class StopWhen;
}

enum class SatAnswer { Schedulable, Unschedulable, Unknown };

struct SatOutcome {
    SatAnswer answer = SatAnswer::Unknown;
    Schedule schedule;  // when Schedulable (the caller verifies it)
    int variables = 0;
    long clauses = 0;
};

/// The encoding is encode_schedulable() of schedulable_cnf.hpp (the one `liquid export
/// --format cnf` writes), with `clique` pinned to frames 0, 1, ...
/// Stops (Unknown) when `stop` becomes true or after `time_limit_s` (> 0).
SatOutcome sat_decide(const Traffic& traffic, int L, const std::vector<int>& clique, const std::atomic<bool>* stop,
                      double time_limit_s);

/// The same encoding built once for up to `max_frames` frames and asked incrementally
/// (deepening without re-encoding): a selector per frame from `min_frames` on switches it
/// off, so "L frames?" is one solve under assumptions and clauses learned for one L serve the next. Estimate
/// the memory first (estimated_bytes) and refuse above the cap rather than build it.
class SatDeepening {
public:
    using Clock = std::chrono::steady_clock;
    static std::size_t estimated_bytes(const Traffic& traffic, int max_frames);
    SatDeepening(const Traffic& traffic, int max_frames, int min_frames, const std::vector<int>& clique);
    ~SatDeepening();
    SatDeepening(const SatDeepening&) = delete;
    SatDeepening& operator=(const SatDeepening&) = delete;
    int max_frames() const { return max_frames_; }
    int min_frames() const { return min_frames_; }
    /// Stopped while encoding, or released: the object cannot answer any more.
    bool interrupted() const { return interrupted_; }
    /// Frees the solver now (a large one takes a while: about 0.2 µs a clause), e.g. in a
    /// partner thread near the deadline rather than in the caller after it.
    void release();
    double estimated_free_seconds() const;
    double estimated_build_seconds() const;
    /// Builds the encoding even when its estimated build time exceeds the time left (the
    /// deadline still interrupts it): for a SAT decision run alone.
    void start_even_if_late() { only_if_it_fits_ = false; }
    /// min_frames <= L <= max_frames (a smaller clique-infeasible L answers Unschedulable).
    /// Unknown when `stop` becomes true or at `deadline` (encoding included; an encoding
    /// whose estimated build time does not fit before `deadline` is not started).
    SatOutcome decide(int L, const std::atomic<bool>* stop, Clock::time_point deadline);

private:
    int x(int t, int f) const;
    bool encode(cnf::StopWhen& term);
    const Traffic& traffic_;
    int max_frames_, min_frames_, clique_size_;
    std::size_t clauses_estimate_;
    std::vector<int> clique_;
    std::unique_ptr<CaDiCaL::Solver> solver_;
    bool encoded_ = false, interrupted_ = false, only_if_it_fits_ = true;
    std::vector<int> selector_;
    int variables_ = 0;
    long clauses_ = 0;
};

}  // namespace liquid::sched
