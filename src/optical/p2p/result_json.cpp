#include "liquid/optical/p2p/result_json.hpp"

namespace liquid::optical::p2p {

nlohmann::json to_json(const SimResult& r) {
    return {
        {"model", r.model},
        {"nodes", r.nodes},
        {"seed", r.seed},
        {"rounds_run", r.rounds_run},
        {"requests", {{"created", r.created}, {"measured", r.measured}, {"delivered", r.delivered},
                      {"undelivered", r.undelivered}}},
        {"saturated", r.saturated},
        {"mean_rounds", r.mean_rounds},
        {"mean_hops", r.mean_hops},
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
}

}  // namespace liquid::optical::p2p
