#pragma once
// The schedule JSON: the "schedule" object printed by `liquid schedule --json` and read
// back by `liquid simulate --schedule FILE`. Frames name transfers, so a schedule file is
// resolved against the traffic it is applied to. This file is the format's one owner.
#include <nlohmann/json.hpp>
#include <string>

#include "liquid/traffic/schedule.hpp"
#include "liquid/traffic/traffic.hpp"
#include "liquid/traffic/weighted_schedule.hpp"

namespace liquid {

/// The frames as arrays of transfer names: [["t1-r1", ...], ...].
nlohmann::json schedule_frames_to_json(const Traffic& traffic, const Schedule& schedule);

/// Reads {"schedule": {"frames": [["t1-r1", ...], ...]}} (or a bare {"frames": ...}).
/// Throws InputError naming the file and JSON path for a malformed file or a name the
/// traffic does not have.
Schedule read_schedule_json(const std::string& path, const Traffic& traffic);

/// A weighted schedule's frames: [{"duration_s": D, "pieces": [{"transfer": NAME,
/// "bytes": B}, ...]}, ...] (D: the frame's data time).
nlohmann::json weighted_frames_to_json(const Traffic& traffic, const WeightedSchedule& schedule);

/// True when the file's frames are weighted frames (objects with "pieces").
bool is_weighted_schedule_json(const std::string& path);

/// Reads {"schedule": {"frames": [weighted frames]}} (or a bare {"frames": ...}); the
/// durations are not read (they follow from the pieces). Throws InputError naming the file
/// and JSON path for a malformed file, a name the traffic does not have or a piece that is
/// not a positive whole number of bytes.
WeightedSchedule read_weighted_schedule_json(const std::string& path, const Traffic& traffic);

}  // namespace liquid
