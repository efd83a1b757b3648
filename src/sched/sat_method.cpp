// --method sat: the CaDiCaL decision (sat_decision.hpp) alone, deepening from the lower
// bound max(Λ, clique): each length that fails is proven impossible (UNSAT), so the first
// satisfiable length is the optimum.
#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <vector>

#include "sched/peer_methods.hpp"
#include "sched/sat_decision.hpp"

namespace liquid::sched {

void solve_with_sat(const Traffic& traffic, const SolveOptions&, double budget_s, SolveResult& r) {
    const auto start = std::chrono::steady_clock::now();
    const std::vector<int> clique = start_from_dsatur(traffic, r);
    for (int L = r.lower_bound; L < r.schedule.length(); ++L) {
        const double used = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        // Stop early, as the SAT partner does (solve.cpp): tearing down a large CaDiCaL
        // instance takes a while.
        const double left = budget_s > 0 ? budget_s - used : 0;
        if (budget_s > 0 && left <= 0.01) {
            r.timed_out = true;
            return;
        }
        const double limit = budget_s > 0 ? std::max(0.005, left - std::max(0.05, 0.15 * left)) : 0;
        SatOutcome s = sat_decide(traffic, L, clique, nullptr, limit);
        if (s.answer == SatAnswer::Schedulable) {
            if (!take_if_better(traffic, r, std::move(s.schedule), "sat"))
                throw std::logic_error("liquid: the SAT schedule failed verification");
            return;
        }
        if (s.answer == SatAnswer::Unknown) {
            r.timed_out = true;
            return;
        }
        r.lower_bound = L + 1;  // UNSAT: no schedule of L frames
        r.bound_by = "sat";
        if (L == r.duration) r.no_liquid_proven = true;
    }
}

}  // namespace liquid::sched
