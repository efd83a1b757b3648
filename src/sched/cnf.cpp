// Shared CaDiCaL encoding helpers (see cnf.hpp).
#include "sched/cnf.hpp"

namespace liquid::sched::cnf {

void Encoder::at_most_one(const std::vector<int>& xs) {
    SolverSink sink(s);
    add_at_most_one(sink, xs, next_var, clauses);
}

std::vector<std::vector<int>> maximal_user_sets(const Traffic& traffic) { return sched::maximal_user_sets(traffic, 2); }

}  // namespace liquid::sched::cnf
