#pragma once
// The one CNF encoding of "is the traffic schedulable in L frames?", shared so that the
// in-process answer and the exported file are the same problem:
// solved in-process by CaDiCaL (sat_decision.hpp) and written as DIMACS CNF by
// `liquid export --format cnf` (export_formats.hpp) for any external SAT solver.
#include <functional>
#include <vector>

#include "liquid/traffic/traffic.hpp"

namespace liquid::sched {

/// Receives the clauses of an encoding literal by literal; 0 ends a clause (DIMACS).
class ClauseSink {
public:
    virtual ~ClauseSink() = default;
    virtual void add(int literal) = 0;
};

struct CnfSize {
    int variables = 0;
    long clauses = 0;
};

/// Writes "at most one of xs": pairwise for <= 6 literals, else Sinz's sequential counter
/// (2005) with auxiliary variables numbered from `next_var` on. Counts the clauses.
void add_at_most_one(ClauseSink& sink, const std::vector<int>& xs, int& next_var, long& clauses);

/// The variable "transfer t sits in frame f" of an L-frame encoding (1-based, DIMACS).
inline int frame_variable(int t, int f, int L) { return t * L + f + 1; }

/// Emits the encoding into `sink`. Variables x(t,f) = frame_variable(t, f, L); every
/// transfer in some frame; per link and frame at most one user (pairwise for <= 6 users,
/// else Sinz's sequential counter, auxiliary variables after the x's), for the links whose
/// user sets are maximal (a subset's constraint is implied).
/// Symmetry breaking: the members of `clique` (pairwise congesting) are pinned to frames
/// 0, 1, ... (the first L of them when the clique is larger: the rest cannot fit); twins
/// (identical link sets) take frames in index order when neither is pinned.
/// Returns false (the sink holds a partial encoding) when `interrupted` returns true.
bool encode_schedulable(const Traffic& traffic, int L, const std::vector<int>& clique, ClauseSink& sink, CnfSize& size,
                        const std::function<bool()>& interrupted = {});

/// The users of each link with at least `min_users` users, dropping links whose users are
/// a subset of another link's (their "at most one per frame" constraints are implied);
/// equal sets are kept once. Each set lists transfer indices in ascending order.
std::vector<std::vector<int>> maximal_user_sets(const Traffic& traffic, int min_users);

}  // namespace liquid::sched
