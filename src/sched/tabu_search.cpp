// Tabu search over frame assignments (see tabu_search.hpp).
#include "sched/tabu_search.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "liquid/base/race.hpp"
#include "liquid/base/rng.hpp"
#include "liquid/base/stop.hpp"

namespace liquid::sched {
namespace {

/// Uniform index in [0, n) from the project's portable RNG.
std::size_t below(Rng& rng, std::size_t n) { return rng.below(static_cast<std::uint32_t>(n)); }

using Clock = std::chrono::steady_clock;

/// Frame assignment with per-(link, frame) user lists, so that each transfer's conflict
/// count (other users of its links in its frame) is kept exact under moves.
class Assignment {
public:
    Assignment(const Traffic& traffic, int L) : L_(L), n_(traffic.size()), frame_(static_cast<std::size_t>(n_), -1) {
        links_.resize(static_cast<std::size_t>(n_));
        for (int t = 0; t < n_; ++t) links_[static_cast<std::size_t>(t)] = traffic[t].links.to_vector();
        cnt_.assign(static_cast<std::size_t>(traffic.link_count()) * static_cast<std::size_t>(L), 0);
        users_.resize(cnt_.size());
        conf_.assign(static_cast<std::size_t>(n_), 0);
        pos_.assign(static_cast<std::size_t>(n_), -1);
    }

    std::size_t transfers() const { return static_cast<std::size_t>(n_); }
    int frame(int t) const { return frame_[static_cast<std::size_t>(t)]; }
    long cost() const { return twice_cost_ / 2; }
    const std::vector<int>& conflicting() const { return conflicting_; }
    const std::vector<int>& links(int t) const { return links_[static_cast<std::size_t>(t)]; }
    int conflicts(int t) const { return conf_[static_cast<std::size_t>(t)]; }
    const std::vector<int>& users(int l, int f) const { return users_[cell(l, f)]; }

    /// acc[g] = conflicts t would have in frame g (its own frame counted without itself).
    void conflicts_per_frame(int t, std::vector<int>& acc) const {
        // Two rows per pass: half the stores of one pass per link.
        const std::vector<int>& ls = links(t);
        std::fill(acc.begin(), acc.end(), 0);
        std::size_t i = 0;
        for (; i + 1 < ls.size(); i += 2) {
            const int* x = &cnt_[cell(ls[i], 0)];
            const int* y = &cnt_[cell(ls[i + 1], 0)];
            for (int g = 0; g < L_; ++g) acc[static_cast<std::size_t>(g)] += x[g] + y[g];
        }
        if (i < ls.size()) {
            const int* x = &cnt_[cell(ls[i], 0)];
            for (int g = 0; g < L_; ++g) acc[static_cast<std::size_t>(g)] += x[g];
        }
        const int f = frame(t);
        if (f >= 0) acc[static_cast<std::size_t>(f)] -= static_cast<int>(links(t).size());
    }

    /// Moves t to frame g (f = -1: t unassigned so far).
    void move(int t, int g) {
        const int f = frame(t);
        if (f >= 0)
            for (int l : links(t)) {
                auto& u = users_[cell(l, f)];
                u.erase(std::find(u.begin(), u.end(), t));
                --cnt_[cell(l, f)];
                for (int o : u) bump(o, -1);
                bump(t, -static_cast<int>(u.size()));
            }
        frame_[static_cast<std::size_t>(t)] = g;
        for (int l : links(t)) {
            auto& u = users_[cell(l, g)];
            for (int o : u) bump(o, +1);
            bump(t, static_cast<int>(u.size()));
            u.push_back(t);
            ++cnt_[cell(l, g)];
        }
    }

    Schedule schedule() const {
        Schedule s;
        s.frames.assign(static_cast<std::size_t>(L_), {});
        for (int t = 0; t < n_; ++t) s.frames[static_cast<std::size_t>(frame(t))].push_back(t);
        std::erase_if(s.frames, [](const std::vector<int>& f) { return f.empty(); });
        return s;
    }

private:
    std::size_t cell(int l, int f) const {
        return static_cast<std::size_t>(l) * static_cast<std::size_t>(L_) + static_cast<std::size_t>(f);
    }
    void bump(int t, int d) {
        auto& c = conf_[static_cast<std::size_t>(t)];
        const bool was = c > 0;
        c += d;
        if (!was && c > 0) {
            pos_[static_cast<std::size_t>(t)] = static_cast<int>(conflicting_.size());
            conflicting_.push_back(t);
        } else if (was && c == 0) {
            const int p = pos_[static_cast<std::size_t>(t)];
            conflicting_[static_cast<std::size_t>(p)] = conflicting_.back();
            pos_[static_cast<std::size_t>(conflicting_.back())] = p;
            conflicting_.pop_back();
            pos_[static_cast<std::size_t>(t)] = -1;
        }
        twice_cost_ += d;
    }

