#pragma once
// Depth-first schedule construction over full teams of the remaining traffic
// (report §7.2–7.4, App. C–D), generalised to a target length L:
// with R frames left, every link whose remaining load equals R is *critical* and must be
// used by the next frame; a link loaded above R proves a dead end. With L = Λ the
// critical links are exactly the bottlenecks of the remaining traffic (§7.3, "newly
// emerging bottlenecks"), so this is the papers' liquid search.
//
// The earlier strategies of ICON'04 (options.strategy) try more frames: every team of the
// remaining traffic (§7.2), or every team of the original traffic left in it (§7.1: the
// root's critical links only, and no dead end until no such team is left).
//
// Exact additions of ours (each keeps the search complete):
//  * interchangeable transfers (identical link sets) are taken in index order, so
//    permutations of twins among frames are explored once;
//  * cliques of the congestion graph act as virtual links (a lower bound stronger than Λ
//    at every node, and more critical "links" for the idle pruning);
//  * failed sub-traffics are memoised: (remaining set, frames left R) that failed fails
//    again, and so does any R' <= R (kept across the targets L of one search object).
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "liquid/base/deadline.hpp"
#include "liquid/sched/full_teams.hpp"
#include "liquid/sched/schedule.hpp"
#include "sched/fission.hpp"

namespace liquid::sched {

struct FrameSearchOptions {
    /// Which frames the search tries next (Gabrielyan & Hersch, ICON'04, §7.1–7.3); every
    /// strategy is complete, they differ in how many candidates they try.
    SearchStrategy strategy = SearchStrategy::FullTeams;
    /// Pivot rule of the full-team (or team) enumeration at each node.
    PivotRule pivot = PivotRule::Constrained;
    bool symmetry_breaking = true;
    bool memo = true;
    std::size_t memo_bytes = std::size_t{64} << 20;  // memo capacity; full = stop inserting
    /// Cliques of the congestion graph used as virtual links (lower_bounds.hpp): a clique
    /// with more members left than frames left is a dead end; with exactly as many it is
    /// critical. 0 = none.
    std::size_t clique_links = 4096;
    /// Grow the clique links from at most this many transfers (0 = as many as the deadline
    /// allows): a bound that does not depend on the machine's speed.
    std::size_t clique_seeds = 0;
    /// At every node, a greedy clique of the remaining traffic (vertices by remaining
    /// degree) larger than the frames left is a dead end.
    /// Off by default: on ring arcs it cuts nodes 3-5x but not the time, and it costs
    /// O(n^2/64) per node on large traffics.
    bool dynamic_clique = false;
    /// Bounds the construction (the clique links); decide() has its own budget.
    Deadline deadline;
};

/// The frame search's bitset tables are quadratic in the transfers and built without
/// deadline checks: beyond this size their construction alone takes seconds.
inline constexpr int kFrameSearchTransfersMax = 16384;

/// Memory of a frame search deciding L frames: congestion rows (twice while its clique
/// links are built), link user rows, per-frame arenas, the failure memo.
std::uint64_t frame_search_memory_bytes(const Traffic& traffic, int L);

class FrameSearch {
public:
    enum class Outcome { Found, Exhausted, Stopped };

    FrameSearch(const Traffic& traffic, FrameSearchOptions options = {});

    /// Is there a schedule of at most L frames? Found: `out` holds it (verified by the caller).
    /// Exhausted: proof that none exists. Stopped: the budget expired first.
    Outcome decide(int L, Budget& budget, Schedule* out);

    std::uint64_t categories() const { return categories_; }
    std::uint64_t full_teams() const { return full_teams_; }
    std::uint64_t nodes() const { return nodes_; }
    std::uint64_t memo_hits() const { return memo_hits_; }

private:
    struct RowHash {
        std::size_t operator()(const std::vector<Word>& r) const;
    };
    bool dfs(int depth, int frames_left);
    Word* rem(int depth) { return &rem_arena_[static_cast<std::size_t>(depth) * w_]; }
    Word* frame(int depth) { return &frame_arena_[static_cast<std::size_t>(depth) * w_]; }
    void apply(const Word* team, int delta);
    int greedy_clique(const Word* remaining, int limit);

    FissionTables tables_;
    FrameSearchOptions options_;
    EnumerationOptions enum_options_;
    int n_, w_, links_;
    std::vector<int> twin_prev_;  // previous transfer with the identical link set, or -1
    std::vector<int> load_;       // live remaining load per link
    std::vector<Word> rem_arena_, frame_arena_, active_arena_;
    std::vector<std::vector<int>> critical_;
    std::vector<int> root_critical_;  // OriginalTeams: the critical links at the root
    std::vector<std::unique_ptr<FissionEngine>> engines_;
    std::unordered_map<std::vector<Word>, int, RowHash> failed_;  // remaining set -> largest R that failed
    std::size_t memo_cap_ = 0;
    std::vector<Word> key_, cand_;
    Budget* budget_ = nullptr;
    bool stopped_ = false;
    std::uint64_t categories_ = 0, full_teams_ = 0, nodes_ = 0, memo_hits_ = 0;
};

}  // namespace liquid::sched
