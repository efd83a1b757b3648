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

/// The dive's work budget per frame, in Budget's count (search nodes plus categories
/// enumerated). The descents that succeeded took one to 2.8 nodes per frame and enumerated
/// 65-820 categories per frame (64-128 hosts of the HyperX fabrics and dragonflies above);
/// those that failed enumerated millions (128 hosts of fat-tree:16,2, where the Latin
/// square answers at once: 4.9 M at the first node). The stages after the portfolio still
/// run the search without this cap.
constexpr std::uint64_t kWorkPerFrame = 1024;
/// Without a time limit the dive still stops after this many seconds.
constexpr double kUnlimitedSeconds = 5.0;

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
    const Deadline& d = limits.deadline;
    FrameSearchOptions options;
    // No clique links: they are seeded until a deadline, so the dive would depend on the
    // machine's speed (128 hosts of a 342-host dragonfly: liquid after 127 nodes with
    // 0.01 s or 0.5 s of seeding, stuck at node 32 after 4.4 M categories with 0.13 s);
    // without them its tables take 0.03 s and the descents below succeed all the same.
    options.clique_links = 0;
    FrameSearch search(traffic, options);
    if (d.expired()) return std::nullopt;
    Budget budget(d.limited() ? std::max(1e-6, d.remaining_s()) : kUnlimitedSeconds,
                  kWorkPerFrame * static_cast<std::uint64_t>(L));
    Schedule s;
    if (search.decide(L, budget, &s) != FrameSearch::Outcome::Found) return std::nullopt;
    return s;
}

}  // namespace liquid::sched
