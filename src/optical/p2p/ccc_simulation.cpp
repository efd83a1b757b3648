// The CCC model of thesis §5.4 in the round engine: static 3-way multicast, three-phase
// routing, and the on-demand or cycled collision-avoidance discipline.
#include <span>

#include "ccc.hpp"
#include "liquid/optical/p2p/simulator.hpp"
#include "round_engine.hpp"

namespace liquid::optical::p2p {
namespace {

class CccModel {
public:
    static constexpr int kQueues = 3;  // arcs: 0 previous, 1 next (inner), 2 outer

    explicit CccModel(const CccSpec& spec)
        : topo_(spec.dimension), spec_(spec), schedule_(cycle_schedule(spec.dimension, spec.cycle)), reserved_(topo_.nodes(), 0) {
    }

    std::uint32_t nodes() const { return topo_.nodes(); }

    int on_arrival(detail::Message& m, std::uint32_t node) const {
        const CccHop hop = ccc_route(topo_, spec_.routing, node, m.dst, m.phase);
        m.next = hop.next;
        m.phase = hop.phase;
        if (hop.next == topo_.outer(node)) return 2;
        return hop.next == topo_.inner_next(node) ? 1 : 0;
    }

    void select(std::uint64_t t, const std::vector<detail::Fifo>& queues, std::vector<detail::Sender>& out, Rng& rng) {
        switch (spec_.discipline) {
            case CccDiscipline::Cycled: return select_cycled(t, queues, out);
            case CccDiscipline::OnDemand: return select_on_demand(t, queues, out, rng);
            case CccDiscipline::Unsynchronized:
                for (std::uint32_t v = 0; v < topo_.nodes(); ++v)
                    if (has_mail(queues, v)) out.push_back({v, 7});
                return;
        }
    }

    std::span<const std::uint32_t> multicast_set(std::uint32_t node, std::array<std::uint32_t, 3>& buffer) const {
        buffer = topo_.receivers(node);
        return {buffer.data(), 3};
    }

    void on_spawn(const SendEvent&, std::uint64_t) {}
    void on_send(std::uint32_t, const detail::Message&) {}
    bool begin_round(std::uint64_t) { return false; }
    const CccTopology& topology() const { return topo_; }

private:
    static bool has_mail(const std::vector<detail::Fifo>& queues, std::uint32_t v) {
        const detail::Fifo* q = &queues[3 * std::size_t(v)];
        return !q[0].empty() || !q[1].empty() || !q[2].empty();
    }

    /// §5.4.5 cycled: the pulse (positions, inner|outer) of this round decides who may send
    /// what; no controller is asked.
    void select_cycled(std::uint64_t t, const std::vector<detail::Fifo>& queues, std::vector<detail::Sender>& out) const {
        const CycleSlot& slot = schedule_[t % schedule_.size()];
        const std::uint8_t mask = slot.outer ? 4 : 3;
        const std::uint32_t cycles = topo_.nodes() / std::uint32_t(topo_.dimension());
        for (std::uint32_t p = 0; p < std::uint32_t(topo_.dimension()); ++p) {
            if (!((slot.positions >> p) & 1u)) continue;
            for (std::uint32_t h = 0; h < cycles; ++h) {
                const std::uint32_t v = topo_.id(h, p);
                const detail::Fifo* q = &queues[3 * std::size_t(v)];
                if (slot.outer ? !q[2].empty() : (!q[0].empty() || !q[1].empty())) out.push_back({v, mask});
            }
        }
    }

    /// §5.4.5 on-demand: every node with mail asks the controller; requests are served in a
    /// random order (fair on average) and granted when no already granted node reaches one of
    /// the requester's three neighbours.
    void select_on_demand(std::uint64_t t, const std::vector<detail::Fifo>& queues, std::vector<detail::Sender>& out, Rng& rng) {
        active_.clear();
        for (std::uint32_t v = 0; v < topo_.nodes(); ++v)
            if (has_mail(queues, v)) active_.push_back(v);
        liquid::shuffle(active_.begin(), active_.end(), rng);
        const auto stamp = std::uint32_t(t + 1);
        for (std::uint32_t v : active_) {
            const auto set = topo_.receivers(v);
            if (reserved_[set[0]] == stamp || reserved_[set[1]] == stamp || reserved_[set[2]] == stamp) continue;
            for (std::uint32_t x : set) reserved_[x] = stamp;
            out.push_back({v, 7});
        }
    }

    CccTopology topo_;
    CccSpec spec_;
    std::vector<CycleSlot> schedule_;
    std::vector<std::uint32_t> reserved_;
    std::vector<std::uint32_t> active_;
};

}  // namespace

SimResult simulate_ccc(const CccSpec& spec, const TrafficSpec& traffic, const RunSpec& run, const Progress& progress) {
    CccModel model(spec);
    detail::RoundEngine<CccModel> engine(model, traffic, run, progress);
    SimResult r = engine.run();
    r.model = "ccc";
    r.static_average_distance = ccc_mean_route_length(model.topology(), spec.routing);
    return r;
}

}  // namespace liquid::optical::p2p
