#pragma once
// Topology-unaware and heuristic schedules (report §3, App. A).
#include <cstdint>
#include <optional>
#include <vector>

#include "liquid/base/deadline.hpp"

#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::sched {

/// Brélaz's DSatur colouring of the congestion graph (report App. A): repeatedly colour
/// the uncoloured transfer with the most distinct neighbour colours, ties by the degree in
/// the uncoloured subgraph, then by index; each colour is a frame.
Schedule dsatur_schedule(const Traffic& traffic);
/// The same within limits: nullopt when the deadline expires first or when its working
/// memory (dsatur_memory_bytes) exceeds the memory limit.
std::optional<Schedule> dsatur_schedule(const Traffic& traffic, const Limits& limits);
/// Working memory of dsatur_schedule, estimated before anything is allocated.
std::uint64_t dsatur_memory_bytes(const Traffic& traffic);

/// Round-robin (report §3): phase k sends from the i-th sender to the ((i+k) mod n)-th
/// receiver. A transfer over a network is identified by its host indices (src, dst); a
/// link-set transfer (src = dst = -1) by its first link (sender) and last link
/// (receiver) in travel order. Transfers of one phase that congest are split greedily
/// (first fit, in sender order) into frames; the two-switch example gives 7 frames.
Schedule round_robin_schedule(const Traffic& traffic);

/// FIFO: transfers in traffic order, never overtaking: a frame closes as soon as the next
/// transfer congests with it (what a barrier-synchronised FIFO queue does).
Schedule fifo_schedule(const Traffic& traffic);

/// Random order: a seeded random permutation (liquid::Rng, portable), each transfer placed in
/// the first frame it does not congest with (first-fit greedy colouring).
Schedule random_schedule(const Traffic& traffic, std::uint64_t seed);

/// Appends frames to `s` holding the transfers of `order`, each placed in the first of
/// the frames appended by this call that it does not congest with (first-fit greedy).
void append_first_fit(const Traffic& traffic, const std::vector<int>& order, Schedule& s);
/// First fit into the frames s.frames[first..], whose busy links are `busy` (one entry per
/// frame; new frames are appended to both). False when `poll` reports the deadline first
/// (the transfers placed so far stay placed).
bool place_first_fit(const Traffic& traffic, const std::vector<int>& order, Schedule& s, std::vector<Bitset>& busy,
                     std::size_t first, DeadlinePoll* poll);

}  // namespace liquid::sched
