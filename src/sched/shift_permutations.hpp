#pragma once
// Shift-permutation constructions (report §3 round-robin, generalised): the transfers are
// grouped into phases by their (sender, receiver) host ranks — phase k holds the pairs
// i -> (i + k) mod n, or i -> i XOR k — and the phases are packed into frames by first fit.
// On all-to-all traffics over fat trees these reach Λ at once (fat-tree:4,3: 63 frames).
// Variants: other host orderings (a seeded relabelling), frames split per phase or filled
// across phases.
#include <cstdint>
#include <optional>
#include <vector>

#include "liquid/base/deadline.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid::sched {

/// Rank of every transfer's sender among the senders and of its receiver among the
/// receivers (host indices over a network; for link-set transfers the first and last link
/// in travel order).
struct HostPairs {
    std::vector<int> sender, receiver;
    int senders = 0, receivers = 0;
};
HostPairs host_pairs(const Traffic& traffic);

enum class PhaseRule { Shift, Xor };
enum class Packing {
    PerPhase,     // each phase gets its own frames (the classic round-robin)
    AcrossPhases  // first fit over all frames in phase order (later phases fill gaps)
};

struct ShiftOptions {
    PhaseRule rule = PhaseRule::Shift;
    Packing packing = Packing::PerPhase;
    std::uint64_t relabel_seed = 0;  // 0: hosts in rank order; else a seeded random relabelling
};

/// The construction; nullopt when the deadline expires first.
std::optional<Schedule> shift_schedule(const Traffic& traffic, const ShiftOptions& options, const Deadline& deadline);

}  // namespace liquid::sched
