#pragma once
// Network generators. Hosts are "h<i>", switches "s<i>" unless stated; each host hangs off
// one switch by a cable (links "h<i>-s<j>" up and "s<j>-h<i>" down). Rates default to
// the network's default rate.
#include <string>
#include <vector>

#include "liquid/net/network.hpp"

namespace liquid {

/// One n×n crossbar switch "x" with hosts h0..h(n-1).
Network make_crossbar(int n);

/// The papers' two-switch example (report §3, Fig. 2): transmitters t1..t5, receivers
/// r1..r5, switches sa (t1..t3, r1..r3) and sb (t4, t5, r4, r5), 12 links lt1..lt5,
/// lr1..lr5, lab, lba, shortest-path routing, 1 Gb/s links.
Network make_two_switch();

/// The Swiss-T1 K-ring has its own file (liquid/net/swiss_t1_network.hpp); specs such as
/// "torus:4x4" are dispatched by liquid/io/network_spec.hpp.

/// k-ary n-tree fat tree (k^n hosts, n levels of k^(n-1) switches), destination-mod-k
/// up-routing as per-switch next-hop tables.
Network make_fat_tree(int k, int n);

/// Torus (wrap = true) or mesh over the given dimensions (2-D or 3-D), one host per
/// switch, dimension-order routing (lowest dimension first; torus: shorter way round,
/// ties go the positive way) as next-hop tables.
Network make_torus(const std::vector<int>& dims, bool wrap);

/// d-dimensional hypercube of switches, one host each; shortest routing (declaration
/// order makes it e-cube: lowest differing dimension first).
Network make_hypercube(int d);

/// Cube-connected cycles of dimension d (d·2^d switches), one host each; shortest routing.
Network make_cube_connected_cycles(int d);

/// Chordal ring of n switches: ring cables i–(i+1) and chord cables i–(i+w); one host each.
Network make_chordal_ring(int n, int w);

}  // namespace liquid
