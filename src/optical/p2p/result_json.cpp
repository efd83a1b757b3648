#include "liquid/optical/p2p/result_json.hpp"

#include <cmath>

namespace liquid::optical::p2p {

nlohmann::json to_json(const SimResult& r) {
    nlohmann::json j = {
        {"model", r.model},
        {"nodes", r.nodes},
        {"seed", r.seed},
        {"rounds_run", r.rounds_run},
        {"requests",
         {{"created", r.created}, {"measured", r.measured}, {"delivered", r.delivered}, {"undelivered", r.undelivered}}},
        {"saturated", r.saturated},
        {"mean_rounds", r.mean_rounds},
        {"mean_hops", r.mean_hops},
        {"hotspot", {{"delivered", r.hot_delivered}, {"mean_rounds", r.hot_mean_rounds}, {"moves", r.hotspot_moves}}},
        {"percentiles", {{"p50", r.p50}, {"p90", r.p90}, {"p99", r.p99}, {"max", r.max_rounds}}},
        {"queue", {{"mean_per_node", r.mean_queue}, {"max", r.max_queue}}},
        {"batch", {{"mean", r.mean_batch}, {"max", r.max_batch}}},
        {"transmissions", r.transmissions},
        {"collisions", r.collisions},
        {"overlaps", r.overlaps},
        {"misroutes", r.misroutes},
        {"reconfigurations", r.reconfigurations},
        {"reconfig_attempts", r.reconfig_attempts},
        {"static_average_distance", r.static_average_distance},
        {"static_diameter", r.static_diameter},
        {"elapsed_seconds", r.elapsed_seconds},
    };
    if (r.model == "multi-ring")  // saturation_p null: no link ever saturates (MMIR unlimited, or every p fits)
        j["load_bound"] = {
            {"saturation_p", std::isfinite(r.hot_saturation_p) ? nlohmann::json(r.hot_saturation_p) : nlohmann::json()},
            {"busiest_link_utilization", r.busiest_link_utilization}};
    return j;
}

}  // namespace liquid::optical::p2p
