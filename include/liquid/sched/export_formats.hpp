#pragma once
// The scheduling problem in the peers' file formats (`liquid export`): the MILP
// as CPLEX-LP and free MPS (read unchanged by CBC, GLPK's glpsol, HiGHS, CPLEX, Gurobi), the
// "schedulable in L frames?" question as DIMACS CNF (any SAT solver), and the congestion
// graph as a DIMACS colouring instance. Names become indices; comment lines carry the
// transfer names.
#include <cstdint>
#include <ostream>
#include <vector>

#include "liquid/sched/milp_model.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::sched {

/// CPLEX-LP: Minimize / Subject To / Binary / End; at most 8 terms per line.
void write_lp(std::ostream& out, const Traffic& traffic, const MilpModel& model);

/// Free MPS: integer markers around the columns, every column bounded by UP 1.
void write_mps(std::ostream& out, const Traffic& traffic, const MilpModel& model);

/// DIMACS CNF of encode_schedulable(traffic, L, clique): satisfiable iff the traffic has
/// a schedule of at most L frames. Comment lines map x(t,f) = t*L+f+1 to transfer names.
void write_cnf(std::ostream& out, const Traffic& traffic, int L, const std::vector<int>& clique);

/// DIMACS colouring instance: "p edge V E", one "e u v" (1-based, u < v) per pair of
/// congesting transfers; its chromatic number is the optimal schedule length.
void write_dimacs_graph(std::ostream& out, const Traffic& traffic);

/// Throws OutOfMemory when the MILP or CNF of `frames` frames would not fit in
/// `memory_bytes`: both hold a variable per (transfer, frame) and a term per (link use,
/// frame), counted at 16 bytes each (the least they take; a 1 024-host all-to-all in 1 023
/// frames is about 180 GB).
void require_model_fits(const Traffic& traffic, int frames, std::uint64_t memory_bytes);

/// "c <text>" / "\ <text>" / "* <text>" lines naming every transfer: "transfer 3 = x14: l1 l12 l9".
void write_transfer_comments(std::ostream& out, const Traffic& traffic, const char* comment);

}  // namespace liquid::sched
