#include "optical/p2p/collision_check.hpp"

#include <algorithm>

namespace liquid::optical::p2p {

CollisionCheck::CollisionCheck(std::uint32_t nodes) : lit_stamp_(nodes, 0), addressed_stamp_(nodes, 0), lit_count_(nodes, 0) {}

void CollisionCheck::begin_round() {
    ++round_;  // stamps start at 0, so round 1 is the first real one
    touched_.clear();
}

void CollisionCheck::transmit(std::uint32_t sender, std::span<const std::uint32_t> multicast_set) {
    current_sender_ = sender;
    sender_set_.assign(multicast_set.begin(), multicast_set.end());
    for (std::uint32_t v : multicast_set) {
        if (lit_stamp_[v] != round_) {
            lit_stamp_[v] = round_;
            lit_count_[v] = 0;
            touched_.push_back(v);
        }
        ++lit_count_[v];
    }
}

void CollisionCheck::address(std::uint32_t sender, std::uint32_t receiver) {
    if (sender != current_sender_ || std::find(sender_set_.begin(), sender_set_.end(), receiver) == sender_set_.end()) {
        ++misroutes_;
        return;
    }
    addressed_stamp_[receiver] = round_;
}

std::uint64_t CollisionCheck::end_round() {
    std::uint64_t now = 0;
    for (std::uint32_t v : touched_) {
        if (lit_count_[v] < 2) continue;
        if (addressed_stamp_[v] == round_) ++now;
        else ++overlaps_;
    }
    collisions_ += now;
    return now;
}

}  // namespace liquid::optical::p2p
