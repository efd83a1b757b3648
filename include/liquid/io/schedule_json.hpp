#pragma once
// The schedule JSON: the "schedule" object printed by `liquid schedule --json` and read
// back by `liquid simulate --schedule FILE`. Frames name transfers, so a schedule file is
// resolved against the traffic it is applied to. This file is the format's one owner.
#include <nlohmann/json.hpp>
#include <optional>
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

/// A saved schedule of either kind, as `liquid schedule --json` wrote it: exactly one of
/// the two is set.
struct SavedSchedule {
    std::optional<Schedule> whole;             // frames of transfer names
    std::optional<WeightedSchedule> weighted;  // frames of pieces
};

/// Reads {"schedule": {"frames": ...}} (or a bare {"frames": ...}) once: frames that are
/// objects with "pieces" are weighted frames [{"pieces": [{"transfer": NAME, "bytes": B},
/// ...]}, ...] (their durations are not read: they follow from the pieces), others are
/// frames of names as read_schedule_json reads them. Throws InputError naming the file and
/// JSON path for a malformed file, a name the traffic does not have or a piece that is not
/// a positive whole number of bytes.
SavedSchedule read_saved_schedule_json(const std::string& path, const Traffic& traffic);
/// The same from the file `path`, already parsed as `j`.
SavedSchedule saved_schedule_from_json(const nlohmann::json& j, const std::string& path, const Traffic& traffic);

}  // namespace liquid
