// The multi-ring model of thesis §5.6–5.7 (and §5.9's dynamic variants) in the round engine:
// ring + one chord per node as a 2-way multicast, shortest-path routing tables, and the
// parity rule (even nodes send in even rounds, odd nodes in odd rounds).
#include <memory>
#include <span>

#include "dynamic_reconfig.hpp"
#include "liquid/optical/p2p/simulator.hpp"
#include "optical/p2p/load_bound.hpp"
#include "round_engine.hpp"

namespace liquid::optical::p2p {
namespace {

MultiRing initial_ring(const MultiRingSpec& spec, std::uint64_t seed) {
    if (spec.chords == ChordKind::Fixed) {
        const std::uint32_t w = spec.w == MultiRingSpec::kDefaultW ? default_chord_length(spec.nodes) : spec.w;
        return MultiRing(spec.nodes, fixed_chords(spec.nodes, w));
    }
    if (spec.nodes < 4 || spec.nodes % 2) return MultiRing(spec.nodes, {});  // throws the InputError
    Rng rng(seed ^ 0xc40dc40dULL);  // own stream: the traffic is the same whatever the chords
    return MultiRing(spec.nodes, random_chords(spec.nodes, rng));
}

class MultiRingModel {
public:
    static constexpr int kQueues = 2;  // arcs: 0 ring, 1 chord

    MultiRingModel(const MultiRingSpec& spec, std::uint64_t seed)
        : spec_(spec), ring_(initial_ring(spec, seed)), paths_(ring_), blocked_until_(ring_.nodes(), 0) {
        if (spec.reconfig.variant != Reconfig::None)
            reconfig_ = std::make_unique<detail::Reconfigurator>(spec.reconfig, ring_, paths_, blocked_until_, seed);
    }

    std::uint32_t nodes() const { return ring_.nodes(); }
    int on_arrival(detail::Message& m, std::uint32_t node) const {
        m.next = paths_.next_hop(ring_, node, m.dst);
        return m.next == ring_.ring_next(node) ? 0 : 1;
    }

    void select(std::uint64_t t, const std::vector<detail::Fifo>& queues, std::vector<detail::Sender>& out, Rng&) const {
        const std::uint32_t first = spec_.parity_rule ? std::uint32_t(t & 1u) : 0;
        const std::uint32_t step = spec_.parity_rule ? 2 : 1;
        for (std::uint32_t v = first; v < ring_.nodes(); v += step)
            if ((!queues[2 * std::size_t(v)].empty() || !queues[2 * std::size_t(v) + 1].empty()) && blocked_until_[v] <= t)
                out.push_back({v, 3});
    }

    std::span<const std::uint32_t> multicast_set(std::uint32_t node, std::array<std::uint32_t, 3>& buffer) const {
        buffer[0] = ring_.ring_next(node);
        if (!ring_.has_chord(node)) return {buffer.data(), 1};
        buffer[1] = ring_.chord(node);
        return {buffer.data(), 2};
    }

    void on_spawn(const SendEvent& ev, std::uint64_t t) {
        if (reconfig_) reconfig_->on_event(ev, t);
    }
    void on_send(std::uint32_t node, const detail::Message& m) {
        if (reconfig_) reconfig_->on_send(node, m.dst);
    }
    bool begin_round(std::uint64_t t) { return reconfig_ && reconfig_->begin_round(t); }

    const ShortestPaths& paths() const { return paths_; }
    const MultiRing& ring() const { return ring_; }
    std::uint64_t changes() const { return reconfig_ ? reconfig_->changes() : 0; }
    std::uint64_t attempts() const { return reconfig_ ? reconfig_->attempts() : 0; }

private:
    MultiRingSpec spec_;
    MultiRing ring_;
    ShortestPaths paths_;
    std::vector<std::uint64_t> blocked_until_;
    std::unique_ptr<detail::Reconfigurator> reconfig_;
};

}  // namespace

SimResult simulate_multi_ring(const MultiRingSpec& spec, const TrafficSpec& traffic, const RunSpec& run,
                              const Progress& progress) {
    MultiRingModel model(spec, run.seed);
    detail::RoundEngine<MultiRingModel> engine(model, traffic, run, progress);
    const LoadBound bound = hotspot_load_bound(model.ring(), model.paths(), 0, traffic, run, spec.parity_rule);
    SimResult r = engine.run();
    r.hot_saturation_p = bound.saturation_p;
    r.busiest_link_utilization = bound.busiest / bound.capacity;
    r.model = "multi-ring";
    r.static_average_distance = model.paths().average_distance();
    r.static_diameter = model.paths().diameter();
    r.reconfigurations = model.changes();
    r.reconfig_attempts = model.attempts();
    return r;
}

}  // namespace liquid::optical::p2p
