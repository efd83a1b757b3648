#pragma once
// The two point-to-point models of the optical switch (thesis ch. 5) as a user chooses
// them: CCC routing, collision-avoidance discipline and pulse sequence; multi-ring chords
// and their default length. The topologies themselves are the module's engine
// (src/optical/p2p/ccc.hpp, multi_ring.hpp).
#include <cstdint>

namespace liquid::optical::p2p {

/// Routing phases of §5.4.3 / §5.5.1 (naive hypercube routing lifted to CCC):
/// 1 walk the source ring to position 0; 2 for positions 0, 1, ... cross the dimension when
/// the cycle bit differs, else step to the next position, until the cycle is the
/// destination's; 3 walk the destination ring to the destination.
/// `thesis` walks the rings one way (forward), which is what the thesis's bound of 3D hops
/// (one D per phase, §5.5.1) counts; `shortest_walks` takes the short way round in phases
/// 1 and 3 (the multicast reaches both ring neighbours); `current_dimension` is the
/// shortcut the thesis cites from its ref. [3] but did not implement: skip phase 1 and fix
/// dimensions in cyclic order from the source position.
enum class CccRouting { Thesis, ShortestWalks, CurrentDimension };

/// Collision-avoidance disciplines (§5.4.5). `unsynchronized` lets every node with a
/// message transmit every round: it is deliberately wrong and exists so tests can show the
/// simulator's collision check catches a broken discipline.
enum class CccDiscipline { OnDemand, Cycled, Unsynchronized };

/// The cycled pulse sequence: `plain` is the 2D-slot round robin (dim, inner|outer) of
/// §5.4.5; `optimized` applies §5.4.6 (3 + D mod 3 inner slots, 2 outer slots for even D).
enum class CycleKind { Optimized, Plain };

/// Multi-ring chords (§5.6): every node's chord of the same length w, or a random
/// derangement inside each parity class.
enum class ChordKind { Fixed, Random };

/// The even integer nearest to sqrt(N) (§5.7.1: w = sqrt(N), made even for the parity rule).
std::uint32_t default_chord_length(std::uint32_t nodes);

/// Nodes of the CCC of dimension D: D * 2^D (InputError unless 3 <= D <= 16).
std::uint32_t ccc_node_count(int dimension);

}  // namespace liquid::optical::p2p
