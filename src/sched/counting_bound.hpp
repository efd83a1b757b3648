#pragma once
// Link-pair counting bound: a lower bound on the schedule length that can exceed both Λ
// and the clique bound, and is exact (a proof) like them.
//
// For two links a and b, let A be the users of a only, B the users of b only and C the
// users of both. A frame holds at most one user of a and one of b; it holds two of
// A ∪ B ∪ C only as a pair (x in A, y in B) of non-congesting transfers. The pairs of
// different frames are disjoint, so they form a matching of the bipartite "compatible"
// graph between A and B, and every schedule has at least |A| + |B| + |C| − ν frames,
// ν the size of a maximum matching (never below max(λ(a), λ(b))).
#include "liquid/base/deadline.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::sched {

struct CountingBound {
    int bound = 0;                 // best bound found (0 if none beats `at_least`)
    int link_a = -1, link_b = -1;  // the pair that proves it
    bool complete = true;          // false: the deadline stopped the scan of link pairs
};

/// The largest link-pair bound above `at_least` over the link pairs whose users could
/// beat it (λ(a) + λ(b) − |C| > at_least), heaviest pairs first, until the deadline.
CountingBound link_pair_bound(const Traffic& traffic, int at_least, const Deadline& deadline);

/// The bound of one pair (for tests and reports).
int link_pair_bound(const Traffic& traffic, int link_a, int link_b);

}  // namespace liquid::sched
