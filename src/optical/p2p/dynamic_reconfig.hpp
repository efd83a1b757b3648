#pragma once
// Dynamic reconfiguration of the multi ring (thesis §5.9). Private header.
#include <cstdint>
#include <vector>

#include "liquid/optical/p2p/simulator.hpp"
#include "optical/p2p/multi_ring.hpp"

namespace liquid::optical::p2p::detail {

/// Keeps strength(i,j) (§5.9.2: messages node i sent towards destination j, every node of a
/// path counting; all halved when one reaches the cap) and decides the configuration
/// changes of the four variants of §5.9.3. A change takes `tc_rounds`: the nodes whose chord
/// changes may not send meanwhile (no sends on a link being changed, ch. 3), then the new
/// chords take effect and every node's shortest-path table is recomputed (§5.6.1).
class Reconfigurator {
public:
    Reconfigurator(const ReconfigSpec& spec, MultiRing& ring, ShortestPaths& paths, std::vector<std::uint64_t>& blocked_until,
                   std::uint64_t seed);
    void on_event(const SendEvent& ev, std::uint64_t t);
    void on_send(std::uint32_t node, std::uint32_t dst);
    /// Applies a change whose time is up; true if the configuration changed.
    bool begin_round(std::uint64_t t);
    std::uint64_t changes() const { return changes_; }
    std::uint64_t attempts() const { return attempts_; }

private:
    double strength(std::uint32_t s, std::uint32_t d) const { return raw_[std::size_t(d) * n_ + s] * scale_; }
    /// Strength-weighted mean distance of a configuration (§5.9.3 v2: M1, M2).
    double weighted_mean(const ShortestPaths& paths) const;
    /// Exchange i=>target, k=>l where k is the current chord source of target; false if impossible.
    bool exchange_candidate(std::uint32_t i, std::uint32_t target, std::vector<std::uint32_t>& chords) const;
    bool improves(const std::vector<std::uint32_t>& chords);
    void commit(std::vector<std::uint32_t> chords, std::uint64_t t);
    std::uint32_t node_before(std::uint32_t j);

    ReconfigSpec spec_;
    MultiRing& ring_;
    ShortestPaths& paths_;
    std::vector<std::uint64_t>& blocked_until_;
    std::uint32_t n_;
    Rng rng_;
    std::vector<float> raw_;  // strength = raw * scale_ (halving all is a change of scale)
    double scale_ = 1.0;
    ShortestPaths scratch_;
    bool pending_ = false;
    std::uint64_t complete_at_ = 0, last_attempt_ = 0, next_regenerate_ = 0;
    bool attempted_ = false;
    std::vector<std::uint32_t> pending_chords_;
    std::uint64_t changes_ = 0, attempts_ = 0;
};

}  // namespace liquid::optical::p2p::detail
