#include "liquid/optical/p2p/traffic.hpp"

#include "liquid/base/error.hpp"

namespace liquid::optical::p2p {

EventSource::EventSource(std::uint32_t nodes, TrafficSpec spec) : nodes_(nodes), spec_(spec) {
    if (nodes < 2) throw InputError("nodes", "need at least 2 nodes");
    if (spec.spawn < 1) throw InputError("spawn", "spawn value must be at least 1");
    if (!(spec.hotspot_p >= 0.0 && spec.hotspot_p <= 1.0))
        throw InputError("hotspot", "hot-spot parameter p must lie in [0, 1]", "e.g. 0.05 for 5%");
}

SendEvent EventSource::draw(Rng& rng) const {
    std::uint32_t dst = 0;  // H = {0}
    if (!(spec_.hotspot_p > 0.0 && rng.uniform() < spec_.hotspot_p)) dst = rng.below(nodes_);
    std::uint32_t src = rng.below(nodes_ - 1);
    if (src >= dst) ++src;  // uniform over all nodes except dst
    return {src, dst};
}

double hotspot_probability(std::uint32_t nodes, double p) { return p + (1.0 - p) / double(nodes); }

}  // namespace liquid::optical::p2p
