#pragma once
// The all-to-all of a whole torus from its translations. With one host per switch and a
// routing that translations preserve (dimension order on a generated torus), the transfer
// s -> s + δ is the translate by s of the transfer 0 -> δ. Call the phase of a position
// the sum of its coordinates mod q, where q divides every dimension and is at least half
// of each (k for a k-ary n-cube). Then:
//   * the translations that keep the phase (sum of coordinates ≡ 0 mod q) move each
//     transfer off its own links: the transfers of one offset δ whose senders share a
//     phase are link-disjoint, and occupy the link *cells* (link direction, phase of the
//     link's tail) of 0 -> δ shifted by that phase, one link per cell and translation;
//   * a "group" is a set of offsets, each with a phase w, whose shifted cells are
//     disjoint. Group g rotated by r (every w + r) is one frame: all transfers of its
//     offsets whose sender's phase is w + r. The q rotations of the groups partition the
//     all-to-all, so G groups give G·q frames.
// Packing the N−1 offsets (4 095 on torus:16x16x16) into groups is a small problem
// instead of a colouring of N(N−1) transfers: first fit (largest offsets first), then a
// min-conflicts local search (Minton et al., Artificial Intelligence 58, 1992) that
// empties one group at a time, down to the cells' own bound (a group holds each cell
// once), which is Λ / q. A frame built this way is link-disjoint by the argument above
// whenever the routing is translation-invariant; the portfolio's verifier checks it.
#include <optional>

#include "liquid/base/deadline.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid::sched {

/// Whether `traffic` is the all-to-all among all hosts of a torus whose lattice it carries
/// (a generated `torus:…`), with a phase modulus q as above.
bool translation_orbits_apply(const Traffic& traffic);

/// The construction; nullopt when it does not apply (also when a transfer 0 -> δ uses
/// two links of one cell). The first fit and the frames are built whatever the deadline
/// (linear in the transfers); the local search stops at its work cap or the deadline, so
/// the answer is the same on every machine unless the deadline cuts it short.
std::optional<Schedule> translation_orbits_schedule(const Traffic& traffic, const Limits& limits);

}  // namespace liquid::sched
