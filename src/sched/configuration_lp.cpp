// The configuration LP of a weighted traffic: one column per non-congesting set S of
// transfers (a frame), x_S its duration; minimise Σ x_S subject to Σ_{S∋t} x_S >= time of t
// (its bytes over its slowest link). Columns are generated: the duals y_t price a
// max-weight simultaneity (a non-congesting set maximising Σ y_t); a set worth more than 1
// enters. On a crossbar the pricing is a maximum-weight matching (exact, so the LP value is
// a lower bound); elsewhere it is greedy, so the value is only an upper bound. Without
// frame overhead and minimum piece, the LP optimum is the best split schedule; the
// rounding below gives whole bytes to the frames in decreasing duration order (a frame
// grows by at most a byte, plus what the LP's feasibility tolerance leaves).
#include <glpk.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>

#include "liquid/base/deadline.hpp"
#include "liquid/traffic/byte_load.hpp"
#include "sched/bipartite_matching.hpp"
#include "sched/weighted_methods.hpp"

namespace liquid::sched {
namespace {

constexpr int kMaxIterations = 5000;
constexpr double kEntryWorth = 1 + 1e-9;
// Column generation tails off: it stops when kStall rounds improved the value by less than
// kStallGain (relative); the LP is then not solved to optimality (its value is no bound).
constexpr int kStall = 100;
constexpr double kStallGain = 1e-4;

using Problem = std::unique_ptr<glp_prob, void (*)(glp_prob*)>;

void add_column(glp_prob* lp, const std::vector<int>& set) {
    const int j = glp_add_cols(lp, 1);
    glp_set_col_bnds(lp, j, GLP_LO, 0, 0);
    glp_set_obj_coef(lp, j, 1.0);
    std::vector<int> idx(1, 0);
    std::vector<double> val(1, 0.0);
    for (int x : set) idx.push_back(x + 1), val.push_back(1.0);
    glp_set_mat_col(lp, j, static_cast<int>(set.size()), idx.data(), val.data());
}

/// Greedy max-weight simultaneity: transfers in `order`, each joins if it congests none.
std::vector<int> greedy_set(const Traffic& t, const std::vector<int>& order, const std::vector<double>& y) {
    std::vector<char> busy(static_cast<std::size_t>(t.link_count()), 0);
    std::vector<int> set;
    for (int x : order) {
        if (y[static_cast<std::size_t>(x)] <= 0) break;
        bool free = true;
        t[x].links.for_each([&](std::size_t l) { free = free && !busy[l]; });
        if (!free) continue;
        t[x].links.for_each([&](std::size_t l) { busy[l] = 1; });
        set.push_back(x);
    }
    return set;
}

double worth(const std::vector<int>& set, const std::vector<double>& y) {
    double w = 0;
    for (int x : set) w += y[static_cast<std::size_t>(x)];
    return w;
}

/// Exact pricing on a crossbar: per cell the transfer of largest dual, then a
/// maximum-weight matching.
std::vector<int> matching_set(const CrossbarDemand& d, const std::vector<double>& y) {
    const auto n = static_cast<std::size_t>(d.n);
    std::vector<double> w(n * n, 0);
    std::vector<int> pick(n * n, -1);
    for (std::size_t c = 0; c < n * n; ++c)
        for (int x : d.transfers[c])
            if (y[static_cast<std::size_t>(x)] > w[c]) w[c] = y[static_cast<std::size_t>(x)], pick[c] = x;
    const std::vector<int> match = max_weight_matching(d.n, w);
    std::vector<int> set;
    for (std::size_t i = 0; i < n; ++i)
        if (match[i] >= 0 && pick[i * n + static_cast<std::size_t>(match[i])] >= 0)
            set.push_back(pick[i * n + static_cast<std::size_t>(match[i])]);
    return set;
}

/// Candidate columns for duals y: the exact matching on a crossbar, else greedy sets by
/// dual and by dual per link.
std::vector<std::vector<int>> price(const Traffic& t, const std::optional<CrossbarDemand>& crossbar,
                                    const std::vector<double>& y) {
    if (crossbar) return {matching_set(*crossbar, y)};
    std::vector<int> by_dual(static_cast<std::size_t>(t.size()));
    std::iota(by_dual.begin(), by_dual.end(), 0);
    std::vector<int> per_link = by_dual;
    std::stable_sort(by_dual.begin(), by_dual.end(),
                     [&](int a, int b) { return y[static_cast<std::size_t>(a)] > y[static_cast<std::size_t>(b)]; });
    auto density = [&](int x) { return y[static_cast<std::size_t>(x)] / static_cast<double>(t[x].links.count()); };
    std::stable_sort(per_link.begin(), per_link.end(), [&](int a, int b) { return density(a) > density(b); });
    return {greedy_set(t, by_dual, y), greedy_set(t, per_link, y)};
}

}  // namespace

WeightedSchedule round_columns(const WeightedProblem& p, const std::vector<std::vector<int>>& sets,
                               const std::vector<double>& seconds) {
    const Traffic& t = *p.traffic;
    std::vector<int> order(sets.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return seconds[static_cast<std::size_t>(a)] > seconds[static_cast<std::size_t>(b)]; });
    std::vector<std::int64_t> left(static_cast<std::size_t>(t.size()));
    for (int x = 0; x < t.size(); ++x) left[static_cast<std::size_t>(x)] = transfer_bytes(t[x]);
    WeightedSchedule s;
    std::vector<std::pair<int, int>> largest(static_cast<std::size_t>(t.size()), {-1, -1});
    for (int c : order) {
        WeightedFrame f;
        for (int x : sets[static_cast<std::size_t>(c)]) {
            auto& rest = left[static_cast<std::size_t>(x)];
            const double capacity = std::ceil(seconds[static_cast<std::size_t>(c)] * transfer_rate(t, p.rates, x) - 1e-6);
            const std::int64_t b = std::min<std::int64_t>(rest, static_cast<std::int64_t>(std::max(0.0, capacity)));
            if (b <= 0) continue;
            rest -= b;
            if (largest[static_cast<std::size_t>(x)].first < 0)
                largest[static_cast<std::size_t>(x)] = {s.length(), static_cast<int>(f.pieces.size())};
            f.pieces.push_back({x, b});
        }
        if (!f.pieces.empty()) s.frames.push_back(std::move(f));
    }
    for (int x = 0; x < t.size(); ++x) {
        const std::int64_t rest = left[static_cast<std::size_t>(x)];
        if (rest == 0) continue;
        const auto [f, k] = largest[static_cast<std::size_t>(x)];
        if (f < 0) s.frames.push_back({{{x, rest}}, 0});
        else s.frames[static_cast<std::size_t>(f)].pieces[static_cast<std::size_t>(k)].bytes += rest;
    }
    repair_small_pieces(p, s);
    return s;
}

