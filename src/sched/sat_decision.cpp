// SAT decision of "schedulable in L frames" with CaDiCaL (see sat_decision.hpp).
#include "sched/sat_decision.hpp"

#include <cadical.hpp>
#include <chrono>
#include <map>

#include "liquid/base/stop.hpp"

namespace liquid::sched {
namespace {

class StopWhen : public CaDiCaL::Terminator {
public:
    StopWhen(const std::atomic<bool>* stop, double limit_s)
        : stop_(stop), has_deadline_(limit_s > 0),
          deadline_(std::chrono::steady_clock::now() +
                    std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(limit_s))) {}
    bool terminate() override {
        // CaDiCaL asks often: read the clock only every 16th time.
        if ((stop_ && stop_->load(std::memory_order_relaxed)) || stop_requested()) return true;
        if (!has_deadline_ || (++calls_ & 15U) != 0) return expired_;
        expired_ = std::chrono::steady_clock::now() >= deadline_;
        return expired_;
    }

private:
    const std::atomic<bool>* stop_;
    bool has_deadline_;
    std::chrono::steady_clock::time_point deadline_;
    unsigned calls_ = 0;
    bool expired_ = false;
};

struct Encoder {
    CaDiCaL::Solver& s;
    int next_var;
    long clauses = 0;
    void clause(std::initializer_list<int> lits) {
        for (int l : lits) s.add(l);
        s.add(0);
        ++clauses;
    }
    // At most one of xs true.
    void at_most_one(const std::vector<int>& xs) {
        const std::size_t m = xs.size();
        if (m < 2) return;
        if (m <= 6) {
            for (std::size_t i = 0; i < m; ++i)
                for (std::size_t j = i + 1; j < m; ++j) clause({-xs[i], -xs[j]});
            return;
        }
        // Sinz 2005 sequential counter: s_i = "one of x_1..x_i is true".
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
};

// The users of each link, dropping links whose users are a subset of another link's (their
// at-most-one constraints are implied). On ring arcs this keeps a few links of each run.
std::vector<std::vector<int>> maximal_user_sets(const Traffic& traffic) {
    const int links = traffic.link_count(), n = traffic.size();
    std::vector<Bitset> rows(links, Bitset(static_cast<std::size_t>(n)));
    for (int t = 0; t < n; ++t) traffic[t].links.for_each([&](std::size_t l) { rows[l].set(static_cast<std::size_t>(t)); });
    std::vector<std::size_t> size(links);
    for (int l = 0; l < links; ++l) size[l] = rows[l].count();
    std::vector<std::vector<int>> out;
    for (int l = 0; l < links; ++l) {
        if (size[l] < 2) continue;
        bool dominated = false;
        for (int k = 0; k < links && !dominated; ++k) {
            if (k == l || size[k] < size[l] || !rows[l].subset_of(rows[k])) continue;
            dominated = size[k] > size[l] || k < l;  // equal sets: keep the first link only
        }
        if (!dominated) out.push_back(rows[l].to_vector());
    }
    return out;
}

}  // namespace

SatOutcome sat_decide(const Traffic& traffic, int L, const std::vector<int>& clique, const std::atomic<bool>* stop,
                      double time_limit_s) {
    SatOutcome out;
    const int n = traffic.size();
    if (n == 0) {
        out.answer = SatAnswer::Schedulable;
        return out;
    }
    if (L <= 0 || static_cast<int>(clique.size()) > L) {
        out.answer = SatAnswer::Unschedulable;
        return out;
    }
    StopWhen term(stop, time_limit_s);  // the budget covers the encoding too
    CaDiCaL::Solver solver;
    solver.set("quiet", 1);  // CaDiCaL reports e.g. "found falsified original clause" on stdout
    auto x = [L](int t, int f) { return t * L + f + 1; };
    Encoder enc{solver, n * L + 1};
    for (int t = 0; t < n; ++t) {
        for (int f = 0; f < L; ++f) solver.add(x(t, f));
        solver.add(0);
        ++enc.clauses;
    }
    for (const auto& u : maximal_user_sets(traffic)) {
        // The encoding of a large traffic takes a while: stay interruptible.
        if (term.terminate()) return out;
        std::vector<int> xs(u.size());
        for (int f = 0; f < L; ++f) {
            for (std::size_t i = 0; i < u.size(); ++i) xs[i] = x(u[i], f);
            enc.at_most_one(xs);
        }
    }
    // Symmetry breaking: frames are interchangeable, so pin a clique to frames 0..k-1.
    for (std::size_t i = 0; i < clique.size(); ++i) enc.clause({x(clique[i], static_cast<int>(i))});
    // Twins (identical link sets) are interchangeable: the later twin may not sit in a
    // frame before the earlier one's ("earlier twin in frame f" forbids later in f' < f).
    // Only when neither is pinned by the clique.
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
        for (int f = 1; f < L; ++f)
            for (int g = 0; g < f; ++g) enc.clause({-x(a, f), -x(t, g)});
    }
    out.variables = enc.next_var - 1;
    out.clauses = enc.clauses;
    solver.connect_terminator(&term);
    const int res = solver.solve();
    solver.disconnect_terminator();
    if (res == 20) {
        out.answer = SatAnswer::Unschedulable;
    } else if (res == 10) {
        out.answer = SatAnswer::Schedulable;
        out.schedule.frames.assign(L, {});
        for (int t = 0; t < n; ++t)
            for (int f = 0; f < L; ++f)
                if (solver.val(x(t, f)) > 0) {
                    out.schedule.frames[f].push_back(t);
                    break;
                }
        std::erase_if(out.schedule.frames, [](const std::vector<int>& fr) { return fr.empty(); });
    }
    return out;
}

}  // namespace liquid::sched
