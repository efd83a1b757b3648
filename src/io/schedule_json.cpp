#include "liquid/io/schedule_json.hpp"

#include <nlohmann/json.hpp>

#include "liquid/base/error.hpp"
#include "liquid/io/json_input.hpp"

namespace liquid {

nlohmann::json schedule_frames_to_json(const Traffic& traffic, const Schedule& schedule) {
    nlohmann::json frames = nlohmann::json::array();
    for (const auto& f : schedule.frames) {
        nlohmann::json names = nlohmann::json::array();
        for (int x : f) names.push_back(traffic[x].name);
        frames.push_back(names);
    }
    return frames;
}

Schedule read_schedule_json(const std::string& path, const Traffic& traffic) {
    const nlohmann::json j = io::parse_json_file(path);
    const nlohmann::json* frames = nullptr;
    std::string where = path + ": /frames";
    if (j.is_object() && j.contains("schedule") && j["schedule"].is_object() && j["schedule"].contains("frames")) {
        frames = &j["schedule"]["frames"];
        where = path + ": /schedule/frames";
    } else if (j.is_object() && j.contains("frames")) {
        frames = &j["frames"];
    }
    if (!frames || !frames->is_array())
        throw InputError(where, "no array of frames", "expected {\"schedule\": {\"frames\": [[names...], ...]}}");
    Schedule s;
    for (std::size_t f = 0; f < frames->size(); ++f) {
        const auto& frame = (*frames)[f];
        if (!frame.is_array()) throw InputError(where + "/" + std::to_string(f), "a frame must be an array of transfer names");
        s.frames.emplace_back();
        for (std::size_t k = 0; k < frame.size(); ++k) {
            const auto& name = frame[k];
            std::string at = where + "/" + std::to_string(f) + "/" + std::to_string(k);
            if (!name.is_string()) throw InputError(at, "a transfer name must be a string");
            auto idx = traffic.find(name.get<std::string>());
            if (!idx)
                throw InputError(at, "transfer '" + name.get<std::string>() + "' is not in the simulated traffic",
                                 "simulate the traffic the schedule was made for");
            s.frames.back().push_back(*idx);
        }
    }
    return s;
}

}  // namespace liquid
