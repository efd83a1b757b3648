// Clique lower bound: pairwise congesting transfers need distinct frames. On circular-arc
// traffics (arcs on a ring) cliques exceed the largest link load, e.g. three arcs that
// pairwise overlap without a common link (the report's no-team example, Fig. 11–12).
#include "liquid/sched/lower_bounds.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "liquid/traffic/analysis.hpp"

namespace liquid::sched {
namespace {

/// Colour-bounded branch and bound for a maximum clique (Tomita & Seki, "An efficient
/// branch-and-bound algorithm for finding a maximum clique", DMTCS 2003): the candidates
/// are greedily coloured, and a candidate of colour k extends the clique by at most k
/// vertices. Starts from the greedy incumbent and improves it in place; stops after a
/// budget of bitset word operations or at the deadline (the incumbent is still a clique).
/// On circular-arc traffics the largest cliques share no link, so the greedy seeds from
/// links miss them (ring30-90arcs-s7: greedy 41 = Λ, maximum 42).
class CliqueSearch {
public:
    CliqueSearch(const CongestionGraph& g, std::vector<int>& best, const Deadline& deadline, std::uint64_t word_ops)
        : g_(g), best_(best), poll_(deadline, 64), ops_left_(word_ops) {}

    /// True when the search was exhaustive (`best` is a maximum clique).
    bool run(std::size_t n) {
        Bitset all(n);
        all.fill();
        std::vector<int> cur;
        expand(cur, all);
        return !stopped_;
    }

private:
    void expand(std::vector<int>& cur, Bitset cand) {
        if (cand.none()) {
            if (cur.size() > best_.size()) best_ = cur;
            return;
        }
        std::vector<int> verts, bound;
        colour(cand, verts, bound);
        for (std::size_t i = verts.size(); i-- > 0;) {
            if (cur.size() + static_cast<std::size_t>(bound[i]) <= best_.size()) return;
            if (stopped_ || (stopped_ = poll_.expired() || !spend(cand.word_count()))) return;
            const int v = verts[i];
            cur.push_back(v);
            expand(cur, cand & g_.neighbours(v));
            cur.pop_back();
            cand.reset(static_cast<std::size_t>(v));
        }
    }
    /// Greedy colour classes of `cand`, vertices in class order with their colour number.
    void colour(const Bitset& cand, std::vector<int>& verts, std::vector<int>& bound) {
        Bitset rest = cand;
        for (int k = 1; rest.any() && !stopped_; ++k) {
            Bitset q = rest;
            while (q.any()) {
                const std::size_t v = q.first();
                q.reset(v);
                rest.reset(v);
                q.and_not(g_.neighbours(static_cast<int>(v)));
                verts.push_back(static_cast<int>(v));
                bound.push_back(k);
                if (!spend(2 * cand.word_count())) stopped_ = true;
            }
        }
    }
    bool spend(std::size_t ops) {
        if (ops > ops_left_) return false;
        ops_left_ -= ops;
        return true;
    }
    const CongestionGraph& g_;
    std::vector<int>& best_;
    DeadlinePoll poll_;
    std::uint64_t ops_left_;
    bool stopped_ = false;
};

/// Word operations of the branch and bound after the greedy passes: a few milliseconds,
/// whatever the size of the traffic (ring-arc instances need 3 000-90 000, the all-to-all
/// of torus:6x6 1.1 M to prove its clique of 36 maximum).
constexpr std::uint64_t kCliqueSearchWordOps = 4'000'000;

/// The users of a most loaded link: a clique of size Λ, found without the graph.
std::vector<int> busiest_link_users(const Traffic& traffic) {
    const auto loads = link_loads(traffic);
    const auto busiest = static_cast<std::size_t>(std::max_element(loads.begin(), loads.end()) - loads.begin());
    std::vector<int> users;
    for (int t = 0; t < traffic.size(); ++t)
        if (traffic[t].links.test(busiest)) users.push_back(t);
    return users;
}

/// The vertices by descending degree, ties by index. Degrees counted once: CongestionGraph
/// counts a row's bits on every degree() call, and the sort compares n log n times.
std::vector<int> by_descending_degree(const CongestionGraph& g) {
    const int n = g.vertex_count();
    std::vector<int> degree(n), order(n);
    for (int v = 0; v < n; ++v) degree[v] = g.degree(v);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return degree[a] > degree[b]; });
    return order;
}

