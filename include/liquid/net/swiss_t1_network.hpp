#pragma once
// The Swiss-T1 K-ring network, built in code from the reconstruction table (no data file
// needed at run time). data/swiss-t1.json holds the same network as a file; a test checks
// that the two are equal.
#include <array>

#include "liquid/net/network.hpp"

namespace liquid {

/// 8 switches s0..s7, 32 nodes n0..n31 (node n on switch n/4) with transmit link tx<n>
/// and receive link rx<n>, inter-switch cabling K4,4 = C8(1,3) (switches i and j are
/// cabled when j - i is odd; links "s<i>s<j>" both ways) and a static routing table for
/// the switch pairs that are not cabled. 86 MB/s links as measured on the machine.
///
/// The original routing table is not published; this is a reconstruction consistent with
/// every number the papers report for the testbed (Gabrielyan & Hersch, "Liquid schedule
/// construction" report, EPFL, 2006, §6.3, §8 and Appendix A: 362 distinct liquid
/// throughputs over the 5^8 allocations).
Network make_swiss_t1();

/// The intermediate switch of each uncabled ordered switch pair (same parity, from != to),
/// in the order (0→2, 0→4, 0→6, 1→3, 1→5, 1→7, 2→0, 2→4, …, 7→5): 24 entries, each an
/// odd-distance switch (cabled to both ends). The table-search tool varies it.
using SwissT1Routes = std::array<int, 24>;
/// The reconstruction's table (make_swiss_t1()).
SwissT1Routes swiss_t1_reconstructed_routes();
/// The Swiss-T1 network with another routing table on the same wiring; throws
/// InputError when an entry is not cabled to both ends of its pair.
Network make_swiss_t1(const SwissT1Routes& routes);
/// The ordered uncabled pair (from, to) of entry k of a SwissT1Routes.
std::pair<int, int> swiss_t1_route_pair(int k);

}  // namespace liquid
