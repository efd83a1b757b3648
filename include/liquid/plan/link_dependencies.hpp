#pragma once
// The link dependencies of a plan, for Sync::Links: a pair of frame f must not start
// before the previous user of each of its links (the pair of the latest earlier frame on
// that link) has finished. "Finished" is known to the previous user's receiver, so that
// rank sends the sender a token once it has completed that frame. Dependencies through one
// link are enough: that previous user waited for its own predecessors on the link.
//
// Without routes (a plan read from a file), each pair is taken to occupy its sender's way
// out and its receiver's way in (by host name when the plan names hosts, else by rank):
// the links every route has.
#include <vector>

#include "liquid/plan/plan.hpp"

namespace liquid::plan {

/// Rank `sender` starts its sends of frame `frame` after rank `signaller` has completed
/// its frame `after` (< frame). One per (sender, frame, signaller), the latest `after`;
/// never signaller == sender (a rank completes its own frames in order anyway).
struct LinkDependency {
    int sender = -1, frame = -1, signaller = -1, after = -1;
    bool operator==(const LinkDependency&) const = default;
};

/// Every dependency of `plan`, sorted by (sender, frame, signaller). O(pairs × route length).
std::vector<LinkDependency> link_dependencies(const Plan& plan);

}  // namespace liquid::plan