ConfigurationLp configuration_lp(const WeightedProblem& p, const std::vector<std::vector<int>>& seed_frames,
                                 const std::optional<CrossbarDemand>& crossbar, WeightedClock::time_point deadline) {
    const Traffic& t = *p.traffic;
    ConfigurationLp out;
    // Durations in units of the longest transfer time keep the LP well scaled.
    std::vector<double> need(static_cast<std::size_t>(t.size()));
    double unit = 0;
    for (int x = 0; x < t.size(); ++x) {
        need[static_cast<std::size_t>(x)] = transfer_seconds(p, x);
        unit = std::max(unit, need[static_cast<std::size_t>(x)]);
    }
    for (double& n : need) n /= unit;
    glp_term_out(GLP_OFF);  // the library never prints
    Problem problem(glp_create_prob(), glp_delete_prob);
    glp_prob* lp = problem.get();
    glp_set_obj_dir(lp, GLP_MIN);
    glp_add_rows(lp, t.size());
    for (int x = 0; x < t.size(); ++x) glp_set_row_bnds(lp, x + 1, GLP_LO, need[static_cast<std::size_t>(x)], 0);
    std::vector<std::vector<int>> sets;
    for (const auto& f : seed_frames)
        if (!f.empty()) add_column(lp, f), sets.push_back(f);
    glp_smcp params;
    glp_init_smcp(&params);
    params.msg_lev = GLP_MSG_OFF;
    std::vector<double> y(static_cast<std::size_t>(t.size())), x_last;
    double value_last = 0, stall_value = std::numeric_limits<double>::infinity();
    int stalled = 0;
    bool converged = false;
    for (; out.iterations < kMaxIterations && !reached(deadline); ++out.iterations) {
        const auto ms_left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - WeightedClock::now()).count();
        params.tm_lim = static_cast<int>(std::clamp<long long>(ms_left, 1, 1LL << 30));
        if (glp_simplex(lp, &params) != 0 || glp_get_status(lp) != GLP_OPT) break;
        out.solved = true;
        value_last = glp_get_obj_val(lp);
        if (value_last < stall_value * (1 - kStallGain)) stall_value = value_last, stalled = 0;
        else if (++stalled >= kStall) break;
        x_last.resize(sets.size());
        for (std::size_t c = 0; c < sets.size(); ++c) x_last[c] = glp_get_col_prim(lp, static_cast<int>(c) + 1);
        for (int x = 0; x < t.size(); ++x) y[static_cast<std::size_t>(x)] = glp_get_row_dual(lp, x + 1);
        bool entered = false;
        for (auto& set : price(t, crossbar, y))
            if (worth(set, y) > kEntryWorth) add_column(lp, set), sets.push_back(std::move(set)), entered = true;
        if (!entered) {
            converged = true;
            break;
        }
    }
    if (!out.solved) return out;
    // The last solved LP (columns priced after it have no duration yet).
    std::vector<std::vector<int>> used;
    std::vector<double> used_seconds;
    for (std::size_t c = 0; c < x_last.size(); ++c)
        if (x_last[c] > 1e-12) used.push_back(sets[c]), used_seconds.push_back(x_last[c] * unit);
    out.value_s = value_last * unit;
    out.exact = converged && crossbar.has_value();
    out.columns = static_cast<int>(sets.size());
    out.schedule = round_columns(p, used, used_seconds);
    return out;
}

}  // namespace liquid::sched
