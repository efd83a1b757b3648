#pragma once
// The peers as scheduling methods, called by solve() with the budget left:
// --method milp (the papers' MILP through CBC or GLPK) and --method sat (CaDiCaL alone).
// Both start from DSatur (an upper bound and the fallback) and fill `r` like the other
// exact methods: schedule (verified), lower_bound / bound_by, timed_out, solver.
#include <vector>

#include "liquid/sched/schedule.hpp"

namespace liquid::sched {

void solve_with_milp(const Traffic& traffic, const SolveOptions& options, double budget_s, SolveResult& r);
void solve_with_sat(const Traffic& traffic, const SolveOptions& options, double budget_s, SolveResult& r);

/// Takes `s` as r's schedule when it passes the independent verifier and is no longer than
/// the current one (or r has none yet); returns whether it did.
bool take_if_better(const Traffic& traffic, SolveResult& r, Schedule s, const char* solver);

/// The common start: r's lower bound max(Λ, clique) (with bound_by / no_liquid_proven) and
/// DSatur's schedule; returns the clique (sched::large_clique) for symmetry breaking.
std::vector<int> start_from_dsatur(const Traffic& traffic, SolveResult& r);

}  // namespace liquid::sched
