#pragma once
// Traffic over a network (docs/formats.md): a JSON object naming the network
// (a file relative to this one, or a generator spec such as "swiss-t1") and either a
// `pattern` or explicit `transfers`.
#include <nlohmann/json.hpp>
#include <string>

#include "liquid/net/network.hpp"
#include "liquid/traffic/patterns.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid {

struct NetworkTraffic {
    Network network;
    Traffic traffic;
};

/// Reads a traffic JSON file. If the file names no network, `fallback` is used (and if
/// there is none either, the error says to name one). A network named neither by a file
/// nor inline is built from its spec (make_network of liquid/io/network_spec.hpp).
NetworkTraffic read_traffic_json(const std::string& path, const Network* fallback = nullptr);
Traffic traffic_from_json(const nlohmann::json& j, const Network& net, const std::string& where);
/// Parses a pattern object {"name", "senders", "receivers", "self", "seed", "count", "size", "demand"}.
PatternSpec pattern_from_json(const nlohmann::json& j, const Network& net, const std::string& where);
/// Explicit form: {"network": <inline network>, "transfers": [{name, from, to, size}]}.
nlohmann::json traffic_to_json(const Traffic& traffic, const Network& net);

}  // namespace liquid
