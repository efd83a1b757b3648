// Round-robin schedule (report §3): phase k = sender i -> receiver (i+k) mod n,
// congesting phases split into frames.
#include <algorithm>
#include <map>

#include "liquid/sched/baselines.hpp"

namespace liquid::sched {
namespace {

// Sender / receiver identity: host indices over a network; for link-set traffics the
// first and last link of the transfer in travel order (a documented rule of ours: the
// papers' link sets start at the sender's link and end at the receiver's).
std::pair<int, int> endpoints(const Transfer& t) {
    if (t.src >= 0 && t.dst >= 0) return {t.src, t.dst};
    if (!t.path.empty()) return {t.path.front(), t.path.back()};
    const int first = static_cast<int>(t.links.first());
    int last = first;
    t.links.for_each([&](std::size_t l) { last = static_cast<int>(l); });
    return {first, last};
}

int rank_of(const std::vector<int>& sorted, int key) {
    return static_cast<int>(std::lower_bound(sorted.begin(), sorted.end(), key) - sorted.begin());
}

}  // namespace

Schedule round_robin_schedule(const Traffic& traffic) {
    const int n = traffic.size();
    std::vector<int> senders, receivers;
    std::vector<std::pair<int, int>> ends(n);
    for (int t = 0; t < n; ++t) {
        ends[t] = endpoints(traffic[t]);
        senders.push_back(ends[t].first);
        receivers.push_back(ends[t].second);
    }
    for (auto* v : {&senders, &receivers}) {
        std::sort(v->begin(), v->end());
        v->erase(std::unique(v->begin(), v->end()), v->end());
    }
    const int nr = std::max<int>(1, static_cast<int>(receivers.size()));
    // phase -> transfers ordered by sender rank (then traffic order).
    std::vector<std::vector<std::pair<int, int>>> phases(nr);
    for (int t = 0; t < n; ++t) {
        const int i = rank_of(senders, ends[t].first), j = rank_of(receivers, ends[t].second);
        phases[((j - i) % nr + nr) % nr].push_back({i, t});
    }
    Schedule s;
    for (auto& phase : phases) {
        std::stable_sort(phase.begin(), phase.end());
        // First fit within the phase, in sender order: the fewest frames a greedy split gives.
        std::vector<int> order;
        for (const auto& entry : phase) order.push_back(entry.second);
        append_first_fit(traffic, order, s);
    }
    return s;
}

}  // namespace liquid::sched
