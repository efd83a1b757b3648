#pragma once
// Traffic patterns over a Network. Every pattern routes each (sender,
// receiver) pair with the network's routing; transfer names are "<sender>-<receiver>"
// (with ".k" appended for the k-th extra copy of a pair in a demand matrix).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "liquid/net/network.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid {

/// Most transfers a pattern may generate (2^24: all-to-all over 4 096 hosts, with --self).
/// Each transfer holds its name, path and link set (about 270 bytes on a fat tree, 350 on
/// a torus: 4.6-5.8 GB at the limit), so the limit keeps a generated traffic within a few
/// GB; larger requests are refused before anything is built. Also the upper bound of
/// "count" and of a demand matrix entry.
inline constexpr long long kMaxPatternTransfers = 1LL << 24;
inline constexpr long long kMaxPatternCount = kMaxPatternTransfers;

struct PatternSpec {
    /// all-to-all | half-to-half | permutation | random | demand
    std::string name = "all-to-all";
    std::vector<int> senders;              // host indices; empty = every sending host (half-to-half: first half of the hosts)
    std::vector<int> receivers;            // host indices; empty = every receiving host (half-to-half: second half)
    bool include_self = false;             // all-to-all: also send host -> same host (transmit and
                                           // receive processors of one node, as on the Swiss-T1)
    std::uint64_t seed = 1;                // permutation, random
    int count = 0;                         // random: number of transfers (0 = one per sender)
    double size = 1.0;                     // bytes per message
    std::vector<std::vector<int>> demand;  // demand: messages from senders[i] to receivers[j]
};

/// Names accepted by make_pattern, for help texts and error messages.
const std::vector<std::string>& pattern_names();

/// Hosts with an outgoing link (can send) / an incoming link (can receive). In the
/// two-switch example these are t1..t5 and r1..r5.
std::vector<int> sending_hosts(const Network& net);
std::vector<int> receiving_hosts(const Network& net);

/// Builds the traffic; throws InputError for an unknown pattern or unusable host sets.
Traffic make_pattern(const Network& net, const PatternSpec& spec);

/// Traffic of explicit (sender, receiver) host pairs, in order.
Traffic traffic_from_pairs(const Network& net, const std::vector<std::pair<int, int>>& pairs, double size = 1.0);
/// The same with one size (bytes) per pair.
Traffic traffic_from_pairs(const Network& net, const std::vector<std::pair<int, int>>& pairs, const std::vector<double>& sizes);

/// Every sender to every receiver (the Swiss-T1 testbed traffic when include_self).
Traffic all_to_all(const Network& net, const std::vector<int>& senders, const std::vector<int>& receivers, bool include_self,
                   double size = 1.0);

}  // namespace liquid
