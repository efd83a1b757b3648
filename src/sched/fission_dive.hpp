#pragma once
// The fission search's first dive as a construction of the portfolio. Where the hosts'
// links set Λ but the inner links are nearly as busy, the Latin-square search may find no
// square (latin_search.hpp) while the exact search of the papers (frame_search.hpp: each
// frame a full team of the remaining traffic, the bottlenecks of what remains critical)
// reaches Λ frames on its first descent, or nearly: 128 hosts of a 342-host dragonfly and
// of an 8 x 8 HyperX with 4 hosts per switch, liquid after 127-352 nodes in 0.2-1.6 s,
// where the default method came to it after 9.5 s, at the end of its stages. A descent
// may stall at one node among millions of categories; others, with clique links or a
// larger work budget, then often succeed, so they race in two lanes on two cores
// (fission_dive.cpp).
#include <optional>

#include "liquid/base/deadline.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid::sched {

/// Where the dive is tried: traffics small enough for the frame search's tables
/// (kFrameSearchTransfersMax) whose endpoint links (a path's first and last) carry Λ.
bool fission_dive_applies(const Traffic& traffic);

/// A schedule of Λ frames from a descent of the frame search with little backtracking (a
/// work budget proportional to Λ), or nullopt: the memory does not fit, every descent's
/// budget or the deadline ran out first, or the search proved that none exists.
std::optional<Schedule> fission_dive_schedule(const Traffic& traffic, const Limits& limits);

}  // namespace liquid::sched
