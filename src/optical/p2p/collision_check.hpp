#pragma once
// The simulator's independent collision check (§5.4.4): it knows only the switch's
// physical multicast sets, never the discipline. Each round it counts, per node, how many
// transmitters illuminate it and whether any payload was addressed to it. A node that is
// addressed and hears two or more transmitters is a collision (the superposed light cannot
// be decoded); one that hears several but is not addressed is an overlap (the garbage the
// thesis's outer optimisation accepts, §5.4.6). A payload addressed outside the sender's
// multicast set is a misroute.
#include <cstdint>
#include <span>
#include <vector>

namespace liquid::optical::p2p {

class CollisionCheck {
public:
    explicit CollisionCheck(std::uint32_t nodes);
    void begin_round();
    /// `sender` transmits this round; its light reaches every node in `multicast_set`.
    void transmit(std::uint32_t sender, std::span<const std::uint32_t> multicast_set);
    /// A payload is addressed to `receiver` by `sender` (call after transmit(sender, ...)).
    void address(std::uint32_t sender, std::uint32_t receiver);
    /// Closes the round; returns the number of collisions in it.
    std::uint64_t end_round();

    std::uint64_t collisions() const { return collisions_; }
    std::uint64_t overlaps() const { return overlaps_; }
    std::uint64_t misroutes() const { return misroutes_; }

private:
    std::uint32_t round_ = 0;
    std::vector<std::uint32_t> lit_stamp_, addressed_stamp_;
    std::vector<std::uint16_t> lit_count_;
    std::vector<std::uint32_t> touched_;
    std::vector<std::uint32_t> sender_set_;  // multicast set of the current sender
    std::uint32_t current_sender_ = 0;
    std::uint64_t collisions_ = 0, overlaps_ = 0, misroutes_ = 0;
};

}  // namespace liquid::optical::p2p
