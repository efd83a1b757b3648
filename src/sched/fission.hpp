#pragma once
// The fission engine behind every full-team enumeration (report §5–6).
//
// A category is (includer I, depot D, excluder E) over transfer indices. Fission on a
// depot transfer x yields R+x = (I+x, D−x−cong(x), E−cong(x)) and R−x = (I, D−x, E+x)
// (report §5.2). A leaf (empty depot) with an empty excluder is a full simultaneity
// (§5.3); it is a team when I uses every *critical* link. For the papers' enumeration the
// critical links are the bottlenecks (load == Λ); for the searches they are the links
// whose remaining load equals the number of frames left.
// With `EnumerationOptions::skeleton` the enumeration is report §6.2's two phases: the
// full teams A of the skeleton S (active transfers using a critical link) by fission of
// (∅, S, ∅), then each A extended by fission of (A, X \ S minus cong(A), ∅), blank pruning
// only. Exact: for a full team T of X, T ∩ S is a full team of S (see extend()).
//
// Hot-path layout: categories live in per-depth blocks of raw 64-bit words, created only
// when the fission tree gets deeper than ever before, so steady-state enumeration does no
// heap allocation per category (and a shallow search never touches memory it does not use). R+x is built in the next arena slot;
// R−x is applied in place (the loop continues on the same slot), like Bron–Kerbosch.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "liquid/base/bitset.hpp"
#include "liquid/sched/full_teams.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::sched {

using Word = std::uint64_t;

/// Immutable per-traffic tables shared by all engines: congestion rows and, per link, the
/// transfers using it, both as raw word rows of `words` words.
class FissionTables {
public:
    /// `virtual_links`: extra cliques treated like links (users = members) for loads,
    /// critical-link coverage and idle pruning; congestion comes from real links only.
    explicit FissionTables(const Traffic& traffic, const std::vector<std::vector<int>>& virtual_links = {});
    int transfers() const { return n_; }
    /// Real plus virtual links.
    int links() const { return links_; }
    int real_links() const { return real_links_; }
    int words() const { return w_; }
    const Word* congestion(int t) const { return &adj_[static_cast<std::size_t>(t) * w_]; }
    const Word* users(int l) const { return &users_[static_cast<std::size_t>(l) * w_]; }
    const std::vector<int>& links_of(int t) const { return links_of_[t]; }

private:
    int n_ = 0, links_ = 0, real_links_ = 0, w_ = 0;
    std::vector<Word> adj_, users_;
    std::vector<std::vector<int>> links_of_;
};

/// Shared stop conditions of a search: wall-clock deadline, category/node budgets and an
/// external stop flag (the portfolio partner answered). Checked every few hundred steps.
class Budget {
public:
    using Clock = std::chrono::steady_clock;
    Budget(double time_limit_s, std::uint64_t node_limit, const std::atomic<bool>* stop = nullptr);
    /// Counts one search node; true when a limit is hit. The node limit bounds search nodes
    /// plus categories enumerated (tick), so it bounds the work, not only the tree size.
    bool node();
    /// Called per category; true when a limit is hit (checks the clock every 256 calls).
    bool tick();
    bool expired() const { return expired_; }
    std::uint64_t nodes() const { return nodes_; }
    double elapsed_s() const;

private:
    bool check();
    Clock::time_point start_, deadline_;
    bool has_deadline_;
    std::uint64_t node_limit_, nodes_ = 0, ticks_ = 0;
    const std::atomic<bool>* stop_;
    bool expired_ = false;
};

/// One enumeration of the full teams of an *active* sub-traffic with respect to a list of
/// critical links. Reusable: call run() many times; the arena is kept.
class FissionEngine {
public:
    using TeamCallback = std::function<bool(const Word* team)>;

    explicit FissionEngine(const FissionTables& tables) : t_(tables) {}

