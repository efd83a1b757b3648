// Independent schedule verifier. Deliberately shares nothing
// with the searches: it works on the transfers' link lists and plain counters, not on the
// bitset engine, so a bug in the fission code cannot hide itself.
#include <string>
#include <vector>

#include "liquid/sched/schedule.hpp"

namespace liquid {

std::string verify_schedule(const Traffic& traffic, const Schedule& schedule) {
    const int n = traffic.size();
    std::vector<int> seen_in(n, -1);
    std::vector<int> link_owner(traffic.link_count(), -1);  // transfer holding the link in this frame
    for (int f = 0; f < schedule.length(); ++f) {
        const auto& frame = schedule.frames[f];
        const std::string where = "frame " + std::to_string(f + 1);
        if (frame.empty()) return where + " is empty";
        for (int t : frame) {
            if (t < 0 || t >= n) return where + " names transfer index " + std::to_string(t) + ", which does not exist";
            if (seen_in[t] >= 0)
                return "transfer " + traffic[t].name + " appears in frame " + std::to_string(seen_in[t] + 1) + " and in " + where;
            seen_in[t] = f;
            // The travel-order link list when there is one (not copied: a million transfers
            // are verified twice per command), else the link set.
            const std::vector<int> from_set = traffic[t].path.empty() ? traffic[t].links.to_vector() : std::vector<int>{};
            for (int l : traffic[t].path.empty() ? from_set : traffic[t].path) {
                const int other = link_owner[l];
                if (other >= 0 && seen_in[other] == f)
                    return where + ": transfers " + traffic[other].name + " and " + traffic[t].name + " both use link " +
                           traffic.link_name(l);
                link_owner[l] = t;
            }
        }
    }
    for (int t = 0; t < n; ++t)
        if (seen_in[t] < 0) return "transfer " + traffic[t].name + " is in no frame";
    return "";
}

}  // namespace liquid
