#include "scheduling_options.hpp"

#include "budget_options.hpp"

#include <climits>
#include <cmath>

#include "liquid/base/error.hpp"
#include "option_checks.hpp"

namespace liquid::app {

void add_scheduling_options(CLI::App& cmd, SchedulingOptions& o, bool with_seed) {
    cmd.add_option("--method", o.method,
                   method_names_list() + "; round-robin, random and fifo are sending orders (simulate runs them on queues)")
        ->capture_default_str()
        ->check(non_empty());
    add_time_limit_option(cmd, o.time_limit_s);
    cmd.get_option("--time-limit")->capture_default_str();
    add_memory_limit_option(cmd, o.memory_limit_mb);
    cmd.add_option("--node-limit", o.node_limit,
                   "search-node budget of the exact searches: nodes plus categories enumerated (0 = none)")
        ->check(whole_number(0, LLONG_MAX));
    if (with_seed)
        cmd.add_option("--seed", o.seed, "seed of --method random and of the randomised searches")
            ->capture_default_str()
            ->check(whole_number(0, LLONG_MAX));
    cmd.add_option("--solver", o.solver, "--method milp: the MILP library, cbc (default) or glpk");
    cmd.add_flag("--no-sat", o.no_sat, "--method optimal: no SAT portfolio partner (fission search only)");
    cmd.add_flag("--no-structure", o.no_structure,
                 "--method optimal: no symmetry-invariant schedule search and no tabu search before the exact search");
    cmd.add_option("--strategy", o.strategy,
                   "--method liquid: frames tried next, full-teams (default, ICON'04 7.3), remainder-teams (7.2) or "
                   "original-teams (7.1); skips the construction shortcut");
    cmd.add_option("--pivot", o.pivot,
                   "--method liquid: pivot rule of the full-team enumeration, constrained (default) or lowest-index; skips "
                   "the construction shortcut");
}

namespace {

void check_budgets(const SchedulingOptions& o) {
    if (!(o.time_limit_s > 0) || !std::isfinite(o.time_limit_s))
        throw InputError("--time-limit", "must be a positive number of seconds", "e.g. --time-limit 2.5");
    check_memory_limit(o.memory_limit_mb);
    if (o.node_limit < 0) throw InputError("--node-limit", "must be >= 0", "0 means no node budget");
}

}  // namespace

SolveOptions solve_options(const SchedulingOptions& o, std::uint64_t seed) {
    check_budgets(o);
    SolveOptions s;
    s.method = parse_method(o.method);
    s.time_limit_s = o.time_limit_s;
    s.memory_limit_bytes = memory_limit_bytes(o.memory_limit_mb);
    s.node_limit = static_cast<std::uint64_t>(o.node_limit);
    s.seed = seed;
    s.sat_partner = !o.no_sat;
    s.structure = !o.no_structure;
    if ((o.no_sat || o.no_structure) && s.method != Method::Optimal)
        throw InputError(o.no_sat ? "--no-sat" : "--no-structure",
                         "only --method optimal runs the SAT partner and the structure searches",
                         "add --method optimal or drop the flag");
    if (!o.solver.empty() && s.method != Method::Milp)
        throw InputError("--solver", "only --method milp takes a MILP solver", "add --method milp or drop --solver");
    if (!o.solver.empty()) s.milp_solver = parse_milp_solver(o.solver);
    if ((!o.strategy.empty() || !o.pivot.empty()) && s.method != Method::Liquid)
        throw InputError(o.strategy.empty() ? "--pivot" : "--strategy",
                         "only --method liquid takes a search strategy or pivot rule", "add --method liquid or drop the option");
    if (!o.strategy.empty()) s.strategy = parse_search_strategy(o.strategy);
    if (!o.pivot.empty()) s.pivot = parse_pivot_rule(o.pivot);
    // A chosen strategy or pivot is there to run that search: no construction shortcut.
    if (!o.strategy.empty() || !o.pivot.empty()) s.constructions = false;
    return s;
}

SolveOptions solve_options(const SchedulingOptions& o) { return solve_options(o, o.seed); }

}  // namespace liquid::app
