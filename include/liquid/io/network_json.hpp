#pragma once
// Network JSON (docs/formats.md): hosts, switches, directed links, routing.
#include <nlohmann/json.hpp>
#include <string>

#include "liquid/net/network.hpp"

namespace liquid {

/// Reads a network JSON file; errors name the file and the JSON path (or line for syntax).
Network read_network_json(const std::string& path);
/// Builds a network from parsed JSON; `where` (usually the file name) prefixes errors.
Network network_from_json(const nlohmann::json& j, const std::string& where);
nlohmann::json network_to_json(const Network& net);
void write_network_json(const std::string& path, const Network& net);

}  // namespace liquid
