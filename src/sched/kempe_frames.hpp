#pragma once
// Frames by Kempe-chain insertion: König's alternating-path edge colouring (a bipartite
// multigraph of maximum degree Δ is Δ-edge-colourable; D. König, "Über Graphen und ihre
// Anwendung auf Determinantentheorie und Mengenlehre", Math. Ann. 77, 1916), generalised
// from (sender, receiver) edges to transfers over any set of links.
//
// Transfers are inserted one at a time into L frames. A transfer takes a frame none of
// its links is busy in; otherwise, for two frames a and b, the transfers of a that congest
// with it and everything reachable from them by alternately congesting transfers of b and
// a (their Kempe chain in the congestion graph) swap frames, which frees a for it unless
// the chain reaches a transfer of b it congests with. When every transfer's constraining
// links are its sender's up-link and its receiver's down-link (an all-to-all among hosts
// whose fabric is not the bottleneck), this is König's algorithm and places every
// transfer in L = Λ frames. Transfers the chains cannot place go through a bounded
// ejection walk (take the frame with the fewest congesting transfers, which wait again;
// a frame a transfer was just ejected from is tabu for it for a while; at most a quarter
// of the time left), and what is left at the end fills extra frames first fit.
#include <cstdint>
#include <optional>

#include "liquid/base/deadline.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid::sched {

struct KempeOptions {
    int frames = 0;                    // L: frames to insert into (<= 0: Λ of the traffic)
    std::uint64_t seed = 1;            // insertion order ties and the ejection walk
    int walk_steps_per_transfer = 20;  // ejection steps, per transfer (0: the chains alone)
};

/// Working memory of kempe_schedule: a (link, frame) owner table and the incidence.
std::uint64_t kempe_memory_bytes(const Traffic& traffic, int frames);

/// A schedule of at least L frames (exactly L when every transfer was placed; the caller
/// verifies it). When the deadline expires during the insertion, the transfers not yet
/// inserted fill extra frames first fit. nullopt when the memory does not fit.
std::optional<Schedule> kempe_schedule(const Traffic& traffic, const KempeOptions& options, const Limits& limits);

}  // namespace liquid::sched
