#pragma once
// The round-trip property of every format liquid writes: read(write(x)) == x. Used by the
// round-trip tests and as the oracle of the fuzz harnesses (fuzz/). Each function returns
// "" when the property holds, else a description of the first difference.
#include <string>

#include "liquid/net/network.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid {

/// Same transfers in the same order: names, links in travel order (by name) and, when
/// `compare_sizes`, message sizes.
std::string traffic_difference(const Traffic& a, const Traffic& b, bool compare_sizes = true);
/// Same network: identical network JSON (names, kinds, links, rates, routing).
std::string network_difference(const Network& a, const Network& b);

/// Link-set text (write_traffic) read back with parse_traffic (sizes are not in the format).
std::string link_set_round_trip(const Traffic& traffic);
/// Network JSON text read back with network_from_json.
std::string network_json_round_trip(const Network& net);
/// Traffic JSON text (traffic_to_json, inline network) read back with traffic_from_json.
std::string traffic_json_round_trip(const Traffic& traffic, const Network& net);

}  // namespace liquid
