// The CNF encoding of "schedulable in L frames" (see schedulable_cnf.hpp).
#include "sched/schedulable_cnf.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace liquid::sched {
namespace {

struct Encoder {
    ClauseSink& sink;
    int next_var;
    long clauses = 0;
    void clause(std::initializer_list<int> lits) {
        for (int l : lits) sink.add(l);
        sink.add(0);
        ++clauses;
    }
    void at_most_one(const std::vector<int>& xs) { add_at_most_one(sink, xs, next_var, clauses); }
};

// Twins (identical link sets) are interchangeable: the later twin may not sit in a frame
// before the earlier one's. Only when neither is pinned by the clique. False when
// interrupted.
bool order_twins(const Traffic& traffic, int L, const std::vector<int>& clique, Encoder& enc,
                 const std::function<bool()>& interrupted) {
    const int n = traffic.size();
    std::map<std::vector<int>, int> last;
    std::vector<char> pinned(n, 0);
    for (int c : clique) pinned[c] = 1;
    for (int t = 0; t < n; ++t) {
        std::vector<int> key = traffic[t].links.to_vector();
        auto [it, inserted] = last.try_emplace(std::move(key), t);
        if (inserted) continue;
        const int a = it->second;
        it->second = t;
        if (pinned[a] || pinned[t]) continue;
        if (interrupted && interrupted()) return false;  // L² / 2 clauses a pair
        for (int f = 1; f < L; ++f)
            for (int g = 0; g < f; ++g) enc.clause({-frame_variable(a, f, L), -frame_variable(t, g, L)});
    }
    return true;
}

}  // namespace

void add_at_most_one(ClauseSink& sink, const std::vector<int>& xs, int& next_var, long& clauses) {
    const auto clause = [&](std::initializer_list<int> lits) {
        for (int l : lits) sink.add(l);
        sink.add(0);
        ++clauses;
    };
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

std::vector<std::vector<int>> maximal_user_sets(const Traffic& traffic, int min_users) {
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
        if (size[l] < static_cast<std::size_t>(std::max(1, min_users))) continue;
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

bool encode_schedulable(const Traffic& traffic, int L, const std::vector<int>& clique, ClauseSink& sink, CnfSize& size,
                        const std::function<bool()>& interrupted) {
    const int n = traffic.size();
    Encoder enc{sink, n * L + 1};
    for (int t = 0; t < n; ++t) {
        if ((t & 255) == 0 && interrupted && interrupted()) return false;
        for (int f = 0; f < L; ++f) sink.add(frame_variable(t, f, L));
        sink.add(0);
        ++enc.clauses;
    }
    for (const auto& u : maximal_user_sets(traffic, 2)) {
        std::vector<int> xs(u.size());
        for (int f = 0; f < L; ++f) {
            // The encoding of a large traffic takes seconds (about 1 µs a clause in
            // CaDiCaL): stay interruptible, every frame of every link.
            if (interrupted && interrupted()) return false;
            for (std::size_t i = 0; i < u.size(); ++i) xs[i] = frame_variable(u[i], f, L);
            enc.at_most_one(xs);
        }
    }
    // Symmetry breaking: frames are interchangeable, so pin a clique to frames 0..k-1.
    const std::size_t pins = std::min(clique.size(), static_cast<std::size_t>(std::max(L, 0)));
    for (std::size_t i = 0; i < pins; ++i) enc.clause({frame_variable(clique[i], static_cast<int>(i), L)});
    if (!order_twins(traffic, L, clique, enc, interrupted)) return false;
    size.variables = enc.next_var - 1;
    size.clauses = enc.clauses;
    return true;
}

}  // namespace liquid::sched
