// The fission search's first dive (see fission_dive.hpp).
#include "sched/fission_dive.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <span>

#include "liquid/base/race.hpp"
#include "liquid/traffic/analysis.hpp"
#include "sched/fission.hpp"
#include "sched/frame_search.hpp"

namespace liquid::sched {
namespace {

/// A descent of the frame search with a work budget per frame (Budget's count: search nodes
/// plus categories enumerated), and clique links grown from a fixed number of transfers or
/// none (their usual seeding is deadline-bound, which made the dive depend on the machine's
/// speed).
struct Dive {
    std::uint64_t work_per_frame;
    std::size_t clique_seeds;  // 0: no clique links
};
/// The dives, in two lanes that run at once on two threads, each lane's dives in turn (the
/// first dive to find a schedule stops the other lane). Which dive succeeds is erratic (a
/// stalled descent spends its budget at one node, frames 5-24, where the full teams are hard
/// to reach), and those with clique links and those without fail on different traffics. On
/// the 50 fragments of 128 hosts of a 342-host dragonfly (seeds 1-120) whose hosts set Λ,
/// each dive alone: 2 048 per frame without cliques found 34 (0.10-0.38 s), with cliques
/// from 1 024 transfers 40 (0.20-0.36 s), the two together 47; 8 192 per frame without
/// cliques found the other three (0.36-0.63 s), 4 096 with cliques from 1 024 transfers
/// none of them. On 30 fragments of an 8 x 8 HyperX with 4 hosts per switch the first dive
/// alone found 28 in 0.09-0.28 s; on seed 14 every one of those four stalled (the exact
/// search answered after 6 s), and 4 096 per frame with cliques from 2 048 transfers found
/// it in 0.5 s, as it found two of the three dragonfly seeds above (74, 89): cliques from
/// 2 048 or 4 096 transfers succeed on other seeds than from 1 024, the clique links steer
/// the descent. A larger work budget is the same descent giving up later: 8 192 per frame
/// found every fragment 2 048 found, in the same time (dragonfly seeds 1, 4, HyperX 1-3:
/// within the runs' noise), so the lane without cliques is that one dive (it was 2 048
/// then 8 192, which cost seeds 60, 74 and 89 the 0.18-0.26 s of the first one failing).
constexpr Dive kLaneWithoutCliques[] = {{8192, 0}};
constexpr Dive kLaneWithCliques[] = {{2048, 1024}, {4096, 2048}};
constexpr std::span<const Dive> kLanes[2] = {kLaneWithoutCliques, kLaneWithCliques};
/// Without a time limit the dives still stop after this many seconds.
constexpr double kUnlimitedSeconds = 5.0;
/// As many clique links as the exact search keeps.
constexpr std::size_t kCliqueLinks = 4096;

/// One descent to L frames until `d` or until `stop` is set.
std::optional<Schedule> dive(const Traffic& traffic, int L, const Dive& how, const Deadline& d, const std::atomic<bool>* stop) {
    FrameSearchOptions options;
    options.clique_seeds = how.clique_seeds;
    options.clique_links = how.clique_seeds ? kCliqueLinks : 0;
    options.deadline = d;
    FrameSearch search(traffic, options);
    if (d.expired() || stop->load(std::memory_order_relaxed)) return std::nullopt;
    Budget budget(d.limited() ? std::max(1e-6, d.remaining_s()) : kUnlimitedSeconds,
                  how.work_per_frame * static_cast<std::uint64_t>(L), stop);
    Schedule s;
    if (search.decide(L, budget, &s) != FrameSearch::Outcome::Found) return std::nullopt;
    return s;
}

/// The two lanes at once when both fit in memory and the machine has a second core, else
/// one after the other; the first lane's schedule when both found one.
std::optional<Schedule> race_lanes(const Traffic& traffic, int L, const Limits& limits) {
    std::atomic<bool> found{false};
    std::optional<Schedule> out[2];
    race(2, racers_that_fit(2, frame_search_memory_bytes(traffic, L), limits), WithoutThread::InTurn, found, [&](std::size_t k) {
        for (const Dive& how : kLanes[k]) {
            if (found.load(std::memory_order_relaxed) || limits.deadline.expired()) return;
            out[k] = dive(traffic, L, how, limits.deadline, &found);
            if (out[k]) {
                found.store(true, std::memory_order_relaxed);
                return;
            }
        }
    });
    return out[0] ? std::move(out[0]) : std::move(out[1]);
}

}  // namespace

bool fission_dive_applies(const Traffic& traffic) {
    if (traffic.empty() || traffic.size() > kFrameSearchTransfersMax) return false;
    std::vector<int> load(static_cast<std::size_t>(traffic.link_count()), 0);
    int most = 0;
    for (const Transfer& t : traffic.transfers()) {
        most = std::max(most, ++load[static_cast<std::size_t>(t.path.front())]);
        if (t.path.size() > 1) most = std::max(most, ++load[static_cast<std::size_t>(t.path.back())]);
    }
    return most == duration_of(traffic);
}

std::optional<Schedule> fission_dive_schedule(const Traffic& traffic, const Limits& limits) {
    const int L = duration_of(traffic);
    if (traffic.size() > kFrameSearchTransfersMax || !limits.fits(frame_search_memory_bytes(traffic, L))) return std::nullopt;
    return race_lanes(traffic, L, limits);
}

}  // namespace liquid::sched
