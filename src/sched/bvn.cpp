// Birkhoff–von Neumann decomposition of a crossbar demand matrix, and the stuffing
// (extra, unserved bytes) that makes every row and column sum equal first.
#include <algorithm>

#include "sched/bipartite_matching.hpp"
#include "sched/weighted_methods.hpp"

namespace liquid::sched {
namespace {

/// Adds dummy bytes so every line sums to the largest line sum; entries already
/// positive are filled first (fewer new cells to serve).
std::vector<std::int64_t> stuffed(const CrossbarDemand& d) {
    const auto n = static_cast<std::size_t>(d.n);
    std::vector<std::int64_t> m = d.bytes, row(n, 0), col(n, 0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) row[i] += m[i * n + j], col[j] += m[i * n + j];
    std::int64_t top = 0;
    for (std::size_t i = 0; i < n; ++i) top = std::max({top, row[i], col[i]});
    for (int pass = 0; pass < 2; ++pass)
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) {
                if (pass == 0 && m[i * n + j] == 0) continue;
                const std::int64_t add = std::min(top - row[i], top - col[j]);
                if (add <= 0) continue;
                m[i * n + j] += add, row[i] += add, col[j] += add;
            }
    return m;
}

/// Peels perfect matchings among entries >= threshold (halved when none exists) off the
/// stuffed matrix; each slot lasts its smallest matched entry. threshold 1 from the start
/// is the plain Birkhoff–von Neumann decomposition.
std::vector<Slot> peel(const CrossbarDemand& d, bool halving, WeightedClock::time_point deadline) {
    const auto n = static_cast<std::size_t>(d.n);
    std::vector<std::int64_t> m = stuffed(d);
    std::int64_t threshold = 1;
    if (halving) {
        const std::int64_t top = *std::max_element(m.begin(), m.end());
        while (threshold * 2 <= top) threshold *= 2;
    }
    std::vector<Slot> slots;
    while (*std::max_element(m.begin(), m.end()) > 0) {
        if (WeightedClock::now() > deadline) return {};
        std::vector<int> match = perfect_matching(
            d.n, [&](int i, int j) { return m[static_cast<std::size_t>(i) * n + static_cast<std::size_t>(j)] >= threshold; });
        if (match.empty()) {
            if (threshold == 1) return {};  // cannot happen on equal line sums (Birkhoff)
            threshold /= 2;
            continue;
        }
        Slot slot;
        slot.bytes = INT64_MAX;
        for (std::size_t i = 0; i < n; ++i) slot.bytes = std::min(slot.bytes, m[i * n + static_cast<std::size_t>(match[i])]);
        for (std::size_t i = 0; i < n; ++i) {
            m[i * n + static_cast<std::size_t>(match[i])] -= slot.bytes;
            if (d.bytes[i * n + static_cast<std::size_t>(match[i])] > 0) slot.cells.emplace_back(static_cast<int>(i), match[i]);
        }
        if (!slot.cells.empty()) slots.push_back(std::move(slot));
    }
    return slots;
}

}  // namespace

std::vector<Slot> bvn_slots(const CrossbarDemand& d, WeightedClock::time_point deadline) { return peel(d, false, deadline); }

std::vector<Slot> solstice_slots(const CrossbarDemand& d, WeightedClock::time_point deadline) { return peel(d, true, deadline); }

}  // namespace liquid::sched
