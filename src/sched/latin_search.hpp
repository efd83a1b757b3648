#pragma once
// Frames as a Latin square: a local search over schedules whose frames never share an
// endpoint link, repaired on the inner links by Kempe cycles.
//
// When the hosts' own links set Λ (an all-to-all among N hosts of a fabric that is not the
// bottleneck: Λ = N - 1), every frame of a liquid schedule is a permutation of the hosts and
// the schedule is a Latin square. Inserting transfers one at a time (kempe_frames) fills
// such a square almost always, but the last transfers, constrained on both ends and on the
// inner links, often find no frame. This search keeps the square whole instead: it starts
// from a square whose frames are already free on the endpoint links — a group's table
// (group_square.hpp) when the traffic is the complete all-to-all among L + 1 hosts, and a König
// edge colouring of the sender–receiver graph with L colours (D. König, Math. Ann. 77,
// 1916) — and, from each start in turn until one completes, lowers the
// congestion left on the inner links by swapping the two frames of one alternating cycle
// of the sender–receiver graph at a time (a Kempe cycle: both frames stay matchings),
// accepting a worse square now and then as simulated annealing does (Kirkpatrick, Gelatt &
// Vecchi, "Optimization by Simulated Annealing", Science 220, 1983; Kempe moves in
// timetabling: Thompson & Dowsland, "A robust simulated annealing based examination
// timetabling system", Computers & OR 25, 1998). A transfer's endpoint links are the first
// and the last of its path; the search applies when no link is the first of one transfer
// and the last of another.
//
// Where links between switches carry Λ and the hosts' links less (the leaves' up-links and
// the spines' down-links of an oversubscribed two-level fat tree), the busiest link of each
// half of a path plays its sender and its receiver instead, when every link carrying Λ is
// one of them for each transfer it carries and the hosts' links carry at most three
// quarters of Λ (closer to Λ the group table of the next paragraph serves better): the
// rows of the square are then those links, full, the start is König's colouring of Λ
// colours, and the hosts' links, with room to spare, are among the watched ones.
//
// Where inner links set Λ above the hosts' N - 1 (a fragment of a tapered or deep fat tree,
// of a torus), the rows of a square of Λ frames are not full: the group's table fills N - 1
// frames and leaves the others empty, congested transfers first move alone to frames where
// they add nothing, and the same repair goes on from there. The kempe insertion answers most
// of these traffics at once; this is for the ones it leaves above Λ or answers slowly (the
// construction portfolio, portfolio.cpp, orders the two by the traffic's size).
#include <cstdint>
#include <optional>

#include "liquid/base/deadline.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid::sched {

struct LatinOptions {
    int frames = 0;            // L: the square's frames (<= 0: Λ of the traffic, see below)
    bool inner_links = false;  // with L = Λ: apply where inner links set Λ instead (see below)
    std::uint64_t seed = 1;    // the colouring's order, the relabellings of the group table, the walk
    /// Repair moves over all starts (0: no cap). A cap in work, not time, ends the search
    /// at the same move on every machine, loaded or not; the deadline still bounds it.
    std::uint64_t max_moves = 0;
    /// Where the rows are open: give a start up later (see latin_schedule), for when the
    /// constructions that answer such traffics faster have already missed.
    bool patient = false;
};

/// Working memory of latin_schedule.
std::uint64_t latin_memory_bytes(const Traffic& traffic, int frames);

/// A schedule of L frames none of whose links carries two transfers (the caller verifies
/// it), or nullopt: the traffic has no endpoint structure, L is below an endpoint's load,
/// the memory does not fit, or the deadline came before a start was repaired into a square
/// (without a time limit the search stops after 5 s; a start that stalls gives way to the
/// next, and when the first three are all hopeless it declines; where the rows are open,
/// when the first is). With L = Λ
/// (frames <= 0) it applies only where endpoint links carry Λ, the hosts' or the busiest
/// ones (above): elsewhere the rows of the square are not full and the inner links, which
/// set Λ, are where kempe_frames' insertion does better. With `inner_links` it applies the
/// other way round:
/// only where inner links set Λ above every endpoint's load and the traffic is a complete
/// all-to-all (the start is the group's table). Wherever L is above the endpoints' load it
/// declines at once when the start, spread, is congested on more than a fifth as many
/// cells as there are transfers (on such fabrics no start was repaired into a square), and
/// gives the start up when the repair is slow to approach a square; a `patient` search
/// declines above a third only and gives the repair longer (latin_search.cpp says how much).
std::optional<Schedule> latin_schedule(const Traffic& traffic, const LatinOptions& options, const Limits& limits);

}  // namespace liquid::sched
