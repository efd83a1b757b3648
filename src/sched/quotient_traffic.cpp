// The quotient traffic of a symmetry group (see quotient_traffic.hpp).
#include "sched/quotient_traffic.hpp"

#include <algorithm>
#include <string>

namespace liquid::sched {

std::optional<QuotientTraffic> quotient_traffic(const Traffic& traffic, const std::vector<TransferPermutation>& group) {
    const int n = traffic.size();
    QuotientTraffic q{Traffic(traffic.link_names(), traffic.storage()), orbit_members(group, n)};
    q.traffic.reserve(q.members.size());
    std::vector<int> links;
    for (std::size_t k = 0; k < q.members.size(); ++k) {
        links.clear();
        for (int t : q.members[k]) traffic[t].links.for_each([&](std::size_t l) { links.push_back(static_cast<int>(l)); });
        std::sort(links.begin(), links.end());
        if (std::adjacent_find(links.begin(), links.end()) != links.end()) return std::nullopt;  // members congest
        q.traffic.add("orbit" + std::to_string(k), links);
    }
    return q;
}

Schedule expand_quotient_schedule(const QuotientTraffic& quotient, const Schedule& quotient_schedule) {
    Schedule out;
    out.frames.reserve(quotient_schedule.frames.size());
    for (const auto& frame : quotient_schedule.frames) {
        std::vector<int> expanded;
        for (int k : frame) {
            const auto& m = quotient.members[static_cast<std::size_t>(k)];
            expanded.insert(expanded.end(), m.begin(), m.end());
        }
        std::sort(expanded.begin(), expanded.end());
        out.frames.push_back(std::move(expanded));
    }
    return out;
}

}  // namespace liquid::sched
