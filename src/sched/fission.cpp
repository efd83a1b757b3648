// Fission of categories (report §5.2–5.5, §6.2): the engine that traverses full teams.
#include "sched/fission.hpp"

#include "liquid/base/deadline.hpp"
#include "liquid/base/huge_pages.hpp"
#include "liquid/base/stop.hpp"

#include <algorithm>
#include <bit>

#include "liquid/base/assert.hpp"

namespace liquid::sched {
namespace {

int and_count_portable(const Word* a, const Word* b, int w) {
    int c = 0;
    for (int i = 0; i < w; ++i) c += std::popcount(a[i] & b[i]);
    return c;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define LIQUID_POPCNT_DISPATCH 1
__attribute__((target("popcnt"))) int and_count_popcnt(const Word* a, const Word* b, int w) {
    int c = 0;
    for (int i = 0; i < w; ++i) c += __builtin_popcountll(a[i] & b[i]);
    return c;
}

bool cpu_has_popcnt() {
    __builtin_cpu_init();  // needed before constructors have run (this is one)
    return __builtin_cpu_supports("popcnt");
}

const bool kCpuHasPopcnt = cpu_has_popcnt();
#endif

}  // namespace

int row_and_count(const Word* a, const Word* b, int w) {
#ifdef LIQUID_POPCNT_DISPATCH
    if (kCpuHasPopcnt) return and_count_popcnt(a, b, w);
#endif
    return and_count_portable(a, b, w);
}

FissionTables::FissionTables(const Traffic& traffic, const std::vector<std::vector<int>>& virtual_links)
    : n_(traffic.size()), links_(traffic.link_count() + static_cast<int>(virtual_links.size())),
      real_links_(traffic.link_count()), w_(std::max(1, (traffic.size() + 63) / 64)) {
    assign_zeros_on_huge_pages(adj_, static_cast<std::size_t>(n_) * w_);
    assign_zeros_on_huge_pages(users_, static_cast<std::size_t>(links_) * w_);
    links_of_.resize(n_);
    for (int t = 0; t < n_; ++t) {
        traffic[t].links.for_each([&](std::size_t l) {
            links_of_[t].push_back(static_cast<int>(l));
            row_set(&users_[l * w_], t);
        });
    }
    // Two transfers congest when they share a link (report §4): OR of the link user rows.
    for (int t = 0; t < n_; ++t) {
        Word* row = &adj_[static_cast<std::size_t>(t) * w_];
        for (int l : links_of_[t]) {  // only real links so far
            const Word* u = users(l);
            for (int i = 0; i < w_; ++i) row[i] |= u[i];
        }
        row_reset(row, t);
    }
    for (std::size_t k = 0; k < virtual_links.size(); ++k) {
        const int l = real_links_ + static_cast<int>(k);
        for (int t : virtual_links[k]) {
            links_of_[t].push_back(l);
            row_set(&users_[static_cast<std::size_t>(l) * w_], t);
        }
    }
}

Budget::Budget(double time_limit_s, std::uint64_t node_limit, const std::atomic<bool>* stop)
    : start_(Clock::now()), has_deadline_(time_limit_s > 0), node_limit_(node_limit), stop_(stop) {
    deadline_ = start_ + steady_span(std::max(0.0, time_limit_s));
}

double Budget::elapsed_s() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

bool Budget::check() {
    if (expired_) return true;
    if ((stop_ && stop_->load(std::memory_order_relaxed)) || stop_requested()) expired_ = true;
    else if (has_deadline_ && Clock::now() >= deadline_) expired_ = true;
    return expired_;
}

bool Budget::node() {
    ++nodes_;
    if (node_limit_ && nodes_ + ticks_ > node_limit_) expired_ = true;
    return check();
}

// The node limit counts enumeration work too (one unit per category), so a search that
// spends its time enumerating categories under few nodes is still bounded by it.
bool Budget::tick() {
    if (expired_) return true;
    ++ticks_;
    if (node_limit_ && nodes_ + ticks_ > node_limit_) expired_ = true;
    if ((ticks_ & 255U) == 0) return check();
    return expired_;
}

bool FissionEngine::disjoint(const Word* I, const Word* D, const Word* E) const {
    const int w = t_.words();
    return !rows_intersect(I, D, w) && !rows_intersect(I, E, w) && !rows_intersect(D, E, w);
}

bool FissionEngine::is_team(const Word* team, bool full) const {
    // A simultaneity (no two members congest) that uses every critical link; full: every
    // active transfer left out congests with it.
    const int w = t_.words();
    if (full)
        for (int i = 0; i < w; ++i)
            for (Word bits = active_[static_cast<std::size_t>(i)] & ~team[i]; bits; bits &= bits - 1)
                if (!rows_intersect(t_.congestion(i * 64 + std::countr_zero(bits)), team, w)) return false;
    for (int i = 0; i < w; ++i)
        for (Word bits = team[i]; bits; bits &= bits - 1)
            if (rows_intersect(t_.congestion(i * 64 + std::countr_zero(bits)), team, w)) return false;
    for (int c : *critical_)
        if (!rows_intersect(t_.users(c), team, w)) return false;
    return true;
}

int FissionEngine::priority(int t) const {
    int p = 0;
    for (int l : t_.links_of(t)) p += weight_[l];
    return p;
}

int FissionEngine::best_of(const Word* a, const Word* b) const {
    // The highest-priority transfer of row a (AND b when given); ties: lowest index.
    const int w = t_.words();
    int best = -1, best_p = 0;
    for (int i = 0; i < w; ++i) {
        for (Word bits = b ? (a[i] & b[i]) : a[i]; bits; bits &= bits - 1) {
            int t = i * 64 + std::countr_zero(bits);
            if (!weight_) return t;
            int p = priority(t);
            if (best < 0 || p > best_p) best = t, best_p = p;
        }
    }
    return best;
}

bool FissionEngine::blank(const Word* D, const Word* E) const {
    // §5.4: an excluder transfer that congests with nothing left in the depot can never be
    // congested by a full simultaneity of this category: the coverage is empty.
    const int w = t_.words();
    for (int i = 0; i < w; ++i)
        for (Word bits = E[i]; bits; bits &= bits - 1)
            if (!rows_intersect(t_.congestion(i * 64 + std::countr_zero(bits)), D, w)) return true;
    return false;
}

int FissionEngine::pick_pivot(const int* unc, int nunc, const int* cand, const Word* D, const Word* E, bool& idle) const {
    idle = false;
    if (phase_ != Phase::Plain && nunc > 0) {
        // §6.2 phase 1: cover the critical links first, starting with the uncovered
        // critical link that has the fewest candidates; one without any makes the category
        // idle (§5.5).
        int best_c = -1, best_n = 0;
        for (int k = 0; k < nunc; ++k) {
            const int cnt = cand[critical_slot_[static_cast<std::size_t>(unc[k])]];
            LIQUID_ASSERT(cnt == row_and_count(t_.users(unc[k]), D, t_.words()), "fission: candidate counts follow the depot");
            if (cnt == 0) {
                if (opt_->idle_pruning) {
                    idle = true;
                    return -1;
                }
                continue;
            }
            if (best_c < 0 || cnt < best_n) best_c = unc[k], best_n = cnt;
        }
        if (best_c >= 0) return best_of(t_.users(best_c), D);
    } else if (phase_ == Phase::Plain && opt_->idle_pruning) {
        // §5.5: includer ∪ depot must still reach every critical link.
        for (int k = 0; k < nunc; ++k)
            if (cand[critical_slot_[static_cast<std::size_t>(unc[k])]] == 0) {
                idle = true;
                return -1;
            }
    }
    if (opt_->pivot == PivotRule::Constrained) {
        const int x = constrained_pivot(D, E);
        if (x >= 0) return x;
    }
    return best_of(D, nullptr);
}

int FissionEngine::constrained_pivot(const Word* D, const Word* E) const {
    // A depot transfer congesting with the excluder transfer that has the fewest such
    // candidates, so that a blank category (§5.4) shows up after the fewest fissions.
    // -1 when the excluder is empty or already blank.
    const int w = t_.words();
    int best_e = -1, best_n = 0;
    for (int i = 0; i < w; ++i)
        for (Word bits = E[i]; bits; bits &= bits - 1) {
            const int e = i * 64 + std::countr_zero(bits);
            const int cnt = row_and_count(t_.congestion(e), D, w);
            if (best_e < 0 || cnt < best_n) best_e = e, best_n = cnt;
        }
    return best_n > 0 ? best_of(t_.congestion(best_e), D) : -1;
}

bool FissionEngine::extend(std::size_t unc_at, std::size_t cand_at) {
    // §6.2 phase 2: the includer A of this singular category is a full team of the skeleton
    // S. Its extensions to full teams of X are the coverage of the category (A, depot = the
    // transfers of X \ S not congesting with A, ∅) within X: a transfer of S \ A congests
    // with A (A is full in S), so fullness only asks that every transfer of X \ S outside
    // the team congest with it; those congesting with A already do. A uses every critical
    // link, so there is nothing left to make idle (no idle checks); blank pruning applies.
    // Conversely, for a full team T of X, T ∩ S is a full team of S (a y ∈ S \ T uses a
    // critical link b, some t ∈ T uses b, so t ∈ S and y congests with t): exact, and each
    // full team of X comes from exactly one A.
    // The depot and the excluder are empty here (a singular category, nothing excluded).
    const int w = t_.words();
    const Word* I = includer();
    Word* D = depot();
    scratch_.assign(rest_.begin(), rest_.end());  // no allocation after the first run
    for (int i = 0; i < w; ++i)
        for (Word bits = I[i]; bits; bits &= bits - 1) {
            const Word* c = t_.congestion(i * 64 + std::countr_zero(bits));
            for (int j = 0; j < w; ++j) scratch_[static_cast<std::size_t>(j)] &= ~c[j];
        }
    const std::size_t mark = trail_.size();
    for (int i = 0; i < w; ++i)
        if (scratch_[static_cast<std::size_t>(i)] != D[i]) change(D, i, scratch_[static_cast<std::size_t>(i)]);
    // With an empty depot the extension is A itself, the singular category phase 1 just
    // reached: it is not counted a second time.
    if (!row_empty(D, w)) ++stats_.categories;
    phase_ = Phase::Extend;
    const bool go_on = visit(unc_at, 0, cand_at);
    phase_ = Phase::Skeleton;
    if (go_on) undo_to(mark);
    return go_on;
}

bool FissionEngine::visit(std::size_t unc_at, int nunc, std::size_t cand_at) {
    const int w = t_.words();
    Word* I = includer();
    Word* D = depot();
    Word* E = excluder();
    for (;;) {
        if ((budget_ && budget_->tick()) || (opt_->max_categories && stats_.categories > opt_->max_categories)) {
            stop_ = stats_.stopped = true;
            return false;
        }
        LIQUID_ASSERT(disjoint(I, D, E), "fission: includer, depot and excluder are disjoint (report §5.2)");
        if (row_empty(D, w)) {
            // §5.3 singular category: the includer is full iff nothing is left excluded.
            // Teams (options.full false, ICON'04 §7.1–7.2) need not be full, but a frame
            // is never empty.
            if ((opt_->full ? row_empty(E, w) : !row_empty(I, w)) && nunc == 0) {
                if (phase_ == Phase::Skeleton) return extend(unc_at, cand_at);  // §6.2: on to phase 2
                LIQUID_ASSERT(is_team(I, opt_->full), "fission: a team is a simultaneity using every critical link");
                ++stats_.full_teams;
                if (!(*cb_)(I)) {
                    stop_ = stats_.stopped = true;
                    return false;
                }
            }
            return true;
        }
        if (opt_->blank_pruning && opt_->full && blank(D, E)) return true;
        bool idle = false;
        const int x = pick_pivot(uncovered_.data() + unc_at, nunc, candidates_.data() + cand_at, D, E, idle);
        if (idle) return true;
        // R+x and its subtree, undone; then R−x in place, and the loop goes on (report §5.2).
        const std::size_t mark = trail_.size(), child_at = unc_at + static_cast<std::size_t>(nunc);
        const std::size_t child_cand = cand_at + (nunc > 0 ? critical_->size() : 0);
        const int n2 = include(x, unc_at, nunc, cand_at, child_at, child_cand);
        ++stats_.categories;
        if (!visit(child_at, n2, child_cand)) return false;
        undo_to(mark);
        exclude(x, nunc > 0 ? candidates_.data() + cand_at : nullptr);
        ++stats_.categories;
    }
}

int FissionEngine::include(int x, std::size_t unc_at, int nunc, std::size_t cand_at, std::size_t child_at,
                           std::size_t child_cand) {
    const int w = t_.words();
    Word* I = includer();
    Word* D = depot();
    Word* E = excluder();
    if (uncovered_.size() < child_at + static_cast<std::size_t>(nunc))
        uncovered_.resize(child_at + static_cast<std::size_t>(nunc));
    int n2 = 0;
    for (int k = 0; k < nunc; ++k) {
        const int c = uncovered_[unc_at + static_cast<std::size_t>(k)];
        if (!row_test(t_.users(c), x)) uncovered_[child_at + static_cast<std::size_t>(n2++)] = c;
    }
    // Candidate counts matter only while critical links are uncovered.
    int* cand2 = nullptr;
    if (n2 > 0) {
        const std::size_t width = critical_->size();
        if (candidates_.size() < child_cand + width) candidates_.resize(child_cand + width);
        cand2 = candidates_.data() + child_cand;
        std::copy_n(candidates_.data() + cand_at, width, cand2);
    }
    // x itself moves without the trail (exclude() finishes the move), before the words the
    // trail keeps: restored, they never bring x back into the depot.
    row_set(I, x);
    row_reset(D, x);
    if (cand2) drop_candidates(x, cand2);
    const Word* cx = t_.congestion(x);
    for (int i = 0; i < w; ++i) {
        if (const Word gone = D[i] & cx[i]) {
            if (cand2)
                for (Word bits = gone; bits; bits &= bits - 1) drop_candidates(i * 64 + std::countr_zero(bits), cand2);
            change(D, i, D[i] & ~gone);
        }
        if (E[i] & cx[i]) change(E, i, E[i] & ~cx[i]);
    }
    return n2;
}

void FissionEngine::exclude(int x, int* cand) {
    // x left the depot in include(); it leaves the includer and joins the excluder.
    row_reset(includer(), x);
    row_set(excluder(), x);
    if (cand) drop_candidates(x, cand);
    trail_.push_back({0, static_cast<std::uint32_t>(x), Change::Excluded});
}

void FissionEngine::change(Word* row, int i, Word value) {
    Word& word = row[i];
    trail_.push_back({word, static_cast<std::uint32_t>(&word - rows_.data()), Change::Word});
    word = value;
}

void FissionEngine::undo_to(std::size_t mark) {
    Word* D = depot();
    Word* E = excluder();
    for (std::size_t k = trail_.size(); k > mark;) {
        const Undo& u = trail_[--k];
        if (u.change == Change::Word) {
            rows_[u.at] = u.old;
        } else {
            row_set(D, static_cast<int>(u.at));
            row_reset(E, static_cast<int>(u.at));
        }
    }
    trail_.resize(mark);
}

void FissionEngine::drop_candidates(int t, int* cand) const {
    for (int l : t_.links_of(t)) {
        const int k = critical_slot_[static_cast<std::size_t>(l)];
        if (k >= 0) --cand[k];
    }
}

EnumerationStats FissionEngine::run(const Word* active, const std::vector<int>& critical, const EnumerationOptions& options,
                                    const int* link_weight, Budget* budget, const TeamCallback& on_team) {
    const int w = t_.words();
    opt_ = &options;
    weight_ = link_weight;
    budget_ = budget;
    cb_ = &on_team;
    critical_ = &critical;
    stats_ = {};
    stop_ = false;
    if (t_.transfers() == 0 || row_empty(active, w)) return stats_;
    // The prim-category (∅, X, ∅) of report §5.1. No allocation after the first run.
    rows_.assign(static_cast<std::size_t>(3) * w, 0);
    trail_.clear();
    Word* D = depot();
    for (int i = 0; i < w; ++i) D[i] = active[i];
    const int nunc = static_cast<int>(critical.size());
    if (uncovered_.size() < critical.size()) uncovered_.resize(critical.size());
    std::copy(critical.begin(), critical.end(), uncovered_.begin());
    phase_ = Phase::Plain;
    active_.assign(active, active + w);
    if (options.skeleton && options.full && nunc > 0) {
        // §6.2 phase 1 works on the prim-category (∅, S, ∅) of the skeleton S: the active
        // transfers using a critical link. The rest waits for phase 2 (extend()).
        rest_.assign(static_cast<std::size_t>(w), 0);
        for (int i = 0; i < w; ++i) D[i] = 0;
        for (int c : critical) {
            const Word* u = t_.users(c);
            for (int i = 0; i < w; ++i) D[i] |= u[i];
        }
        for (int i = 0; i < w; ++i) {
            D[i] &= active[i];
            rest_[static_cast<std::size_t>(i)] = active[i] & ~D[i];
        }
        phase_ = Phase::Skeleton;
    }
    // critical_slot_ is -1 outside a run; set for this run's critical links, reset after.
    critical_slot_.resize(static_cast<std::size_t>(t_.links()), -1);
    if (candidates_.size() < critical.size()) candidates_.resize(critical.size());
    for (std::size_t k = 0; k < critical.size(); ++k) {
        critical_slot_[static_cast<std::size_t>(critical[k])] = static_cast<int>(k);
        candidates_[k] = row_and_count(t_.users(critical[k]), D, w);
    }
    stats_.categories = 1;
    visit(0, nunc, 0);
    for (int c : critical) critical_slot_[static_cast<std::size_t>(c)] = -1;
    return stats_;
}

}  // namespace liquid::sched
