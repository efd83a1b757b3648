#include "optical/p2p/ccc.hpp"

#include <string>

#include "liquid/base/error.hpp"

namespace liquid::optical::p2p {

CccTopology::CccTopology(int dimension) : d_(dimension) {
    if (dimension < 3 || dimension > 16)
        throw InputError("dimension", "CCC dimension " + std::to_string(dimension) + " is out of range",
                         "use 3 <= D <= 16 (D*2^D nodes)");
    n_ = std::uint32_t(dimension) << dimension;
    cycle_.resize(n_);
    position_.resize(n_);
    for (std::uint32_t v = 0; v < n_; ++v) {
        cycle_[v] = v / std::uint32_t(d_);
        position_[v] = std::uint8_t(v % std::uint32_t(d_));
    }
}

std::uint32_t CccTopology::inner_next(std::uint32_t node) const {
    const std::uint32_t r = position(node);
    return r + 1 == std::uint32_t(d_) ? node - r : node + 1;
}

std::uint32_t CccTopology::inner_prev(std::uint32_t node) const {
    const std::uint32_t r = position(node);
    return r == 0 ? node + std::uint32_t(d_) - 1 : node - 1;
}

std::uint32_t CccTopology::outer(std::uint32_t node) const {
    const std::uint32_t r = position(node);
    return id(cycle(node) ^ (1u << r), r);
}

namespace {

/// One inner step towards ring position `target`: forward only, or the short way round
/// (ties go forward).
std::uint32_t ring_step(const CccTopology& topo, std::uint32_t node, std::uint32_t target, bool shortest) {
    const std::uint32_t d = std::uint32_t(topo.dimension());
    const std::uint32_t r = topo.position(node);
    const std::uint32_t forward = (target + d - r) % d;
    return !shortest || forward <= d - forward ? topo.inner_next(node) : topo.inner_prev(node);
}

}  // namespace

CccHop ccc_route(const CccTopology& topo, CccRouting routing, std::uint32_t node, std::uint32_t dst, std::uint8_t phase) {
    const std::uint32_t h = topo.cycle(node), hd = topo.cycle(dst);
    const std::uint32_t r = topo.position(node);
    const bool shortest = routing != CccRouting::Thesis;
    if (phase == 1) {
        if (routing != CccRouting::CurrentDimension && r != 0) return {ring_step(topo, node, 0, shortest), 1};
        phase = 2;
    }
    if (phase == 2) {
        if (h != hd) {
            if (((h ^ hd) >> r) & 1u) return {topo.outer(node), 2};
            return {topo.inner_next(node), 2};
        }
        phase = 3;
    }
    return {ring_step(topo, node, topo.position(dst), shortest), 3};
}

std::uint32_t ccc_route_length(const CccTopology& topo, CccRouting routing, std::uint32_t src, std::uint32_t dst) {
    std::uint32_t hops = 0;
    std::uint8_t phase = 1;
    for (std::uint32_t v = src; v != dst; ++hops) {
        const CccHop hop = ccc_route(topo, routing, v, dst, phase);
        v = hop.next;
        phase = hop.phase;
    }
    return hops;
}

double ccc_mean_route_length(const CccTopology& topo, CccRouting routing) {
    // A route depends only on the two ring positions and on cycle(src) xor cycle(dst), so
    // sources in cycle 0 see every case exactly as often as all sources do.
    const std::uint32_t n = topo.nodes();
    std::uint64_t total = 0;
    for (std::uint32_t r = 0; r < std::uint32_t(topo.dimension()); ++r)
        for (std::uint32_t d = 0; d < n; ++d)
            if (d != r) total += ccc_route_length(topo, routing, topo.id(0, r), d);
    return double(total) / (double(topo.dimension()) * double(n - 1));
}

std::vector<CycleSlot> cycle_schedule(int dimension, CycleKind kind) {
    const auto d = std::uint32_t(dimension);
    std::vector<CycleSlot> slots;
    if (kind == CycleKind::Plain) {  // §5.4.5: (0,inner) .. (D-1,inner), (0,outer) .. (D-1,outer)
        for (std::uint32_t r = 0; r < d; ++r) slots.push_back({false, 1u << r});
        for (std::uint32_t r = 0; r < d; ++r) slots.push_back({true, 1u << r});
        return slots;
    }
    // §5.4.6 inner: senders in one ring must be >= 3 apart (each receiver then hears exactly
    // one ring neighbour, and a sender's outer neighbour sits at the same position). Classes
    // p mod 3 over positions 0..3q-1 (wrap gap 3 + D mod 3), then each leftover position
    // alone: 3 + D mod 3 slots.
    const std::uint32_t q = d / 3;
    for (std::uint32_t c = 0; c < 3; ++c) {
        std::uint32_t mask = 0;
        for (std::uint32_t p = c; p < 3 * q; p += 3) mask |= 1u << p;
        if (mask) slots.push_back({false, mask});
    }
    for (std::uint32_t p = 3 * q; p < d; ++p) slots.push_back({false, 1u << p});
    // §5.4.6 outer: every second position; the node in between hears two senders but is
    // not addressed (it discards the garbage). Odd D needs a third slot for position D-1,
    // which is adjacent to position 0 (the thesis restricts itself to even D).
    std::uint32_t even = 0, odd = 0;
    for (std::uint32_t p = 0; p < d; ++p) (p % 2 ? odd : even) |= 1u << p;
    if (d % 2) {
        even &= ~(1u << (d - 1));
        slots.push_back({true, even});
        slots.push_back({true, odd});
        slots.push_back({true, 1u << (d - 1)});
    } else {
        slots.push_back({true, even});
        slots.push_back({true, odd});
    }
    return slots;
}

}  // namespace liquid::optical::p2p

namespace liquid::optical::p2p {

std::uint32_t ccc_node_count(int dimension) { return CccTopology(dimension).nodes(); }

}  // namespace liquid::optical::p2p
