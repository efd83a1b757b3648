// The MILP through GNU GLPK (see milp_solvers.hpp): the LP relaxation by the simplex
// method, then branch and cut, both under the time limit.
#include <glpk.h>

#include <algorithm>
#include <chrono>
#include <memory>

#include "sched/milp_solvers.hpp"

#include "liquid/base/deadline.hpp"

namespace liquid::sched {
namespace {

using Clock = std::chrono::steady_clock;

int milliseconds_left(Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 1, 1LL << 30));
}

void load(glp_prob* p, const MilpModel& m) {
    glp_set_obj_dir(p, GLP_MIN);
    glp_add_rows(p, static_cast<int>(m.rows.size()));
    glp_add_cols(p, static_cast<int>(m.columns.size()));
    for (std::size_t c = 0; c < m.columns.size(); ++c) {
        const int j = static_cast<int>(c) + 1;
        glp_set_col_kind(p, j, GLP_BV);
        glp_set_obj_coef(p, j, m.objective[c]);
    }
    std::vector<int> idx;
    std::vector<double> val;
    for (std::size_t r = 0; r < m.rows.size(); ++r) {
        const auto& row = m.rows[r];
        const int i = static_cast<int>(r) + 1;
        const int type = row.sense == 'E' ? GLP_FX : (row.sense == 'L' ? GLP_UP : GLP_LO);
        glp_set_row_bnds(p, i, type, row.rhs, row.rhs);
        idx.assign(1, 0);  // GLPK arrays are 1-based
        val.assign(1, 0.0);
        for (const auto& [c, a] : row.terms) idx.push_back(c + 1), val.push_back(a);
        glp_set_mat_row(p, i, static_cast<int>(row.terms.size()), idx.data(), val.data());
    }
}

struct Callback {
    const std::vector<double>* start;
    bool offered = false;
    double bound = 0;
};

// Offers the known schedule as the first incumbent and records the best node bound.
void on_event(glp_tree* tree, void* info) {
    auto* cb = static_cast<Callback*>(info);
    if (glp_ios_reason(tree) == GLP_IHEUR && !cb->offered && !cb->start->empty()) {
        cb->offered = true;
        std::vector<double> x(1, 0.0);  // GLPK arrays are 1-based
        x.insert(x.end(), cb->start->begin(), cb->start->end());
        glp_ios_heur_sol(tree, x.data());
    }
    if (const int node = glp_ios_best_node(tree); node != 0) cb->bound = glp_ios_node_bound(tree, node);
}

MilpOutcome run_glpk(const MilpModel& m, const std::vector<double>& start, double time_limit_s) {
    const Clock::time_point deadline = Clock::now() + steady_span(time_limit_s);
    glp_term_out(GLP_OFF);  // the library never prints
    std::unique_ptr<glp_prob, void (*)(glp_prob*)> problem(glp_create_prob(), glp_delete_prob);
    glp_prob* p = problem.get();
    load(p, m);
    MilpOutcome out;
    glp_smcp lp;
    glp_init_smcp(&lp);
    lp.msg_lev = GLP_MSG_OFF;
    lp.tm_lim = milliseconds_left(deadline);
    const int lp_status = glp_simplex(p, &lp);
    if (lp_status == GLP_ETMLIM) out.timed_out = true;
    if (lp_status != 0 || glp_get_status(p) != GLP_OPT) {
        out.infeasible = lp_status == 0 && glp_get_status(p) == GLP_NOFEAS;
        return out;
    }
    Callback cb{&start};
    cb.bound = glp_get_obj_val(p);
    glp_iocp mip;
    glp_init_iocp(&mip);
    mip.msg_lev = GLP_MSG_OFF;
    mip.tm_lim = milliseconds_left(deadline);
    mip.cb_func = on_event;
    mip.cb_info = &cb;
    const int status = glp_intopt(p, &mip);
    out.timed_out = status == GLP_ETMLIM;
    const int mip_status = glp_mip_status(p);
    out.optimal = status == 0 && mip_status == GLP_OPT;
    out.infeasible = status == 0 && mip_status == GLP_NOFEAS;
    out.bound = cb.bound;
    if (mip_status == GLP_OPT || mip_status == GLP_FEAS) {
        out.values.resize(m.columns.size());
        for (std::size_t c = 0; c < m.columns.size(); ++c) out.values[c] = glp_mip_col_val(p, static_cast<int>(c) + 1);
    }
    return out;
}

}  // namespace

MilpOutcome solve_milp_glpk(const MilpModel& m, const std::vector<double>& start, double time_limit_s) {
    // GLPK's own limit first (90 %), the kill at the deadline as a backstop.
    return solve_in_child([&] { return run_glpk(m, start, 0.9 * time_limit_s); }, m.columns.size(), time_limit_s);
}

}  // namespace liquid::sched
