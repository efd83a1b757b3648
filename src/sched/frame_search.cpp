// Liquid / target-length schedule search (report §7).
#include "sched/frame_search.hpp"

#include <algorithm>
#include <functional>
#include <map>

#include "liquid/base/deep_stack.hpp"
#include "liquid/sched/lower_bounds.hpp"

namespace liquid::sched {
namespace {

/// The search recurses once per transfer it places (fission.hpp: R+x) and once per frame
/// (dfs, the enumeration's callback): 3-4 MB of stack for 16 256 transfers in a Release
/// build. Up to this many transfers (under 1 MB) it runs on the caller's stack; above, on
/// a stack of its own of kDeepStackPerTransfer per transfer (about ten times the need,
/// room for sanitizer builds' larger frames), at least kDeepStackMin.
constexpr int kShallowTransfers = 2048;
constexpr std::size_t kDeepStackPerTransfer = 4096;
constexpr std::size_t kDeepStackMin = std::size_t{16} << 20;

}  // namespace

std::uint64_t frame_search_memory_bytes(const Traffic& traffic, int L) {
    const auto n = static_cast<std::uint64_t>(traffic.size());
    const std::uint64_t row = (n + 63) / 64 * 8;
    return 3 * n * row + static_cast<std::uint64_t>(traffic.link_count() + 3 * L + 4096) * row + (std::uint64_t{64} << 20);
}

std::size_t FrameSearch::RowHash::operator()(const std::vector<Word>& r) const {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (Word x : r) {
        h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdULL;
    }
    return static_cast<std::size_t>(h ^ (h >> 33));
}

FrameSearch::FrameSearch(const Traffic& traffic, FrameSearchOptions options)
    : tables_(traffic, virtual_link_cliques(traffic, options.clique_links, options.deadline, options.clique_seeds)),
      options_(options), n_(traffic.size()), w_(tables_.words()), links_(tables_.links()) {
    twin_prev_.assign(n_, -1);
    if (options_.symmetry_breaking) {
        std::map<std::vector<int>, int> last;  // link list -> latest transfer with it
        for (int t = 0; t < n_; ++t) {
            std::vector<int> real;  // identity by the real links (virtual cliques follow them)
            for (int l : tables_.links_of(t))
                if (l < tables_.real_links()) real.push_back(l);
            auto [it, inserted] = last.try_emplace(std::move(real), t);
            if (!inserted) twin_prev_[t] = it->second, it->second = t;
        }
    }
    memo_cap_ = options_.memo_bytes / (static_cast<std::size_t>(w_) * sizeof(Word) + 64);
    key_.assign(w_, 0);
    enum_options_.pivot = options_.pivot;
    // §7.1 and §7.2 choose among all teams, full or not (fission.hpp: no blank pruning).
    enum_options_.full = options_.strategy == SearchStrategy::FullTeams;
}

void FrameSearch::apply(const Word* team, int delta) {
    for (int i = 0; i < w_; ++i)
        for (Word bits = team[i]; bits; bits &= bits - 1)
            for (int l : tables_.links_of(i * 64 + std::countr_zero(bits))) load_[l] += delta;
}

int FrameSearch::greedy_clique(const Word* remaining, int limit) {
    // Repeatedly take the candidate with the most candidate neighbours; stop early once the
    // clique exceeds `limit` (that already proves the dead end).
    cand_.assign(remaining, remaining + w_);
    int size = 0;
    while (!row_empty(cand_.data(), w_) && size <= limit) {
        int best = -1, best_deg = -1;
        for (int i = 0; i < w_; ++i)
            for (Word bits = cand_[i]; bits; bits &= bits - 1) {
                const int t = i * 64 + std::countr_zero(bits);
                const int d = row_and_count(tables_.congestion(t), cand_.data(), w_);
                if (d > best_deg) best = t, best_deg = d;
            }
        ++size;
        const Word* adj = tables_.congestion(best);
        for (int i = 0; i < w_; ++i) cand_[i] &= adj[i];
    }
    return size;
}

FrameSearch::Outcome FrameSearch::decide(int L, Budget& budget, Schedule* out) {
    budget_ = &budget;
    stopped_ = false;
    const std::size_t levels = static_cast<std::size_t>(std::max(L, 0)) + 2;
    rem_arena_.assign(levels * w_, 0);
    frame_arena_.assign(levels * w_, 0);
    active_arena_.assign(levels * w_, 0);
    critical_.resize(levels);
    root_critical_.clear();
    load_.assign(links_, 0);
    for (int t = 0; t < n_; ++t) {
        row_set(rem(0), t);
        for (int l : tables_.links_of(t)) ++load_[l];
    }
    if (n_ == 0) {
        if (out) out->frames.clear();
        return Outcome::Found;
    }
    int depth_found = -1;
    bool found = false;
    const std::function<void()> search = [&] { found = dfs(0, L); };
    if (n_ <= kShallowTransfers) search();
    else run_on_deep_stack(std::max(kDeepStackMin, kDeepStackPerTransfer * static_cast<std::size_t>(n_)), search);
    if (found) {
        depth_found = 0;
        if (out) {
            out->frames.clear();
            for (int d = 0; d < L && !row_empty(frame(d), w_); ++d) {
                out->frames.emplace_back();
                for (int i = 0; i < w_; ++i)
                    for (Word bits = frame(d)[i]; bits; bits &= bits - 1)
                        out->frames.back().push_back(i * 64 + std::countr_zero(bits));
            }
        }
    }
    if (depth_found == 0) return Outcome::Found;
    return stopped_ ? Outcome::Stopped : Outcome::Exhausted;
}

bool FrameSearch::dfs(int depth, int frames_left) {
    Word* R = rem(depth);
    if (row_empty(R, w_)) {
        row_copy(frame(depth), R, w_);  // empty frame marks the end of the schedule
        return true;
    }
    if (frames_left <= 0) return false;
    // A link loaded above the frames left is a dead end; links loaded exactly R are critical.
    std::vector<int>& critical = critical_[depth];
    critical.clear();
    if (options_.strategy == SearchStrategy::OriginalTeams) {
        // §7.1: frames are teams of the original traffic, i.e. they use the root's critical
        // links; newly emerging bottlenecks are ignored (they end in a dead end later).
        if (depth == 0)
            for (int l = 0; l < links_; ++l)
                if (load_[l] == frames_left) root_critical_.push_back(l);
        critical = root_critical_;
    } else {
        for (int l = 0; l < links_; ++l) {
            if (load_[l] > frames_left) return false;
            if (load_[l] == frames_left) critical.push_back(l);
        }
    }
    if (options_.dynamic_clique && greedy_clique(R, frames_left) > frames_left) return false;
    if (options_.memo) {
        key_.assign(R, R + w_);
        auto it = failed_.find(key_);
        if (it != failed_.end() && it->second >= frames_left) {
            ++memo_hits_;
            return false;
        }
    }
    ++nodes_;
    if (budget_->node()) {
        stopped_ = true;
        return false;
    }
    // Only the first remaining transfer of each twin class may enter the frame.
    Word* active = &active_arena_[static_cast<std::size_t>(depth) * w_];
    row_copy(active, R, w_);
    if (options_.symmetry_breaking)
        for (int i = 0; i < w_; ++i)
            for (Word bits = R[i]; bits; bits &= bits - 1) {
                const int t = i * 64 + std::countr_zero(bits);
                if (twin_prev_[t] >= 0 && row_test(R, twin_prev_[t])) row_reset(active, t);
            }
    bool found = false;
    while (static_cast<int>(engines_.size()) <= depth) engines_.push_back(std::make_unique<FissionEngine>(tables_));
    FissionEngine& engine = *engines_[depth];
    // App. D: a schedule exists iff one exists whose next frame is a full team of the remainder.
    const EnumerationStats st = engine.run(active, critical, enum_options_, load_.data(), budget_, [&](const Word* team) {
        row_copy(frame(depth), team, w_);
        Word* next = rem(depth + 1);
        for (int i = 0; i < w_; ++i) next[i] = R[i] & ~team[i];
        apply(team, -1);
        found = dfs(depth + 1, frames_left - 1);
        apply(team, +1);
        return !found && !stopped_;
    });
    categories_ += st.categories;
    full_teams_ += st.full_teams;
    if (found) return true;
    if (budget_->expired()) stopped_ = true;
    if (stopped_) return false;
    if (options_.memo && failed_.size() < memo_cap_) {
        key_.assign(R, R + w_);
        int& v = failed_[key_];
        v = std::max(v, frames_left);
    }
    return false;
}

}  // namespace liquid::sched