    int L_, n_;
    std::vector<int> frame_;
    std::vector<std::vector<int>> links_;
    std::vector<int> cnt_;
    std::vector<std::vector<int>> users_;
    std::vector<int> conf_;
    std::vector<int> conflicting_, pos_;
    long twice_cost_ = 0;  // conflicting pairs (counted per shared link), each counted from both ends
};

/// Warm start: the L largest frames of `start`; other transfers go where they conflict least.
void warm_start(Assignment& a, const Schedule& start, int L) {
    std::vector<int> order(static_cast<std::size_t>(start.length()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        return start.frames[static_cast<std::size_t>(x)].size() > start.frames[static_cast<std::size_t>(y)].size();
    });
    std::vector<int> rest;
    for (std::size_t k = 0; k < order.size(); ++k)
        for (int t : start.frames[static_cast<std::size_t>(order[k])]) {
            if (static_cast<int>(k) < L) a.move(t, static_cast<int>(k));
            else rest.push_back(t);
        }
    std::vector<int> acc(static_cast<std::size_t>(L));
    for (int t : rest) {
        a.conflicts_per_frame(t, acc);
        a.move(t, static_cast<int>(std::min_element(acc.begin(), acc.end()) - acc.begin()));
    }
}

/// Swaps frames f and g on the connected component of t in the congestion graph induced
/// by frames f and g (a Kempe chain). Gives up on chains longer than `cap`.
bool kempe_swap(Assignment& a, int t, int g, std::size_t cap) {
    const int f = a.frame(t);
    std::vector<int> chain{t};
    std::vector<char> seen(a.transfers(), 0);
    seen[static_cast<std::size_t>(t)] = 1;
    for (std::size_t i = 0; i < chain.size(); ++i) {
        const int u = chain[i];
        const int other = a.frame(u) == f ? g : f;
        for (int l : a.links(u))
            for (int w : a.users(l, other))
                if (!seen[static_cast<std::size_t>(w)]) {
                    if (chain.size() >= cap) return false;
                    seen[static_cast<std::size_t>(w)] = 1;
                    chain.push_back(w);
                }
    }
    std::vector<int> target(chain.size());
    for (std::size_t i = 0; i < chain.size(); ++i) target[i] = a.frame(chain[i]) == f ? g : f;
    for (std::size_t i = 0; i < chain.size(); ++i) a.move(chain[i], target[i]);
    return true;
}

}  // namespace

std::uint64_t tabu_memory_bytes(const Traffic& traffic, int L) {
    std::uint64_t path = 0;
    for (const Transfer& t : traffic.transfers()) path += t.path.size();
    const std::uint64_t cells = static_cast<std::uint64_t>(traffic.link_count()) * static_cast<std::uint64_t>(std::max(L, 1));
    // Per (link, frame) a count and a user list; the lists hold each transfer once per link
    // (a heap block per busy cell); per transfer its links, frame, conflicts and tabu state.
    return cells * (sizeof(int) + sizeof(std::vector<int>)) + std::min(cells, path) * 32 + 2 * path * sizeof(int) +
           static_cast<std::uint64_t>(traffic.size()) * 80;
}

TabuOutcome tabu_search(const Traffic& traffic, const Schedule& start, int L, std::uint64_t seed, Clock::time_point deadline,
                        const std::atomic<bool>* stop) {
    TabuOutcome out;
    out.seed = seed;
    const int n = traffic.size();
    if (n == 0 || L < 1) {
        out.found = n == 0;
        return out;
    }
    Assignment a(traffic, L);
    warm_start(a, start, L);
    Rng rng(seed);
    std::vector<std::uint64_t> tabu_until(static_cast<std::size_t>(n), 0);  // the frame t left is tabu for it
    std::vector<int> tabu_frame(static_cast<std::size_t>(n), -1);
    long best = a.cost();
    std::uint64_t since_best = 0;
    std::vector<int> acc(static_cast<std::size_t>(L));
    // Few candidates per iteration and a Kempe chain after 200 iterations without a new
    // best: measured on the quotients of mesh:6x6 and chordal-ring:32,5 and on the whole of
    // torus:8x8, mesh:5x5 and mesh:8x8, this beats 48 candidates and 2 000 + 20·L
    // iterations everywhere (mesh:6x6's order-2 quotient: liquid for 12 of 12 seeds within
    // 0.44 s, against 5 of 12 within 3 s; torus:8x8 in 10 s: 85 frames against 89).
    constexpr std::size_t kSample = 8;  // candidate transfers examined per iteration
    constexpr int kClosed = std::numeric_limits<int>::max();
    constexpr std::uint64_t stagnation = 200;
    while (a.cost() > 0) {
        if ((out.iterations & 63U) == 0 &&
            (Clock::now() >= deadline || stop_requested() || (stop && stop->load(std::memory_order_relaxed))))
            break;
        ++out.iterations;
        const auto& conf = a.conflicting();
        int best_t = -1, best_g = -1, best_delta = 0;
        std::uint64_t ties = 0;
        const std::size_t sample = std::min(kSample, conf.size());
        for (std::size_t k = 0; k < sample; ++k) {
            const int t = conf.size() <= kSample ? conf[k] : conf[below(rng, conf.size())];
            a.conflicts_per_frame(t, acc);
            const int here = a.conflicts(t);
            // Frames t may not move to: its own, and the one it left while that is tabu
            // (unless it would reach a new best: aspiration).
            acc[static_cast<std::size_t>(a.frame(t))] = kClosed;
            const int left = tabu_frame[static_cast<std::size_t>(t)];
            if (left >= 0 && tabu_until[static_cast<std::size_t>(t)] > out.iterations &&
                a.cost() + acc[static_cast<std::size_t>(left)] - here >= best)
                acc[static_cast<std::size_t>(left)] = kClosed;
            // The least conflicts first (a loop the compiler vectorises), then the frames
            // that have it, one taken uniformly at random over every candidate's ties.
            const int least = *std::min_element(acc.begin(), acc.end());
            if (least == kClosed) continue;
            const int delta = least - here;
            if (best_t >= 0 && delta > best_delta) continue;
            for (int g = 0; g < L; ++g) {
                if (acc[static_cast<std::size_t>(g)] != least) continue;
                if (best_t < 0 || delta < best_delta) {
                    best_t = t, best_g = g, best_delta = delta, ties = 1;
                } else if (below(rng, ++ties) == 0) {
                    best_t = t, best_g = g;
                }
            }
        }
        if (best_t < 0) continue;
        tabu_frame[static_cast<std::size_t>(best_t)] = a.frame(best_t);
        tabu_until[static_cast<std::size_t>(best_t)] = out.iterations + below(rng, 10) + 6 * conf.size() / 10;
        a.move(best_t, best_g);
        if (a.cost() < best) {
            best = a.cost(), since_best = 0;
        } else if (++since_best >= stagnation && !a.conflicting().empty()) {
            // Plateau: a Kempe chain between a conflicting transfer's frame and another one
            // reshuffles a whole region without breaking the frames it does not touch.
            const int t = a.conflicting()[below(rng, a.conflicting().size())];
            int g = static_cast<int>(below(rng, static_cast<std::size_t>(L - 1)));
            if (g >= a.frame(t)) ++g;
            if (L > 1 && kempe_swap(a, t, g, static_cast<std::size_t>(n) / 8 + 8)) ++out.kempe_moves;
            since_best = 0;
        }
    }
    if (a.cost() == 0) {
        out.found = true;
        out.best_conflicts = 0;
        out.schedule = a.schedule();
        return out;
    }
    out.best_conflicts = best;
    return out;
}

TabuOutcome tabu_race(const Traffic& traffic, const Schedule& start, int L, std::uint64_t seed, int searches,
                      Clock::time_point deadline) {
    std::vector<TabuOutcome> outcomes(static_cast<std::size_t>(std::max(searches, 1)));
    std::atomic<bool> found{false};
    // A seed without a thread is dropped: the searches started so far run.
    const std::size_t ran = race(outcomes.size(), outcomes.size(), WithoutThread::Drop, found, [&](std::size_t k) {
        outcomes[k] = tabu_search(traffic, start, L, seed + k, deadline, &found);
        if (outcomes[k].found) found.store(true, std::memory_order_relaxed);
    });
    outcomes.resize(ran);
    auto better = [](const TabuOutcome& x, const TabuOutcome& y) {
        if (x.found != y.found) return x.found;
        return !x.found && x.best_conflicts < y.best_conflicts;
    };
    std::size_t pick = 0;
    for (std::size_t k = 1; k < outcomes.size(); ++k)
        if (better(outcomes[k], outcomes[pick])) pick = k;
    return std::move(outcomes[pick]);
}

}  // namespace liquid::sched
