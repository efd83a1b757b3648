#pragma once
// Cube-connected cycles on the optical switch (thesis §5.4): a D-cube whose every corner is
// a ring of D nodes; node (h, r) is cycle h, ring position r, id h*D + r. The switch is set
// once to a static 3-way multicast: every transmission of a node reaches both ring
// neighbours (inner) and the node across dimension r (outer).
#include <array>
#include <cstdint>
#include <vector>

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
    std::array<std::uint32_t, 3> receivers(std::uint32_t node) const {
        return {inner_prev(node), inner_next(node), outer(node)};
    }

private:
    int d_;
    std::uint32_t n_;
    // Lookup tables: the simulator routes every hop, and a division by a run-time D costs
    // more than the rest of the routing step.
    std::vector<std::uint32_t> cycle_;
    std::vector<std::uint8_t> position_;
};

/// Routing phases of §5.4.3 / §5.5.1 (naive hypercube routing lifted to CCC):
/// 1 walk the source ring to position 0; 2 for positions 0, 1, ... cross the dimension when
/// the cycle bit differs, else step to the next position, until the cycle is the
/// destination's; 3 walk the destination ring to the destination.
/// `thesis` walks the rings one way (forward), which is what the thesis's bound of 3D hops
/// (one D per phase, §5.5.1) counts; `shortest_walks` takes the short way round in phases
/// 1 and 3 (the multicast reaches both ring neighbours); `current_dimension` is the
/// shortcut the thesis cites from its ref. [3] but did not implement: skip phase 1 and fix
/// dimensions in cyclic order from the source position.
enum class CccRouting { thesis, shortest_walks, current_dimension };

struct CccHop {
    std::uint32_t next;
    std::uint8_t phase;  // routing phase after this hop's decision
};

/// Next hop from `node` towards `dst` (node != dst) with routing state `phase` (start: 1).
CccHop ccc_route(const CccTopology& topo, CccRouting routing, std::uint32_t node, std::uint32_t dst,
                 std::uint8_t phase);

/// Hop count of the route from src to dst (0 if equal).
std::uint32_t ccc_route_length(const CccTopology& topo, CccRouting routing, std::uint32_t src,
                               std::uint32_t dst);

/// Mean route length over all ordered pairs src != dst (the load-free latency of on-demand).
double ccc_mean_route_length(const CccTopology& topo, CccRouting routing);

/// Collision-avoidance disciplines (§5.4.5). `unsynchronized` lets every node with a
/// message transmit every round: it is deliberately wrong and exists so tests can show the
/// simulator's collision check catches a broken discipline.
enum class CccDiscipline { on_demand, cycled, unsynchronized };

/// The cycled pulse sequence: `plain` is the 2D-slot round robin (dim, inner|outer) of
/// §5.4.5; `optimized` applies §5.4.6 (3 + D mod 3 inner slots, 2 outer slots for even D).
enum class CycleKind { optimized, plain };

struct CycleSlot {
    bool outer;                // outer mode: only messages for the outer neighbour may go
    std::uint32_t positions;   // bit r set: ring position r may transmit in this slot
};

std::vector<CycleSlot> cycle_schedule(int dimension, CycleKind kind);

}  // namespace liquid::optical::p2p