std::uint64_t congestion_graph_bytes(const Traffic& traffic) {
    const auto n = static_cast<std::uint64_t>(traffic.size());
    return n * ((n + 63) / 64 * 8 + 32);
}

/// Beyond this many transfers the graph's construction alone (quadratic, not
/// interruptible) takes seconds; under limits the bound then falls back to Λ.
constexpr int kGraphTransfersMax = 16384;

}  // namespace

std::vector<int> large_clique(const Traffic& traffic, int exact_limit, const Limits* limits) {
    const int n = traffic.size();
    if (n == 0 || traffic.link_count() == 0) return {};
    if (limits && (n > kGraphTransfersMax || !limits->fits(4 * congestion_graph_bytes(traffic)) || limits->deadline.expired()))
        return busiest_link_users(traffic);
    const Deadline deadline = limits ? limits->deadline : Deadline{};
    const CongestionGraph g(traffic);
    std::vector<int> best;
    if (n <= exact_limit) {
        CliqueSearch(g, best, deadline, std::numeric_limits<std::uint64_t>::max()).run(static_cast<std::size_t>(n));
        return best;
    }
    const std::vector<int> order = by_descending_degree(g);
    auto grow = [&](std::vector<int> clique, Bitset cand) {
        // Add candidates in descending degree while they congest with the whole clique.
        for (int v : order) {
            if (!cand.test(static_cast<std::size_t>(v))) continue;
            clique.push_back(v);
            cand &= g.neighbours(v);
            if (cand.none()) break;
        }
        if (clique.size() > best.size()) best = std::move(clique);
    };
    // Seeds from links first: the users of a link (a clique of size λ(l)), extended; then
    // every vertex. Both stop at the deadline (the clique so far is still a clique).
    std::vector<std::vector<int>> users(static_cast<std::size_t>(traffic.link_count()));
    for (int t = 0; t < n; ++t) traffic[t].links.for_each([&](std::size_t l) { users[l].push_back(t); });
    DeadlinePoll poll(deadline, 16);
    for (const std::vector<int>& link_users : users) {
        if (link_users.size() < 2) continue;
        if (poll.expired()) return best;
        Bitset cand(static_cast<std::size_t>(n));
        cand.fill();
        for (int t : link_users) cand &= g.neighbours(t);
        grow(link_users, cand);
    }
    for (int v = 0; v < n && !poll.expired(); ++v) grow({v}, g.neighbours(v));
    if (!poll.expired()) CliqueSearch(g, best, deadline, kCliqueSearchWordOps).run(static_cast<std::size_t>(n));
    return best;
}

std::vector<std::vector<int>> virtual_link_cliques(const Traffic& traffic, std::size_t max_cliques, const Deadline& deadline,
                                                   std::size_t max_seeds) {
    const int n = max_seeds ? static_cast<int>(std::min<std::size_t>(max_seeds, traffic.size())) : traffic.size();
    std::vector<std::vector<int>> out;
    if (n == 0 || max_cliques == 0 || deadline.expired()) return out;
    const CongestionGraph g(traffic);
    DeadlinePoll poll(deadline, 16);
    const std::vector<int> order = by_descending_degree(g);
    for (int v = 0; v < n && !poll.expired(); ++v) {
        std::vector<int> clique{v};
        Bitset cand = g.neighbours(v);
        // The links all members share: a few links of v, filtered (no bitset per member).
        std::vector<int> common = traffic[v].links.to_vector();
        for (int u : order) {
            if (!cand.test(static_cast<std::size_t>(u))) continue;
            clique.push_back(u);
            cand &= g.neighbours(u);
            std::erase_if(common, [&](int l) { return !traffic[u].links.test(static_cast<std::size_t>(l)); });
            if (cand.none()) break;
        }
        if (!common.empty()) continue;  // all members share a link: the link already says it
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
