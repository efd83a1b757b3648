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

/// The encoding is encode_schedulable() of schedulable_cnf.hpp (the one `liquid export
/// --format cnf` writes), with `clique` pinned to frames 0, 1, ...
/// Stops (Unknown) when `stop` becomes true or after `time_limit_s` (> 0).
SatOutcome sat_decide(const Traffic& traffic, int L, const std::vector<int>& clique, const std::atomic<bool>* stop,
                      double time_limit_s);

}  // namespace liquid::sched
