#pragma once
// The construction portfolio, so that a result is never worse than a baseline we have:
// the default methods start from the shortest schedule any of these constructions builds
// within the budget, and search only below it. A construction that reaches the lower bound ends the run:
// its schedule is proven optimal.
//
// To add a construction (e.g. a symmetry-based one), append it in standard_constructions()
// (portfolio.cpp): a name and a function (traffic, limits) -> optional<Schedule> that
// returns nullopt when it does not apply or the deadline expires. Schedules need not be
// verified by the construction: the portfolio verifies the winner.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "liquid/base/deadline.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid::sched {

struct Construction {
    std::string name;
    std::function<std::optional<Schedule>(const Traffic&, const Limits&)> build;
    /// Whether it is tried on a traffic at all (unset: always); one that is not tried is not
    /// in PortfolioOutcome::runs (a construction placed differently by traffic size, e.g.).
    std::function<bool(const Traffic&)> applies = {};
    /// Builds a schedule whatever the deadline (which only cuts its improvement short), so
    /// it gets the real limits even when it runs first.
    bool anytime = false;
    /// Instead of `build`: a construction that starts from the shortest schedule built so far
    /// (skipped while there is none) and returns a shorter one, or nullopt.
    std::function<std::optional<Schedule>(const Traffic&, const Schedule&, const Limits&)> improve = {};
};

/// The translation orbits of a whole torus, round-robin, shift / XOR phase constructions
/// (also with seeded host relabellings), DSatur, …, in the order they are tried (cheapest
/// first). `bound_above_lambda`: a proven lower bound above Λ (a clique larger than Λ;
/// 0: none): the constructions that only build Λ frames are left out and the Kempe
/// insertion aims at the bound.
std::vector<Construction> standard_constructions(int bound_above_lambda = 0);

struct ConstructionRun {
    std::string name;
    int length = -1;  // -1: no schedule (did not apply, out of time or memory)
    double ms = 0;
};

struct PortfolioOutcome {
    Schedule best;        // verified; the shortest built
    std::string best_by;  // its construction's name
    std::vector<ConstructionRun> runs;
    bool timed_out = false;  // the deadline cut the portfolio short
};

/// Runs the constructions in order until one reaches `stop_at` (a proven lower bound) or
/// the deadline expires; until one has built a schedule, each runs to completion (anytime
/// ones within the deadline), so there is always a schedule. Throws std::logic_error if no
/// built schedule passes the verifier.
PortfolioOutcome run_portfolio(const Traffic& traffic, const std::vector<Construction>& constructions, const Limits& limits,
                               int stop_at);

}  // namespace liquid::sched
