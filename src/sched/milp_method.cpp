// --method milp: the papers' MILP (report Appendix B, milp_model.hpp) with the frames
// capped at DSatur's length, solved by CBC or GLPK within the time budget.
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "liquid/base/names.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/lower_bounds.hpp"
#include "liquid/sched/milp_model.hpp"
#include "sched/milp_solvers.hpp"
#include "sched/peer_methods.hpp"

namespace liquid {

namespace {
constexpr NameTable<MilpSolver, 2> kMilpSolvers{{{MilpSolver::Cbc, "cbc"}, {MilpSolver::Glpk, "glpk"}}};
}  // namespace

const char* milp_solver_name(MilpSolver s) { return name_of(kMilpSolvers, s); }

MilpSolver parse_milp_solver(const std::string& name) { return parse_name(kMilpSolvers, name, "--solver", "MILP solver"); }

namespace sched {

bool take_if_better(const Traffic& traffic, SolveResult& r, Schedule s, const char* solver) {
    if (!r.schedule.frames.empty() && s.length() > r.schedule.length()) return false;
    if (!verify_schedule(traffic, s).empty()) return false;
    r.schedule = std::move(s);
    r.solver = solver;
    return true;
}

std::vector<int> start_from_dsatur(const Traffic& traffic, SolveResult& r) {
    const std::vector<int> clique = large_clique(traffic);
    r.lower_bound = std::max(r.duration, static_cast<int>(clique.size()));
    if (r.lower_bound > r.duration) r.bound_by = "clique", r.no_liquid_proven = true;
    if (!take_if_better(traffic, r, dsatur_schedule(traffic), "dsatur"))
        throw std::logic_error("liquid: the DSatur schedule failed verification");
    return clique;
}

void solve_with_milp(const Traffic& traffic, const SolveOptions& o, double budget_s, SolveResult& r) {
    const auto start = std::chrono::steady_clock::now();
    const std::vector<int> clique = start_from_dsatur(traffic, r);
    if (r.schedule.length() <= r.lower_bound) return;  // DSatur is already optimal
    const MilpModel model = build_schedule_milp(traffic, r.schedule.length(), clique);
    // Leave a margin for tearing the solver down and printing: --time-limit bounds the command.
    const double used = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double left = budget_s > 0 ? budget_s - used : 1e9;
    if (left <= 0.01) {
        r.timed_out = true;
        return;
    }
    // The solver runs in a child process killed at its deadline (milp_solvers.hpp); the
    // margin covers reading its answer back and verifying it.
    const double limit = std::max(0.005, 0.95 * left - 0.01);
    const std::vector<double> warm = milp_start(model, r.schedule);
    const MilpOutcome m = o.milp_solver == MilpSolver::Glpk ? solve_milp_glpk(model, warm, limit) : solve_milp_cbc(model, limit);
    const char* name = milp_solver_name(o.milp_solver);
    if (!m.values.empty()) take_if_better(traffic, r, schedule_from_milp(model, m.values), name);
    r.timed_out = !m.optimal;
    if (m.optimal && !m.values.empty()) {
        // The solver's proof: no schedule within the frames offered is shorter.
        r.lower_bound = schedule_from_milp(model, m.values).length();
        r.bound_by = name;
    } else if (const int bound = static_cast<int>(std::ceil(m.bound - 1e-6)); bound > r.lower_bound) {
        r.lower_bound = bound;
        r.bound_by = name;
    }
    if (r.lower_bound > r.duration) r.no_liquid_proven = true;
}

}  // namespace sched
}  // namespace liquid
