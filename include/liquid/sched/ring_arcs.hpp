#pragma once
// Generated hard cases (instances without a liquid schedule, for the exact searches):
// transfers that are arcs of consecutive links on a directed ring. Their congestion graphs
// are circular-arc graphs, where proving "no schedule of L frames" is hard for a DFS over
// teams and easy for CDCL.
#include <cstdint>

#include "liquid/traffic/traffic.hpp"

namespace liquid::sched {

/// `arcs` transfers on a ring of `ring_links` links "r0".."r{n-1}"; arc k starts at a
/// uniformly random link and covers a uniformly random number of links in
/// [min_len, max_len] (liquid::Rng seeded with `seed`). Names "a0", "a1", ...
Traffic make_ring_arc_traffic(int ring_links, int arcs, int min_len, int max_len, std::uint64_t seed);

}  // namespace liquid::sched
