// Independent schedule verifier. Deliberately shares nothing
// with the searches: it works on the transfers' link lists and plain counters, not on the
// bitset engine, so a bug in the fission code cannot hide itself.
#include <span>
#include <string>
#include <vector>

#include "liquid/sched/schedule.hpp"

namespace liquid {

std::string verify_schedule(const Traffic& traffic, const Schedule& schedule) {
    const int n = traffic.size();
    std::vector<int> seen_in(n, -1);
    // The transfer that last took each link, and in which frame: the check reads these two
    // small arrays, not the frame of the other transfer (a cache miss per link of a large
    // traffic whose frames hold transfers far apart).
    std::vector<int> link_owner(traffic.link_count(), -1);
    std::vector<int> link_frame(traffic.link_count(), -1);
    std::vector<std::span<const int>> paths;
    std::vector<std::vector<int>> from_sets;
    for (int f = 0; f < schedule.length(); ++f) {
        const auto& frame = schedule.frames[f];
        const std::string where = "frame " + std::to_string(f + 1);
        if (frame.empty()) return where + " is empty";
        // Two passes over the frame. The first reads each transfer's record and asks for its
        // links: a loop of fixed shape, so the cache misses of a large traffic (whose frames
        // name transfers far apart) overlap. The second walks the links, now in the cache: its
        // inner loops end at unpredictable lengths, and each mispredicted end would otherwise
        // wait for the next transfer's misses one after the other (15 s instead of 4 on the
        // 16.7 million transfers of a 4 096-host all-to-all).
        paths.clear();
        from_sets.clear();
        for (int t : frame) {
            if (t < 0 || t >= n) return where + " names transfer index " + std::to_string(t) + ", which does not exist";
            if (seen_in[t] >= 0)
                return "transfer " + traffic[t].name + " appears in frame " + std::to_string(seen_in[t] + 1) + " and in " + where;
            seen_in[t] = f;
            // The travel-order link list when there is one (not copied: a million transfers
            // are verified twice per command), else the link set.
            const std::vector<int>& path = traffic[t].path;
            if (path.empty()) {
                from_sets.push_back(traffic[t].links.to_vector());
                paths.emplace_back(from_sets.back());
            } else {
                paths.emplace_back(path);
                __builtin_prefetch(path.data());
                __builtin_prefetch(path.data() + path.size() - 1);
            }
        }
        for (std::size_t j = 0; j < frame.size(); ++j) {
            const int t = frame[j];
            for (int l : paths[j]) {
                if (link_frame[l] == f)
                    return where + ": transfers " + traffic[link_owner[l]].name + " and " + traffic[t].name + " both use link " +
                           traffic.link_name(l);
                link_owner[l] = t;
                link_frame[l] = f;
            }
        }
    }
    for (int t = 0; t < n; ++t)
        if (seen_in[t] < 0) return "transfer " + traffic[t].name + " is in no frame";
    return "";
}

}  // namespace liquid
