#pragma once
// A saved schedule: the JSON printed by `liquid schedule --json`, read back for
// `liquid simulate --schedule FILE`. Frames name transfers; names are resolved against
// the simulated traffic.
#include <string>

#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::sim {

/// Reads {"schedule": {"frames": [["t1-r1", ...], ...]}} (or a bare {"frames": ...}).
/// Throws InputError naming the file and JSON path for a malformed file or a name the
/// traffic does not have.
Schedule read_saved_schedule(const std::string& path, const Traffic& traffic);

}  // namespace liquid::sim
