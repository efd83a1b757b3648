#pragma once
// A group's table as a Latin square of an all-to-all: the starting square of the
// Latin-square search (latin_search.hpp) when every host sends to every other.
//
// Label the N hosts with the elements of a group G of order N and put the transfer from
// host i to host j into frame i⁻¹·j (the identity is i = j, no transfer): each frame is a
// permutation of the hosts, so the N − 1 frames are a Latin square. The Kempe cycle of
// frames a and b through a transfer of sender i visits the senders i, i·(a·b⁻¹),
// i·(a·b⁻¹)², ...: 2·ord(a·b⁻¹) transfers, four where a·b⁻¹ is an involution. The abelian
// table: G = Π (Z_p)^k over the prime powers p^k of N, whose elements' orders divide the
// product of N's distinct primes: with N a power of two (G = (Z_2)^k, the frame is the XOR
// of the labels) every cycle holds 4 transfers (an intercalate), so the search's cycle
// moves are short everywhere; N = 96 at most 12, N = 200 at most 20; N prime, 2N. But only
// the 2^k − 1 involutions of N = 2^k·m close cycles of four (N = 200: 7 of 199). The
// dihedral table, for even N: G is the generalized dihedral group of A = Π (Z_p)^k of
// order N / 2 (A ⋊ Z_2, the flip inverting A), of whose elements half are involutions:
// from any transfer about half of the other frames close a cycle of four (N = 200: 102-103
// of 198); for N a power of two it is the XOR table again.
// The hosts are labelled in their order in the fabric (the generators and the InfiniBand
// tools number the hosts of one switch, one pod, one group consecutively), in a seeded
// random order, or packed: host by host, each taking the label that puts its transfers
// into the frames least used on the links where they could congest (a greedy colouring of
// the labels instead of the transfers); which start serves best is measured in
// latin_search.cpp.
#include <cstdint>
#include <vector>

#include "liquid/base/deadline.hpp"
#include "liquid/traffic/incidence.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::sched {

/// Which group's table (above): the abelian one, or for even N the dihedral one.
enum class SquareGroup { Abelian, Dihedral };

/// Each transfer's frame (0 .. N − 2) in the square of G with the hosts labelled in node
/// order (relabelling_seed 0) or in a seeded random order; empty unless the traffic is the
/// complete all-to-all among N >= 2 hosts (one transfer per ordered pair of distinct hosts,
/// built over a network: Transfer::src and dst set).
std::vector<int> group_square(const Traffic& traffic, std::uint64_t relabelling_seed, SquareGroup group = SquareGroup::Abelian);

/// The square with the hosts labelled in the order of their routes from the first host
/// (compared link by link; that host labelled 0). Empty unless the traffic is the complete
/// all-to-all among N >= 2 hosts.
std::vector<int> route_order_group_square(const Traffic& traffic);

/// The most cells a packed labelling reads: N / 3 times the traffic's watched incidences
/// (every host tries every free label for its transfers to the hosts labelled before it).
/// Measured: 256 hosts of a dragonfly, 1.4 × 10⁷ reads in 0.035 s, where the packed start
/// completes and random ones stall; 512 hosts, 0.8-1.5 × 10⁸ reads in 0.23-0.32 s, where
/// the fabric order's table completes (fat trees, hypercube:10) or every start is hopeless
/// (a dragonfly with two hosts per router: 40 % of the transfers congested packed, 47 %
/// random), and each of the search's starts would pay it: beyond, a random labelling.
constexpr double kPackedReadsMax = 1e8;

/// The square with packed labels: the hosts in the order of how busy their transfers'
/// `watched` links are (Incidence row t: the links of transfer t where it can congest;
/// the busiest first, ties at random by `seed`), each taking the free label whose
/// transfers to and from the hosts labelled before it land in the fewest (link, frame)
/// cells already used. Empty unless the traffic is the complete all-to-all among N >= 2
/// hosts and the reads fit kPackedReadsMax, or when the deadline passes first.
std::vector<int> packed_group_square(const Traffic& traffic, const Incidence& watched, std::uint64_t seed,
                                     const Deadline& deadline);

}  // namespace liquid::sched
