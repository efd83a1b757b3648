// The fission search's first dive (see fission_dive.hpp).
#include "sched/fission_dive.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "liquid/traffic/analysis.hpp"
#include "sched/fission.hpp"
#include "sched/frame_search.hpp"

namespace liquid::sched {
namespace {

/// The dives, in order: each a descent of the frame search with a work budget per frame
/// (Budget's count: search nodes plus categories enumerated), and clique links grown from
/// a fixed number of transfers or none (their usual seeding is deadline-bound, which made
/// the dive depend on the machine's speed). Which dive succeeds is erratic (a stalled
/// descent spends its budget at one node, frames 5-24, where the full teams are hard to
/// reach): on the 50 fragments of 128 hosts of a 342-host dragonfly (seeds 1-120) whose
/// hosts set Λ, the first succeeded on 34, the second on 13 of the others, the third on
/// the 3 left (0.2-1.6 s in all); with 1 024 per frame and no cliques alone, 20 of the
/// first 32. The 128-host HyperX fragments all succeeded at once.
struct Dive {
    std::uint64_t work_per_frame;
    std::size_t clique_seeds;  // 0: no clique links
};
constexpr Dive kDives[] = {{2048, 0}, {4096, 1024}, {8192, 0}};
/// Without a time limit the dives still stop after this many seconds.
constexpr double kUnlimitedSeconds = 5.0;
/// As many clique links as the exact search keeps.
constexpr std::size_t kCliqueLinks = 4096;

std::optional<Schedule> dive(const Traffic& traffic, int L, const Dive& how, const Deadline& d) {
    FrameSearchOptions options;
    options.clique_seeds = how.clique_seeds;
    options.clique_links = how.clique_seeds ? kCliqueLinks : 0;
    options.deadline = d;
    FrameSearch search(traffic, options);
    if (d.expired()) return std::nullopt;
    Budget budget(d.limited() ? std::max(1e-6, d.remaining_s()) : kUnlimitedSeconds,
                  how.work_per_frame * static_cast<std::uint64_t>(L));
    Schedule s;
    if (search.decide(L, budget, &s) != FrameSearch::Outcome::Found) return std::nullopt;
    return s;
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
    for (const Dive& how : kDives) {
        if (limits.deadline.expired()) break;
        if (std::optional<Schedule> s = dive(traffic, L, how, limits.deadline)) return s;
    }
    return std::nullopt;
}

}  // namespace liquid::sched
