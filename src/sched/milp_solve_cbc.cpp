// The MILP through COIN-OR CBC's C interface (see milp_solvers.hpp), in a child process
// (solve_in_child): CBC checks its clock only between steps (on a 961-transfer testbed
// pattern it ran 134 s past a 1 s limit) and CBC 2.10.8 can crash in
// CglPreProcess::postProcess.
#include <Cbc_C_Interface.h>

#include <limits>
#include <memory>
#include <string>

#include "sched/milp_solvers.hpp"

namespace liquid::sched {
namespace {
constexpr double kInfinity = std::numeric_limits<double>::max();  // CBC's COIN_DBL_MAX

MilpOutcome run_cbc(const MilpModel& m, double time_limit_s) {
    const MilpColumns cols = column_major(m);
    const int n = static_cast<int>(m.columns.size()), rows = static_cast<int>(m.rows.size());
    std::vector<CoinBigIndex> col_start(cols.start.begin(), cols.start.end());
    std::vector<double> lower(static_cast<std::size_t>(n), 0.0), upper(static_cast<std::size_t>(n), 1.0);
    std::vector<double> row_lower, row_upper;
    for (const auto& r : m.rows) {
        row_lower.push_back(r.sense == 'L' ? -kInfinity : r.rhs);
        row_upper.push_back(r.sense == 'G' ? kInfinity : r.rhs);
    }
    std::unique_ptr<Cbc_Model, void (*)(Cbc_Model*)> model(Cbc_newModel(), Cbc_deleteModel);
    Cbc_Model* cbc = model.get();
    Cbc_loadProblem(cbc, n, rows, col_start.data(), cols.row.data(), cols.value.data(), lower.data(), upper.data(),
                    m.objective.data(), row_lower.data(), row_upper.data());
    for (int c = 0; c < n; ++c) Cbc_setInteger(cbc, c);
    Cbc_setLogLevel(cbc, 0);
    Cbc_setMaximumSeconds(cbc, time_limit_s);
    // CbcMain1 takes its own "seconds" parameter, measured in CPU time unless told
    // otherwise: on a loaded machine CPU time lags the wall clock --time-limit means.
    const std::string seconds = std::to_string(time_limit_s);
    Cbc_setParameter(cbc, "timeMode", "elapsed");
    Cbc_setParameter(cbc, "sec", seconds.c_str());
    Cbc_solve(cbc);
    MilpOutcome out;
    out.optimal = Cbc_isProvenOptimal(cbc) != 0;
    out.infeasible = Cbc_isProvenInfeasible(cbc) != 0;
    out.timed_out = Cbc_isSecondsLimitReached(cbc) != 0;
    out.bound = Cbc_getBestPossibleObjValue(cbc);
    if (const double* best = Cbc_bestSolution(cbc)) out.values.assign(best, best + n);
    return out;
}

}  // namespace

MilpOutcome solve_milp_cbc(const MilpModel& m, double time_limit_s) {
    // CBC's own limit first (90 %), the kill at the deadline as a backstop.
    return solve_in_child([&] { return run_cbc(m, 0.9 * time_limit_s); }, m.columns.size(), time_limit_s);
}

}  // namespace liquid::sched
