// How the mean skeleton share (report §6.1, Fig. 7: 31.5 % over the 362 traffics) depends
// on which allocation represents each distinct liquid throughput.
#include <map>
#include <numeric>

#include "liquid/testbed/swiss_t1.hpp"

namespace liquid::testbed {

SkeletonShares skeleton_shares(const Network& t1, const SweepResult& sweep) {
    const AllocationLoads loads(t1);
    auto share = [&](const Allocation& a) { return double(loads.skeleton(a)) / double(a.total() * a.total()); };
    auto reduced = [](int transfers, int duration) {
        const int g = std::gcd(transfers, duration);
        return std::pair<int, int>{transfers / g, duration / g};
    };
    // Per distinct value (restricted to the values the sweep kept), the allocation with
    // the most nodes; ties: the smallest base-5 index (the first one met).
    std::map<std::pair<int, int>, Allocation> most;
    for (const Representative& r : sweep.representatives) most[reduced(r.transfers, r.duration)] = r.allocation;
    SkeletonShares s;
    std::uint64_t count = 0;
    for (std::uint64_t idx = 1; idx < kAllocationCount; ++idx) {
        const Allocation a = allocation_from_index(idx);
        s.all_allocations += share(a);
        ++count;
        const auto it = most.find(reduced(a.total() * a.total(), loads.duration(a)));
        // Keep the representative's side of the rule: multi-switch values stay multi-switch.
        if (it == most.end() || (a.switches_used() < 2 && it->second.switches_used() >= 2)) continue;
        if (a.total() > it->second.total()) it->second = a;
    }
    s.all_allocations /= double(count);
    for (const Representative& r : sweep.representatives) s.representatives += share(r.allocation);
    for (const auto& [key, a] : most) s.most_nodes_rule += share(a);
    if (!sweep.representatives.empty()) {
        s.representatives /= double(sweep.representatives.size());
        s.most_nodes_rule /= double(most.size());
    }
    return s;
}

}  // namespace liquid::testbed
