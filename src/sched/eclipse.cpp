// Eclipse (Bojja Venkatakrishnan et al., "Costly circuits, submodular schedules and
// approximate Carathéodory theorems", SIGMETRICS 2016): each configuration is the
// matching M and duration α that serve the most bytes per unit of time spent, the
// reconfiguration delay δ included: max Σ_{(i,j)∈M} min(α, R_ij) / (α / rate + δ), where R is
// the demand left. The paper's greedy runs within a time window; here it runs until every
// byte is served. α is tried at the distinct remaining entries (at most kAlphas = 12 of them,
// spread over their range in sorted order), each with a maximum-weight matching.
#include <algorithm>

#include "sched/bipartite_matching.hpp"
#include "sched/weighted_methods.hpp"

namespace liquid::sched {
namespace {

constexpr std::size_t kAlphas = 12;

std::vector<std::int64_t> alpha_candidates(const std::vector<std::int64_t>& left) {
    std::vector<std::int64_t> v;
    for (std::int64_t b : left)
        if (b > 0) v.push_back(b);
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    if (v.size() <= kAlphas) return v;
    std::vector<std::int64_t> some;
    for (std::size_t k = 0; k < kAlphas; ++k) some.push_back(v[(v.size() - 1) * k / (kAlphas - 1)]);
    some.erase(std::unique(some.begin(), some.end()), some.end());
    return some;
}

}  // namespace

std::vector<Slot> eclipse_slots(const CrossbarDemand& d, double overhead_s, WeightedClock::time_point deadline) {
    const auto n = static_cast<std::size_t>(d.n);
    std::vector<std::int64_t> left = d.bytes;
    std::vector<Slot> slots;
    std::vector<double> weight(n * n);
    while (std::any_of(left.begin(), left.end(), [](std::int64_t b) { return b > 0; })) {
        if (WeightedClock::now() > deadline) return {};
        double best_rate = -1;
        Slot best;
        for (std::int64_t alpha : alpha_candidates(left)) {
            for (std::size_t c = 0; c < n * n; ++c) weight[c] = static_cast<double>(std::min(alpha, left[c]));
            const std::vector<int> match = max_weight_matching(d.n, weight);
            double served = 0;
            Slot slot{{}, alpha};
            for (std::size_t i = 0; i < n; ++i)
                if (match[i] >= 0) {
                    served += weight[i * n + static_cast<std::size_t>(match[i])];
                    slot.cells.emplace_back(static_cast<int>(i), match[i]);
                }
            const double per_second = served / (static_cast<double>(alpha) / d.rate + overhead_s);
            if (per_second > best_rate) best_rate = per_second, best = std::move(slot);
        }
        for (const auto& [i, j] : best.cells) {
            auto& b = left[static_cast<std::size_t>(i) * n + static_cast<std::size_t>(j)];
            b -= std::min(b, best.bytes);
        }
        slots.push_back(std::move(best));
    }
    return slots;
}

}  // namespace liquid::sched
