#pragma once
// Random point-to-point send events (thesis §5.3.1–5.3.2): each round 1..spawn new events;
// destinations uniform, or hot-spot with parameter p (hot-spot group H = {h}, one node).
// The hot spot h is node 0, or moves (§5.9.4's "moving hot spots", see HotspotMove).
#include <cstdint>

#include "liquid/base/rng.hpp"

namespace liquid::optical::p2p {

/// §5.9.4 says only that "moving hot spots" were tried to emulate a load that changes, not
/// how they moved. Ours: H = {h} stays one node (§5.3.2), starts at node 0 and every
/// `every` rounds jumps to a node drawn uniformly among the other nodes, so a
/// reconfiguration has `every` rounds to pay off before the load it adapted to is gone.
struct HotspotMove {
    std::uint32_t every = 0;  // rounds between two moves; 0 = H = {0} for the whole run
};

struct TrafficSpec {
    TrafficSpec() = default;
    // Not an aggregate, so {spawn, p} keeps meaning "a fixed hot spot" without a warning.
    TrafficSpec(std::uint32_t spawn_, double hotspot_p_, HotspotMove move_ = {})
        : spawn(spawn_), hotspot_p(hotspot_p_), move(move_) {}

    std::uint32_t spawn = 0;  // maximum new events per round; each round draws 1..spawn uniformly
    double hotspot_p = 0.0;   // probability that the destination group is H (§5.3.2)
    HotspotMove move;
};

struct SendEvent {
    std::uint32_t src;
    std::uint32_t dst;
};

/// Draws events as §5.3.2 prescribes: destination first (H with probability p, else all
/// nodes, uniform inside the group), then the source uniform among the other nodes.
/// The hot spot's moves use their own random stream (from `seed`), so a moving and a fixed
/// hot spot draw the same random numbers for the events themselves.
class EventSource {
public:
    EventSource(std::uint32_t nodes, TrafficSpec spec, std::uint64_t seed = 0);
    /// Call at the start of each round t = 0, 1, 2, ...: moves the hot spot when it is due.
    void begin_round(std::uint64_t t);
    std::uint32_t events_this_round(Rng& rng) const { return 1 + rng.below(spec_.spawn); }
    SendEvent draw(Rng& rng) const;
    const TrafficSpec& spec() const { return spec_; }
    std::uint32_t hotspot() const { return hot_; }
    std::uint64_t moves() const { return moves_; }

private:
    std::uint32_t nodes_;
    TrafficSpec spec_;
    Rng move_rng_;
    std::uint32_t hot_ = 0;
    std::uint64_t moves_ = 0;
};

/// Probability that a destination lies in H: p_H = p + |H|/N (1 - p) (§5.3.2).
double hotspot_probability(std::uint32_t nodes, double p);

}  // namespace liquid::optical::p2p
