// Shift-permutation constructions: phases of host pairs packed by first fit.
#include "sched/shift_permutations.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

#include "liquid/base/rng.hpp"
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

/// A seeded host relabelling (the portable Rng: the same on every platform).
std::vector<int> relabelling(int n, std::uint64_t seed) {
    std::vector<int> label(static_cast<std::size_t>(n));
    std::iota(label.begin(), label.end(), 0);
    if (seed == 0) return label;
    Rng rng(seed);
    shuffle(label.begin(), label.end(), rng);
    return label;
}

}  // namespace

HostPairs host_pairs(const Traffic& traffic) {
    const int n = traffic.size();
    std::vector<std::pair<int, int>> ends(static_cast<std::size_t>(n));
    std::vector<int> senders, receivers;
    for (int t = 0; t < n; ++t) {
        ends[t] = endpoints(traffic[t]);
        senders.push_back(ends[t].first);
        receivers.push_back(ends[t].second);
    }
    for (auto* v : {&senders, &receivers}) {
        std::sort(v->begin(), v->end());
        v->erase(std::unique(v->begin(), v->end()), v->end());
    }
    HostPairs p;
    p.senders = static_cast<int>(senders.size());
    p.receivers = static_cast<int>(receivers.size());
    for (const auto& [s, d] : ends) {
        p.sender.push_back(rank_of(senders, s));
        p.receiver.push_back(rank_of(receivers, d));
    }
    return p;
}

std::optional<Schedule> shift_schedule(const Traffic& traffic, const ShiftOptions& options, const Deadline& deadline) {
    const HostPairs pairs = host_pairs(traffic);
    // Sender i -> receiver (i + k) mod (number of receivers), as in the report's round-robin;
    // a relabelling permutes the ranks of both sides alike (for an all-to-all: the hosts).
    const int n = std::max(1, pairs.receivers);
    const std::vector<int> label = relabelling(std::max(pairs.senders, pairs.receivers), options.relabel_seed);
    const int phases =
        options.rule == PhaseRule::Shift ? n : static_cast<int>(std::bit_ceil(static_cast<unsigned>(label.size())));
    // phase -> (sender label, transfer), so that each phase is in sender order.
    std::vector<std::vector<std::pair<int, int>>> by_phase(static_cast<std::size_t>(phases));
    for (int t = 0; t < traffic.size(); ++t) {
        const int i = label[pairs.sender[t]], j = label[pairs.receiver[t]];
        const int k = options.rule == PhaseRule::Shift ? ((j - i) % n + n) % n : (i ^ j);
        by_phase[static_cast<std::size_t>(k)].push_back({i, t});
    }
    Schedule s;
    std::vector<Bitset> busy;
    DeadlinePoll poll(deadline, 256);
    for (auto& phase : by_phase) {
        std::stable_sort(phase.begin(), phase.end());
        std::vector<int> order;
        for (const auto& entry : phase) order.push_back(entry.second);
        if (options.packing == Packing::PerPhase) busy.clear();
        const std::size_t first = options.packing == Packing::PerPhase ? s.frames.size() : 0;
        if (!place_first_fit(traffic, order, s, busy, first, &poll)) return std::nullopt;
    }
    return s;
}

}  // namespace liquid::sched
