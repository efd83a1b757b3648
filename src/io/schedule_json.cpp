#include "liquid/io/schedule_json.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "liquid/base/error.hpp"
#include "liquid/io/json_input.hpp"

namespace liquid {

nlohmann::json schedule_frames_to_json(const Traffic& traffic, const Schedule& schedule) {
    nlohmann::json frames = nlohmann::json::array();
    frames.get_ref<nlohmann::json::array_t&>().reserve(schedule.frames.size());
    std::vector<std::string_view> names_of;
    for (const auto& f : schedule.frames) {
        // First the names' places, then the copies: a frame of a large traffic names
        // transfers far apart in memory, and a loop that only looks them up lets their
        // cache misses overlap (the copies' allocations would make them wait in turn).
        names_of.clear();
        for (int x : f) names_of.emplace_back(traffic[x].name);
        nlohmann::json names = nlohmann::json::array();
        auto& list = names.get_ref<nlohmann::json::array_t&>();
        list.reserve(f.size());
        for (std::string_view name : names_of) list.emplace_back(std::string(name));
        frames.push_back(std::move(names));
    }
    return frames;
}

namespace {

// The frames of a schedule file: {"schedule": {"frames": ...}} or {"frames": ...}; `where`
// becomes their JSON path.
const nlohmann::json* frames_of(const nlohmann::json& j, const std::string& path, std::string& where) {
    where = path + ": /frames";
    if (j.is_object() && j.contains("schedule") && j["schedule"].is_object() && j["schedule"].contains("frames")) {
        where = path + ": /schedule/frames";
        return &j["schedule"]["frames"];
    }
    if (j.is_object() && j.contains("frames")) return &j["frames"];
    return nullptr;
}

int transfer_named(const nlohmann::json& name, const Traffic& traffic, const std::string& at) {
    if (!name.is_string()) throw InputError(at, "a transfer name must be a string");
    auto idx = traffic.find(name.get<std::string>());
    if (!idx)
        throw InputError(at, "transfer '" + name.get<std::string>() + "' is not in the simulated traffic",
                         "simulate the traffic the schedule was made for");
    return *idx;
}

// Frames of transfer names, at `where`.
Schedule whole_frames(const nlohmann::json* frames, const std::string& where, const Traffic& traffic) {
    if (!frames || !frames->is_array())
        throw InputError(where, "no array of frames", "expected {\"schedule\": {\"frames\": [[names...], ...]}}");
    Schedule s;
    for (std::size_t f = 0; f < frames->size(); ++f) {
        const auto& frame = (*frames)[f];
        if (!frame.is_array()) throw InputError(where + "/" + std::to_string(f), "a frame must be an array of transfer names");
        s.frames.emplace_back();
        for (std::size_t k = 0; k < frame.size(); ++k)
            s.frames.back().push_back(
                transfer_named(frame[k], traffic, where + "/" + std::to_string(f) + "/" + std::to_string(k)));
    }
    return s;
}

// Weighted frames (objects with "pieces"), at `where`.
WeightedSchedule weighted_frames(const nlohmann::json* frames, const std::string& where, const Traffic& traffic) {
    const char* expected =
        "expected {\"schedule\": {\"frames\": [{\"pieces\": [{\"transfer\": NAME, \"bytes\": B}, ...]}, ...]}}";
    if (!frames || !frames->is_array()) throw InputError(where, "no array of frames", expected);
    WeightedSchedule s;
    for (std::size_t f = 0; f < frames->size(); ++f) {
        const std::string at = where + "/" + std::to_string(f);
        const nlohmann::json& frame = (*frames)[f];
        if (!frame.is_object() || !frame.contains("pieces") || !frame["pieces"].is_array())
            throw InputError(at, "a weighted frame is an object with an array \"pieces\"", expected);
        s.frames.emplace_back();
        for (std::size_t k = 0; k < frame["pieces"].size(); ++k) {
            const nlohmann::json& piece = frame["pieces"][k];
            const std::string pat = at + "/pieces/" + std::to_string(k);
            if (!piece.is_object() || !piece.contains("transfer") || !piece.contains("bytes"))
                throw InputError(pat, "a piece is {\"transfer\": NAME, \"bytes\": B}", expected);
            const nlohmann::json& bytes = piece["bytes"];
            if (!bytes.is_number_integer() || bytes.get<long long>() < 1 ||
                (bytes.is_number_unsigned() && bytes.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)))
                throw InputError(pat + "/bytes", "not a whole number of bytes >= 1", "give the piece's bytes, e.g. 65536");
            s.frames.back().pieces.push_back(
                {transfer_named(piece["transfer"], traffic, pat + "/transfer"), bytes.get<std::int64_t>()});
        }
    }
    return s;
}

}  // namespace

Schedule read_schedule_json(const std::string& path, const Traffic& traffic) {
    const nlohmann::json j = io::parse_json_file(path);
    std::string where;
    const nlohmann::json* frames = frames_of(j, path, where);
    return whole_frames(frames, where, traffic);
}

nlohmann::json weighted_frames_to_json(const Traffic& traffic, const WeightedSchedule& schedule) {
    nlohmann::json frames = nlohmann::json::array();
    for (const WeightedFrame& frame : schedule.frames) {
        nlohmann::json pieces = nlohmann::json::array();
        for (const Piece& p : frame.pieces) pieces.push_back({{"transfer", traffic[p.transfer].name}, {"bytes", p.bytes}});
        frames.push_back({{"duration_s", frame.duration_s}, {"pieces", pieces}});
    }
    return frames;
}

SavedSchedule read_saved_schedule_json(const std::string& path, const Traffic& traffic) {
    return saved_schedule_from_json(io::parse_json_file(path), path, traffic);
}

SavedSchedule saved_schedule_from_json(const nlohmann::json& j, const std::string& path, const Traffic& traffic) {
    std::string where;
    const nlohmann::json* frames = frames_of(j, path, where);
    SavedSchedule saved;
    if (frames && frames->is_array() && !frames->empty() && (*frames)[0].is_object() && (*frames)[0].contains("pieces"))
        saved.weighted = weighted_frames(frames, where, traffic);
    else saved.whole = whole_frames(frames, where, traffic);
    return saved;
}

}  // namespace liquid
