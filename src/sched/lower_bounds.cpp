// Clique lower bound: pairwise congesting transfers need distinct frames. On circular-arc
// traffics (arcs on a ring) cliques exceed the largest link load, e.g. three arcs that
// pairwise overlap without a common link (the report's no-team example, Fig. 11–12).
#include "liquid/sched/lower_bounds.hpp"

#include <algorithm>
#include <numeric>

#include "liquid/traffic/analysis.hpp"

namespace liquid::sched {
namespace {

void exact_extend(const CongestionGraph& g, std::vector<int>& cur, Bitset cand, std::vector<int>& best) {
    if (cand.none()) {
        if (cur.size() > best.size()) best = cur;
        return;
    }
    if (cur.size() + cand.count() <= best.size()) return;
    for (std::size_t v = cand.first(); v < cand.size(); v = cand.next(v + 1)) {
        if (cur.size() + cand.count() <= best.size()) return;
        cand.reset(v);
        cur.push_back(static_cast<int>(v));
        exact_extend(g, cur, cand & g.neighbours(static_cast<int>(v)), best);
        cur.pop_back();
    }
}

}  // namespace

std::vector<int> large_clique(const Traffic& traffic, int exact_limit) {
    const int n = traffic.size();
    if (n == 0) return {};
    const CongestionGraph g(traffic);
    std::vector<int> best;
    if (n <= exact_limit) {
        std::vector<int> cur;
        Bitset all(static_cast<std::size_t>(n));
        all.fill();
        exact_extend(g, cur, all, best);
        return best;
    }
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return g.degree(a) > g.degree(b); });
    std::vector<int> rank(n);
    for (int i = 0; i < n; ++i) rank[order[i]] = i;
    auto grow = [&](std::vector<int> clique, Bitset cand) {
        // Add candidates in descending degree while they congest with the whole clique.
        for (int v : order) {
            if (!cand.test(static_cast<std::size_t>(v))) continue;
            clique.push_back(v);
            cand &= g.neighbours(v);
        }
        if (clique.size() > best.size()) best = std::move(clique);
    };
    for (int v = 0; v < n; ++v) grow({v}, g.neighbours(v));
    // Seeds from links: the users of a link (a clique of size λ(l)), extended.
    const auto loads = link_loads(traffic);
    for (int l = 0; l < traffic.link_count(); ++l) {
        if (loads[l] < 2) continue;
        std::vector<int> users;
        Bitset cand(static_cast<std::size_t>(n));
        cand.fill();
        for (int t = 0; t < n; ++t)
            if (traffic[t].links.test(static_cast<std::size_t>(l))) {
                users.push_back(t);
                cand &= g.neighbours(t);
            }
        grow(users, cand);
    }
    return best;
}

std::vector<std::vector<int>> virtual_link_cliques(const Traffic& traffic, std::size_t max_cliques) {
    const int n = traffic.size();
    std::vector<std::vector<int>> out;
    if (n == 0 || max_cliques == 0) return out;
    const CongestionGraph g(traffic);
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return g.degree(a) > g.degree(b); });
    for (int v = 0; v < n; ++v) {
        std::vector<int> clique{v};
        Bitset cand = g.neighbours(v);
        LinkSet common = traffic[v].links;
        for (int u : order) {
            if (!cand.test(static_cast<std::size_t>(u))) continue;
            clique.push_back(u);
            cand &= g.neighbours(u);
            common &= traffic[u].links;
        }
        if (common.any()) continue;  // all members share a link: the link already says it
        std::sort(clique.begin(), clique.end());
        out.push_back(std::move(clique));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
    if (out.size() > max_cliques) out.resize(max_cliques);
    return out;
}

}  // namespace liquid::sched
