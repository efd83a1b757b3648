#pragma once
// Random point-to-point send events (thesis §5.3.1–5.3.2): each round 1..spawn new events;
// destinations uniform, or hot-spot with parameter p (hot-spot group H = {node 0}).
#include <cstdint>

#include "liquid/base/rng.hpp"

namespace liquid::optical::p2p {

struct TrafficSpec {
    std::uint32_t spawn = 0;  // maximum new events per round; each round draws 1..spawn uniformly
    double hotspot_p = 0.0;   // probability that the destination group is H = {0} (§5.3.2)
};

struct SendEvent {
    std::uint32_t src;
    std::uint32_t dst;
};

/// Draws events as §5.3.2 prescribes: destination first (H with probability p, else all
/// nodes, uniform inside the group), then the source uniform among the other nodes.
class EventSource {
public:
    EventSource(std::uint32_t nodes, TrafficSpec spec);
    std::uint32_t events_this_round(Rng& rng) const { return 1 + rng.below(spec_.spawn); }
    SendEvent draw(Rng& rng) const;
    const TrafficSpec& spec() const { return spec_; }

private:
    std::uint32_t nodes_;
    TrafficSpec spec_;
};

/// Probability that a destination lies in H: p_H = p + |H|/N (1 - p) (§5.3.2).
double hotspot_probability(std::uint32_t nodes, double p);

}  // namespace liquid::optical::p2p
