// DSatur (Brélaz 1979; report Appendix A, Fig. 24): the heuristic upper bound.
#include <algorithm>

#include "liquid/sched/baselines.hpp"
#include "liquid/traffic/analysis.hpp"

namespace liquid::sched {

Schedule dsatur_schedule(const Traffic& traffic) {
    const int n = traffic.size();
    Schedule s;
    if (n == 0) return s;
    const CongestionGraph g(traffic);
    std::vector<std::vector<int>> adj(n);
    for (int v = 0; v < n; ++v) g.neighbours(v).for_each([&](std::size_t u) { adj[v].push_back(static_cast<int>(u)); });
    std::vector<int> color(n, -1), sat(n, 0), deg(n);
    for (int v = 0; v < n; ++v) deg[v] = static_cast<int>(adj[v].size());
    // seen[v]: colours already used by v's neighbours; no colour exceeds max degree.
    std::size_t max_deg = 0;
    for (int v = 0; v < n; ++v) max_deg = std::max(max_deg, adj[v].size());
    std::vector<Bitset> seen(n, Bitset(max_deg + 2));
    for (int step = 0; step < n; ++step) {
        int v = -1;
        for (int u = 0; u < n; ++u) {
            if (color[u] >= 0) continue;
            if (v < 0 || sat[u] > sat[v] || (sat[u] == sat[v] && deg[u] > deg[v])) v = u;
        }
        int c = 0;
        while (c < static_cast<int>(seen[v].size()) && seen[v].test(c)) ++c;
        color[v] = c;
        if (c >= s.length()) s.frames.resize(c + 1);
        s.frames[c].push_back(v);
        for (int u : adj[v]) {
            if (color[u] >= 0) continue;
            --deg[u];
            if (c < static_cast<int>(seen[u].size()) && !seen[u].test(c)) seen[u].set(c), ++sat[u];
        }
    }
    for (auto& f : s.frames) std::sort(f.begin(), f.end());
    return s;
}

}  // namespace liquid::sched
