#pragma once
// Engine of optical_p2p (private).
// Offered load per link of a static multi ring, in messages per round (a fluid bound). Under
// the parity rule a node sends in every other round, at most MMIR messages per arc (or per
// node), so an arc carries at most MMIR/2 messages per round on average. When the traffic
// routed over some arc asks for more, its queue grows for as long as the run lasts: no
// steady state exists, and the measured mean rounds grows with the run's length.
// This is what the thesis's Fig. 5.11 explanation ("messages that are blocked due to
// exceeding the MMIR value", §5.7.3) needs, so the bound says from which hot-spot
// parameter p that can happen.
#include <cstdint>
#include <vector>

#include "liquid/optical/p2p/simulator.hpp"
#include "optical/p2p/multi_ring.hpp"

namespace liquid::optical::p2p {

struct LoadBound {
    double events_per_round = 0;     // mean new events per round: (spawn + 1) / 2
    double capacity = 0;             // messages per round one arc (MmirScope::Node: one node) can carry
    double busiest = 0;              // largest offered load of an arc (node) at the given p
    std::uint32_t busiest_node = 0;  // its sender
    /// Smallest hot-spot parameter p at which some arc (node) is offered more than its
    /// capacity; 0 if that happens without a hot spot, infinity if it never does (p <= 1).
    double saturation_p = 0;
};

/// Offered messages per round on every arc (index 2v: v's ring arc, 2v+1: its chord) when
/// the hot spot is `hot`: every ordered pair routed once along the simulator's own next hops
/// (shortest paths, ring arc on ties), weighted with its probability under §5.3.2's
/// hot-spot distribution times the mean events per round.
std::vector<double> offered_link_load(const MultiRing& ring, const ShortestPaths& paths, std::uint32_t hot,
                                      const TrafficSpec& traffic);

/// Routes every ordered pair once along the simulator's own next hops (shortest paths, ring
/// arc on ties) and weighs it with its probability under §5.3.2's hot-spot distribution.
LoadBound hotspot_load_bound(const MultiRing& ring, const ShortestPaths& paths, std::uint32_t hot, const TrafficSpec& traffic,
                             const RunSpec& run, bool parity_rule = true);

}  // namespace liquid::optical::p2p
