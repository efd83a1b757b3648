#pragma once
// JSON form of a simulation result (the `--json` output of `liquid optical p2p`).
#include <nlohmann/json.hpp>

#include "liquid/optical/p2p/simulator.hpp"

namespace liquid::optical::p2p {

nlohmann::json to_json(const SimResult& r);

}  // namespace liquid::optical::p2p
