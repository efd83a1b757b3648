#include "liquid/optical/p2p/traffic.hpp"

#include "liquid/base/error.hpp"

namespace liquid::optical::p2p {

EventSource::EventSource(std::uint32_t nodes, TrafficSpec spec, std::uint64_t seed)
    : nodes_(nodes), spec_(spec), move_rng_(seed ^ 0x407590752ULL) {
    if (nodes < 2) throw InputError("nodes", "need at least 2 nodes");
    if (spec.spawn < 1) throw InputError("spawn", "spawn value must be at least 1");
    if (!(spec.hotspot_p >= 0.0 && spec.hotspot_p <= 1.0))
        throw InputError("hotspot", "hot-spot parameter p must lie in [0, 1]", "e.g. 0.05 for 5%");
}

void EventSource::begin_round(std::uint64_t t) {
    if (spec_.move.every == 0 || t == 0 || t % spec_.move.every != 0) return;
    const std::uint32_t next = move_rng_.below(nodes_ - 1);
    hot_ = next >= hot_ ? next + 1 : next;  // uniform over the other nodes: the hot spot really moves
    ++moves_;
}

SendEvent EventSource::draw(Rng& rng) const {
    std::uint32_t dst = hot_;
    if (!(spec_.hotspot_p > 0.0 && rng.uniform() < spec_.hotspot_p)) dst = rng.below(nodes_);
    std::uint32_t src = rng.below(nodes_ - 1);
    if (src >= dst) ++src;  // uniform over all nodes except dst
    return {src, dst};
}

double hotspot_probability(std::uint32_t nodes, double p) { return p + (1.0 - p) / double(nodes); }

}  // namespace liquid::optical::p2p
