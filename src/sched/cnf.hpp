#pragma once
// Shared pieces of the CaDiCaL encodings (the SAT decision of "schedulable in L frames"
// and the group-invariant schedule search): a terminator honouring a stop flag and a
// deadline, a clause writer with at-most-one constraints, and the link user sets whose
// at-most-one constraints are not implied by another link's.
#include <cadical.hpp>

#include <atomic>
#include <chrono>
#include <initializer_list>
#include <vector>

#include "liquid/base/deadline.hpp"
#include "liquid/base/stop.hpp"
#include "liquid/traffic/traffic.hpp"
#include "sched/schedulable_cnf.hpp"

namespace liquid::sched::cnf {

class StopWhen : public CaDiCaL::Terminator {
public:
    using Clock = std::chrono::steady_clock;
    /// No deadline when `deadline` is Clock::time_point::max().
    StopWhen(const std::atomic<bool>* stop, Clock::time_point deadline) : stop_(stop), deadline_(deadline) {}
    bool terminate() override {
        // CaDiCaL asks often: read the clock only every 16th time.
        if ((stop_ && stop_->load(std::memory_order_relaxed)) || stop_requested()) return true;
        if (deadline_ == Clock::time_point::max() || (++calls_ & 15U) != 0) return expired_;
        expired_ = Clock::now() >= deadline_;
        return expired_;
    }

private:
    const std::atomic<bool>* stop_;
    Clock::time_point deadline_;
    unsigned calls_ = 0;
    bool expired_ = false;
};

/// Deadline `seconds` from now; seconds <= 0 means none.
inline StopWhen::Clock::time_point deadline_after(double seconds) {
    if (seconds <= 0) return StopWhen::Clock::time_point::max();
    return StopWhen::Clock::now() + steady_span(seconds);
}

/// Clauses of the shared encoding (schedulable_cnf.hpp) fed straight into CaDiCaL.
class SolverSink : public ClauseSink {
public:
    explicit SolverSink(CaDiCaL::Solver& s) : s_(s) {}
    void add(int literal) override { s_.add(literal); }

private:
    CaDiCaL::Solver& s_;
};

struct Encoder {
    CaDiCaL::Solver& s;
    int next_var;
    long clauses = 0;
    void clause(std::initializer_list<int> lits) {
        for (int l : lits) s.add(l);
        s.add(0);
        ++clauses;
    }
    void clause(const std::vector<int>& lits) {
        for (int l : lits) s.add(l);
        s.add(0);
        ++clauses;
    }
    /// At most one of xs true: pairwise for <= 6, else Sinz's sequential counter (2005).
    void at_most_one(const std::vector<int>& xs);
};

/// Clauses an at-most-one over m literals takes (for memory estimates before encoding).
inline long at_most_one_clauses(std::size_t m) {
    if (m < 2) return 0;
    if (m <= 6) return static_cast<long>(m * (m - 1) / 2);
    return static_cast<long>(3 * m - 4);
}

/// The users of each link, dropping links whose users are a subset of another link's (their
/// at-most-one constraints are implied). On ring arcs this keeps a few links of each run.
std::vector<std::vector<int>> maximal_user_sets(const Traffic& traffic);

}  // namespace liquid::sched::cnf
