// Shared CaDiCaL encoding helpers (see cnf.hpp).
#include "sched/cnf.hpp"

#include <algorithm>
#include <numeric>

namespace liquid::sched::cnf {

void Encoder::at_most_one(const std::vector<int>& xs) {
    const std::size_t m = xs.size();
    if (m < 2) return;
    if (m <= 6) {
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = i + 1; j < m; ++j) clause({-xs[i], -xs[j]});
        return;
    }
    // s_i = "one of x_1..x_i is true".
    int prev = 0;
    for (std::size_t i = 0; i < m; ++i) {
        if (i + 1 < m) {
            const int si = next_var++;
            clause({-xs[i], si});
            if (prev) clause({-prev, si});
            if (prev) clause({-xs[i], -prev});
            prev = si;
        } else {
            clause({-xs[i], -prev});
        }
    }
}

std::vector<std::vector<int>> maximal_user_sets(const Traffic& traffic) {
    const int links = traffic.link_count(), n = traffic.size();
    std::vector<Bitset> rows(links, Bitset(static_cast<std::size_t>(n)));
    for (int t = 0; t < n; ++t) traffic[t].links.for_each([&](std::size_t l) { rows[l].set(static_cast<std::size_t>(t)); });
    std::vector<std::size_t> size(links);
    for (int l = 0; l < links; ++l) size[l] = rows[l].count();
    // Candidates for dominating l are only links at least as loaded: visit by load.
    std::vector<int> by_size(links);
    std::iota(by_size.begin(), by_size.end(), 0);
    std::sort(by_size.begin(), by_size.end(), [&](int a, int b) { return size[a] > size[b] || (size[a] == size[b] && a < b); });
    std::vector<std::vector<int>> out;
    for (int l = 0; l < links; ++l) {
        if (size[l] < 2) continue;
        bool dominated = false;
        for (int k : by_size) {
            if (size[k] < size[l] || dominated) break;
            if (k == l || !rows[l].subset_of(rows[k])) continue;
            dominated = size[k] > size[l] || k < l;  // equal sets: keep the first link only
        }
        if (!dominated) out.push_back(rows[l].to_vector());
    }
    return out;
}

}  // namespace liquid::sched::cnf
