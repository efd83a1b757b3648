#pragma once
// Traffic over a network (docs/formats.md): a JSON object naming the network
// (a file relative to this one, or a generator spec such as "swiss-t1") and either a
// `pattern` or explicit `transfers`.
#include <functional>
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

/// Builds a network from a spec such as "swiss-t1"; io does not know the generators, so
/// the caller passes one (usually liquid::make_network of liquid/testbed/network_spec.hpp).
/// Throws InputError for an unknown spec.
using NetworkSpecResolver = std::function<Network(const std::string& spec)>;

/// Reads a traffic JSON file. If the file names no network, `fallback` is used (and if
/// there is none either, the error says to name one). A network named neither by a file
/// nor inline is built by `resolve_spec` (without one, only files and inline networks).
NetworkTraffic read_traffic_json(const std::string& path, const Network* fallback = nullptr,
                                 const NetworkSpecResolver& resolve_spec = {});
Traffic traffic_from_json(const nlohmann::json& j, const Network& net, const std::string& where);
/// Parses a pattern object {"name", "senders", "receivers", "self", "seed", "count", "size", "demand"}.
PatternSpec pattern_from_json(const nlohmann::json& j, const Network& net, const std::string& where);
/// Explicit form: {"network": <inline network>, "transfers": [{name, from, to, size}]}.
nlohmann::json traffic_to_json(const Traffic& traffic, const Network& net);

}  // namespace liquid
