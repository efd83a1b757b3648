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
// Hot-path layout: one includer, depot and excluder row per engine, changed in place. R+x
// and R−x record each word they change on an undo trail, and returning from a child
// category restores them (as a SAT solver's trail does), so steady-state enumeration does
// no heap allocation per category. A frame search keeps one engine per frame, each paused
// at a leaf of its fission tree (about a team's size deep): with rows copied per depth
// that was ~100 MB per search on 128-host fragments (16 256 transfers), and first touching
// it took much of a dive's time. Measured on 128 hosts of a 342-host dragonfly and of an
// 8 x 8 HyperX: one descent in 0.35-0.68 s instead of 0.75-0.88 s, 91 MB at the peak
// instead of 186; the same nodes, categories and schedules.
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
/// critical links. Reusable: call run() many times; its rows, trail and stacks are kept.
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
    /// One change on the trail: a row word (`at` indexes rows_) and its value before, or a
    /// transfer `at` that R−x moved from the depot to the excluder.
    enum class Change : std::uint32_t { Word, Excluded };
    struct Undo {
        Word old;
        std::uint32_t at;
        Change change;
    };
    Word* includer() { return rows_.data(); }
    Word* depot() { return rows_.data() + t_.words(); }
    Word* excluder() { return rows_.data() + 2 * static_cast<std::size_t>(t_.words()); }
    /// Sets `row`[i] to `value`, recording the old word on the trail.
    void change(Word* row, int i, Word value);
    /// Restores every word changed since the trail had `mark` entries.
    void undo_to(std::size_t mark);
    // Per critical link (indexed by its place in the run's critical list), the depot
    // transfers using it: phase 1 picks the uncovered critical link with the fewest, and
    // counting them afresh took most of a deep dive's time (every uncovered link, every
    // word, every category); the counts follow the depot instead. A stack of one array per
    // open category with uncovered critical links: copying the parent's (a few hundred
    // ints) is cheaper than counting the transfers a child removed back in on return.
    void drop_candidates(int t, int* cand) const;
    bool visit(std::size_t unc_at, int nunc, std::size_t cand_at);
    /// R+x (§5.2): x joins the includer; everything congesting with x leaves the depot and
    /// the excluder (on the trail). Returns how many critical links the child leaves
    /// uncovered: its list at `child_at` (after this category's on the stack), its counts
    /// at `child_cand`.
    int include(int x, std::size_t unc_at, int nunc, std::size_t cand_at, std::size_t child_at, std::size_t child_cand);
    /// R−x (§5.2) after the child category returned: x moves to the excluder, on the trail;
    /// `cand` (null where no critical link is uncovered) no longer counts it.
    void exclude(int x, int* cand);
    bool extend(std::size_t unc_at, std::size_t cand_at);
    bool blank(const Word* D, const Word* E) const;
    int pick_pivot(const int* unc, int nunc, const int* cand, const Word* D, const Word* E, bool& idle) const;
    int constrained_pivot(const Word* D, const Word* E) const;
    int best_of(const Word* a, const Word* b) const;
    // Invariants checked by LIQUID_ASSERT in Debug and sanitizer builds.
    bool disjoint(const Word* I, const Word* D, const Word* E) const;
    bool is_team(const Word* team, bool full) const;

    const FissionTables& t_;
    std::vector<Word> rows_;  // includer, depot, excluder
    std::vector<Undo> trail_;
    std::vector<int> uncovered_;      // a stack of each open category's uncovered critical links
    std::vector<int> candidates_;     // a stack of candidate counts per critical link of the run
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
    std::vector<Word> active_;   // this run's active transfers (the fullness check)
    std::vector<Word> rest_;     // phase 2's pool: the active transfers outside the skeleton
    std::vector<Word> scratch_;  // phase 2's depot while it is built
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
