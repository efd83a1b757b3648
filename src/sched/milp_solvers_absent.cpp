// The MILP entry points of a build without the peers (cmake -DLIQUID_MILP=OFF): --method
// milp is then a request this build cannot answer, said as bad input with the fix.
#include "liquid/base/error.hpp"
#include "milp_solvers.hpp"

namespace liquid::sched {

namespace {

[[noreturn]] void left_out(const char* solver) {
    throw InputError(std::string("--method milp --solver ") + solver,
                     "this liquid was built without the MILP peers (cmake -DLIQUID_MILP=OFF)",
                     "rebuild with -DLIQUID_MILP=ON (Debian: coinor-libcbc-dev, libglpk-dev), or use --method sat or optimal");
}

}  // namespace

MilpOutcome solve_milp_cbc(const MilpModel&, double) { left_out("cbc"); }

MilpOutcome solve_milp_glpk(const MilpModel&, const std::vector<double>&, double) { left_out("glpk"); }

}  // namespace liquid::sched
