#pragma once
// The MILP solved in-process by a peer's library: COIN-OR CBC or GNU GLPK.
// Library-private: `liquid schedule --method milp --solver cbc|glpk` reaches them via solve().
#include <functional>
#include <vector>

#include "liquid/sched/milp_model.hpp"

namespace liquid::sched {

struct MilpOutcome {
    std::vector<double> values;  // best integer solution, one per column (empty: none found)
    bool optimal = false;        // the solver proved `values` optimal
    bool infeasible = false;     // the solver proved there is no solution
    double bound = 0;            // the solver's proven lower bound on the objective
    bool timed_out = false;      // stopped by the time limit
};

/// Solves `model` with CBC (silent) in a child process; returns within `time_limit_s` (> 0)
/// seconds of wall time. No MIP start: CBC 2.10.8 (Debian 12) crashes in
/// CglPreProcess::postProcess when given one on e.g. torus:4x4 all-to-all; the caller
/// keeps DSatur as the fallback instead.
MilpOutcome solve_milp_cbc(const MilpModel& model, double time_limit_s);

/// Solves `model` with GLPK's simplex + branch and cut (silent) in a child process, the
/// incumbent seeded from `start` when not empty; returns within `time_limit_s` (> 0) seconds.
MilpOutcome solve_milp_glpk(const MilpModel& model, const std::vector<double>& start, double time_limit_s);

/// Runs `solve` in a forked child and returns its outcome, or an empty outcome with
/// timed_out when it has not finished `time_limit_s` seconds after the call (the child is
/// killed), or an empty one when the child died. The solvers check their clocks only
/// between steps (and CBC 2.10.8 can crash): this is what makes --time-limit hold.
/// Call it with no other thread running (fork). Falls back to an in-process run when
/// fork() fails.
MilpOutcome solve_in_child(const std::function<MilpOutcome()>& solve, std::size_t columns, double time_limit_s);

}  // namespace liquid::sched
