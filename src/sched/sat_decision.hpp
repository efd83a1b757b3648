#pragma once
// "Is the traffic schedulable in L frames?" decided by the CDCL SAT solver CaDiCaL
// (issue 3, hard cases). Used as the portfolio partner of the fission search: on
// circular-arc traffics it proves "no schedule of L frames" where a DFS explodes.
#include <atomic>
#include <vector>

#include "liquid/sched/schedule.hpp"

namespace liquid::sched {

enum class SatAnswer { Schedulable, Unschedulable, Unknown };

struct SatOutcome {
    SatAnswer answer = SatAnswer::Unknown;
    Schedule schedule;  // when Schedulable (the caller verifies it)
    int variables = 0;
    long clauses = 0;
};

/// Encoding: x(t,f) "transfer t in frame f"; every transfer in some frame; per link and
/// frame at most one user (pairwise for <= 6 users, else Sinz's sequential counter), for
/// the links whose user sets are maximal (a subset's constraint is implied).
/// Symmetry breaking: the members of `clique` (pairwise congesting) are pinned to frames
/// 0, 1, ...; twins (identical link sets) take frames in index order.
/// Stops (Unknown) when `stop` becomes true or after `time_limit_s` (> 0).
SatOutcome sat_decide(const Traffic& traffic, int L, const std::vector<int>& clique, const std::atomic<bool>* stop,
                      double time_limit_s);

}  // namespace liquid::sched
