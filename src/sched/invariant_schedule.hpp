#pragma once
// Group-invariant schedules (symmetric fabrics too large for a plain search): a schedule
// of L = r·|G| frames made of r base frames and their images under a group G of traffic
// symmetries acting freely on the transfers. Each G-orbit of transfers is covered once: one representative of each orbit
// goes into one base frame, and base frames are simultaneities. That is a small constraint
// problem (torus:6x6 all-to-all: 35 orbits of 36 transfers, 1 260 variables) instead of a
// colouring of the whole congestion graph; CaDiCaL decides it exactly.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "liquid/sched/schedule.hpp"
#include "sched/symmetry.hpp"

namespace liquid::sched {

enum class InvariantAnswer {
    Found,        // schedule holds a G-invariant schedule of L frames (the caller verifies it)
    NoInvariant,  // proven: no G-invariant schedule of L frames for this G. This is NOT a
                  // proof that no schedule of L frames exists.
    NoGroup,      // no usable group of order dividing L was found
    TooLarge,     // the encoding would exceed the memory cap
    Unknown       // deadline
};

struct InvariantOutcome {
    InvariantAnswer answer = InvariantAnswer::Unknown;
    Schedule schedule;
    int group_order = 0;        // |G| of the last group tried
    int base_frames = 0;        // r = L / |G|
    bool frames_fixed = false;  // stable form: G maps every frame onto itself
    int variables = 0;
    long clauses = 0;
    std::string found_by;  // stable form found on the quotient traffic: "dsatur", "fission", "tabu"
};

/// Decides whether a G-invariant schedule with L / |G| base frames exists, for the given
/// group (all its elements, identity first, acting freely on the transfers).
InvariantOutcome invariant_schedule(const Traffic& traffic, const std::vector<TransferPermutation>& group, int L,
                                    std::chrono::steady_clock::time_point deadline, std::size_t memory_bytes);

/// The schedule of base frames B_0..B_{r-1} under `group` (identity first): frame i·|G| + j
/// is g_j(B_i).
Schedule expand_base_frames(const std::vector<TransferPermutation>& group, const std::vector<std::vector<int>>& base_frames);

/// The other invariant form: every frame is a union of G-orbits (G maps each frame onto
/// itself), so the problem is a colouring of the n / |G| orbits with L frames; possible only
/// when no orbit congests with itself. Round-robin phases of an all-to-all are the orbits of
/// the host translations; this finds the other unions too. Same answers as above.
InvariantOutcome stable_schedule(const Traffic& traffic, const std::vector<TransferPermutation>& group, int L,
                                 std::chrono::steady_clock::time_point deadline, std::size_t memory_bytes);

/// Tries the free abelian subgroups of `symmetry` whose order (>= 3) divides both L and the
/// transfer count, largest order first (a larger group means a smaller problem; a smaller
/// one still has invariant schedules where a larger one has none). Stops at the first
/// schedule found; NoInvariant only when every order tried was refuted. Then, for orders
/// (>= 2) dividing the transfer count, the stable form. With `max_base_frames` > 0: only
/// the free forms with at most that many base frames.
InvariantOutcome search_invariant_schedule(const Traffic& traffic, const TrafficSymmetry& symmetry, int L, std::uint64_t seed,
                                           std::chrono::steady_clock::time_point deadline, std::size_t memory_bytes,
                                           int max_base_frames = 0);

/// When no invariant schedule of L frames comes: the shortest length in (L, below) that a
/// usable group order (>= 3) divides with at most `max_base_frames` base frames, or 0.
/// torus:7x7 (Λ 48, 49 translations): 49, one base frame of 48 transfers, a gap of one
/// frame found as fast as torus:6x6's liquid schedule.
int next_invariant_length(const Traffic& traffic, const TrafficSymmetry& symmetry, int L, int below, int max_base_frames);

/// "invariant(order 36)", "invariant(order 16, 5 base frames)", "invariant(order 64,
/// frames fixed)" or "invariant(order 4, frames fixed, fission on the quotient)".
std::string invariant_construction_name(const InvariantOutcome& outcome);

}  // namespace liquid::sched