    /// Enumerates the full simultaneities of `active` (a word row) that use every link of
    /// `critical`. `link_weight` (may be null) orders the pivots: among the candidates the
    /// transfer with the largest sum of weights over its links is tried first (R+ before
    /// R−); null = lowest index first. The weights are read while enumerating, so a search
    /// may pass its live load array as long as it restores it before the engine resumes.
    /// `budget` may be null. `stats.stopped` when the callback or a limit stopped it.
    EnumerationStats run(const Word* active, const std::vector<int>& critical, const EnumerationOptions& options,
                         const int* link_weight, Budget* budget, const TeamCallback& on_team);

private:
    // Per-depth blocks: created when the fission tree first gets that deep, then reused.
    // Moving the outer vector keeps every block's buffer in place, so pointers into a
    // parent's block stay valid while a child block is created.
    Word* slot(int depth, int which) { return levels_[depth].data() + static_cast<std::size_t>(which) * t_.words(); }
    int* uncovered(int depth) { return unc_levels_[depth].data(); }
    // Per critical link (indexed by its place in the run's critical list), the depot
    // transfers using it: phase 1 picks the uncovered critical link with the fewest, and
    // counting them afresh took most of a deep dive's time (every uncovered link, every
    // word, every category); the counts follow the depot instead.
    int* candidates(int depth) { return cand_levels_[depth].data(); }
    const int* candidates(int depth) const { return cand_levels_[depth].data(); }
    void drop_candidates(int t, int* cand) const;
    void ensure_depth(int depth);
    bool visit(int depth, int nunc);
    bool extend(int depth);
    bool blank(const Word* D, const Word* E) const;
    int pick_pivot(int depth, int nunc, const Word* D, const Word* E, bool& idle) const;
    int constrained_pivot(const Word* D, const Word* E) const;
    int best_of(const Word* a, const Word* b) const;
    // Invariants checked by LIQUID_ASSERT in Debug and sanitizer builds.
    bool disjoint(const Word* I, const Word* D, const Word* E) const;
    bool is_team(const Word* team, bool full) const;

    const FissionTables& t_;
    std::vector<std::vector<Word>> levels_;
    std::vector<std::vector<int>> unc_levels_;
    std::vector<std::vector<int>> cand_levels_;
    std::size_t critical_width_ = 1;  // entries of each unc_levels_ / cand_levels_ level
    std::vector<int> critical_slot_;  // link -> place in the run's critical list, or -1
    // per-run state
    const EnumerationOptions* opt_ = nullptr;
    const int* weight_ = nullptr;
    int priority(int t) const;
    Budget* budget_ = nullptr;
    const TeamCallback* cb_ = nullptr;
    const std::vector<int>* critical_ = nullptr;
    EnumerationStats stats_;
    bool stop_ = false;
    // Plain: no skeleton; Skeleton / Extend: report §6.2 phase 1 / phase 2.
    enum class Phase { Plain, Skeleton, Extend };
    Phase phase_ = Phase::Plain;
    std::vector<Word> active_;  // this run's active transfers (the fullness check)
    std::vector<Word> rest_;    // phase 2's pool: the active transfers outside the skeleton
};

// Word-row helpers (W = words per row).
inline bool rows_intersect(const Word* a, const Word* b, int w) {
    for (int i = 0; i < w; ++i)
        if (a[i] & b[i]) return true;
    return false;
}
inline bool row_empty(const Word* a, int w) {
    for (int i = 0; i < w; ++i)
        if (a[i]) return false;
    return true;
}
/// Bits set in a & b. Out of line, with a POPCNT variant chosen at run time (fission.cpp):
/// on the baseline x86-64 instruction set std::popcount is a library call per word, which
/// took about a quarter of the fission search's time.
int row_and_count(const Word* a, const Word* b, int w);
inline void row_copy(Word* dst, const Word* src, int w) {
    for (int i = 0; i < w; ++i) dst[i] = src[i];
}
inline bool row_test(const Word* a, int i) { return (a[i >> 6] >> (i & 63)) & 1U; }
inline void row_set(Word* a, int i) { a[i >> 6] |= Word{1} << (i & 63); }
inline void row_reset(Word* a, int i) { a[i >> 6] &= ~(Word{1} << (i & 63)); }

}  // namespace liquid::sched
