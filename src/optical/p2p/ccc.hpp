#pragma once
// Engine of optical_p2p (private; the public names of its options are in models.hpp).
// Cube-connected cycles on the optical switch (thesis §5.4): a D-cube whose every corner is
// a ring of D nodes; node (h, r) is cycle h, ring position r, id h*D + r. The switch is set
// once to a static 3-way multicast: every transmission of a node reaches both ring
// neighbours (inner) and the node across dimension r (outer).
#include <array>
#include <cstdint>
#include <vector>

#include "liquid/optical/p2p/models.hpp"

namespace liquid::optical::p2p {

class CccTopology {
public:
    explicit CccTopology(int dimension);  // 3 <= D <= 16 (InputError otherwise)

    int dimension() const { return d_; }
    std::uint32_t nodes() const { return n_; }
    std::uint32_t id(std::uint32_t cycle, std::uint32_t position) const { return cycle * d_ + position; }
    std::uint32_t cycle(std::uint32_t node) const { return cycle_[node]; }
    std::uint32_t position(std::uint32_t node) const { return position_[node]; }
    std::uint32_t inner_next(std::uint32_t node) const;
    std::uint32_t inner_prev(std::uint32_t node) const;
    std::uint32_t outer(std::uint32_t node) const;
    /// The static multicast set of `node`: {previous, next, outer}.
    std::array<std::uint32_t, 3> receivers(std::uint32_t node) const { return {inner_prev(node), inner_next(node), outer(node)}; }

private:
    int d_;
    std::uint32_t n_;
    // Lookup tables: the simulator routes every hop, and a division by a run-time D costs
    // more than the rest of the routing step.
    std::vector<std::uint32_t> cycle_;
    std::vector<std::uint8_t> position_;
};

struct CccHop {
    std::uint32_t next;
    std::uint8_t phase;  // routing phase after this hop's decision
};

/// Next hop from `node` towards `dst` (node != dst) with routing state `phase` (start: 1).
CccHop ccc_route(const CccTopology& topo, CccRouting routing, std::uint32_t node, std::uint32_t dst, std::uint8_t phase);

/// Hop count of the route from src to dst (0 if equal).
std::uint32_t ccc_route_length(const CccTopology& topo, CccRouting routing, std::uint32_t src, std::uint32_t dst);

/// Mean route length over all ordered pairs src != dst (the load-free latency of on-demand).
double ccc_mean_route_length(const CccTopology& topo, CccRouting routing);

struct CycleSlot {
    bool outer;               // outer mode: only messages for the outer neighbour may go
    std::uint32_t positions;  // bit r set: ring position r may transmit in this slot
};

std::vector<CycleSlot> cycle_schedule(int dimension, CycleKind kind);

}  // namespace liquid::optical::p2p
