// The unit split: every transfer is cut into k equal pieces of at most one quantum q of
// time; the pieces, each one unit, form a traffic of equal transfers that the uniform
// engine schedules, and frame f of its schedule is weighted frame f (each lasting at most
// q). Link l then carries Σ k pieces, so a liquid schedule of the pieces lasts
// max_l Σ_{x∋l} ⌈time(x)/q⌉ · q: exactly T* when every transfer's time is a multiple of q,
// which the quantum is chosen for (the greatest common divisor of the sizes on one rate),
// and within one quantum per transfer on the bottleneck otherwise.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/byte_load.hpp"
#include "sched/weighted_methods.hpp"

namespace liquid::sched {
namespace {

/// A quantum rounds the most loaded link up by at most T* / kLossShare (see finest_quantum).
constexpr double kLossShare = 64;

/// The pieces a transfer is cut into for quantum q: enough that none lasts more than q,
/// but none below the minimum piece.
std::int64_t piece_count(const WeightedProblem& p, int x, double quantum_s) {
    const std::int64_t bytes = transfer_bytes((*p.traffic)[x]);
    const double pieces = std::ceil(transfer_seconds(p, x) / quantum_s * (1 - 1e-12));
    return std::clamp<std::int64_t>(static_cast<std::int64_t>(pieces), 1, std::max<std::int64_t>(1, bytes / p.min_piece));
}

/// The finest quantum: on one rate, the greatest common divisor of the sizes (no rounding
/// at all) when that makes at most max_units pieces. Else the shortest multiple of it (any
/// time on several rates) that makes at most max_units pieces and rounds the most loaded
/// link up by at most 1/64 of T* (each transfer gains less than a quantum, a link at most Λ
/// of them); finer pieces would cost time for less than that.
double finest_quantum(const WeightedProblem& p, std::int64_t max_units) {
    const Traffic& t = *p.traffic;
    double total_s = 0;
    std::int64_t divisor = 0;
    bool one_rate = true;
    const double rate = transfer_rate(t, p.rates, 0);
    std::vector<int> load(static_cast<std::size_t>(t.link_count()), 0);
    for (int x = 0; x < t.size(); ++x) {
        total_s += transfer_seconds(p, x);
        divisor = std::gcd(divisor, transfer_bytes(t[x]));
        one_rate = one_rate && transfer_rate(t, p.rates, x) == rate;
        t[x].links.for_each([&](std::size_t l) { ++load[l]; });
    }
    const double exact_s = one_rate ? static_cast<double>(divisor) / rate : 0;
    if (one_rate && total_s / exact_s <= static_cast<double>(max_units)) return exact_s;
    const double lambda = *std::max_element(load.begin(), load.end());
    const double fine_s = std::max(total_s / static_cast<double>(std::max<std::int64_t>(max_units - t.size(), 1)),
                                   byte_load(t, p.rates).bound_s / (kLossShare * lambda));
    // A multiple of the divisor keeps the sizes that are multiples of it exact.
    return one_rate ? exact_s * std::ceil(fine_s / exact_s * (1 - 1e-12)) : fine_s;
}

/// Frame durations for the unit split's frames (sets of transfers): first each frame's
/// longest equal piece; then, longest frame first, each frame shortened by the least slack
/// of its members (a transfer's slack: the time of its frames beyond its own time, what
/// rounding it up to whole pieces added). On the most loaded link that slack is the whole
/// rounding loss, so the trimmed frames give it back where no other member needs the time.
std::vector<double> trimmed_durations(const WeightedProblem& p, const std::vector<std::vector<int>>& sets) {
    const Traffic& t = *p.traffic;
    std::vector<double> time(static_cast<std::size_t>(t.size())), slack(time.size(), 0);
    std::vector<int> pieces(time.size(), 0);
    for (const auto& set : sets)
        for (int x : set) ++pieces[static_cast<std::size_t>(x)];
    for (int x = 0; x < t.size(); ++x) time[static_cast<std::size_t>(x)] = transfer_seconds(p, x);
    std::vector<double> seconds(sets.size(), 0);
    for (std::size_t f = 0; f < sets.size(); ++f)
        for (int x : sets[f])
            seconds[f] = std::max(seconds[f], time[static_cast<std::size_t>(x)] / pieces[static_cast<std::size_t>(x)]);
    for (std::size_t f = 0; f < sets.size(); ++f)
        for (int x : sets[f]) slack[static_cast<std::size_t>(x)] += seconds[f];
    for (int x = 0; x < t.size(); ++x) slack[static_cast<std::size_t>(x)] -= time[static_cast<std::size_t>(x)];
    std::vector<std::size_t> order(sets.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return seconds[a] > seconds[b]; });
    for (std::size_t f : order) {
        double cut = seconds[f];
        for (int x : sets[f]) cut = std::min(cut, slack[static_cast<std::size_t>(x)]);
        // Keep a margin of the floating-point sums: never below a transfer's own time.
        cut = std::max(0.0, cut * (1 - 1e-9));
        seconds[f] -= cut;
        for (int x : sets[f]) slack[static_cast<std::size_t>(x)] -= cut;
    }
    return seconds;
}

}  // namespace

std::vector<double> unit_quanta(const WeightedProblem& p, std::int64_t max_units) {
    std::vector<double> quanta;
    for (double q = finest_quantum(p, max_units);; q *= 2) {
        quanta.push_back(q);
        std::int64_t units = 0;
        for (int x = 0; x < p.traffic->size(); ++x) units += piece_count(p, x, q);
        if (units == p.traffic->size()) return quanta;
    }
}

std::optional<WeightedSchedule> unit_split_schedule(const WeightedProblem& p, double quantum_s, double seconds,
                                                    std::uint64_t seed) {
    const Traffic& t = *p.traffic;
    Traffic units(t.link_names());
    std::vector<Piece> piece_of;
    for (int x = 0; x < t.size(); ++x) {
        const std::int64_t k = piece_count(p, x, quantum_s), bytes = transfer_bytes(t[x]);
        std::vector<int> path;
        t[x].links.for_each([&](std::size_t l) { path.push_back(static_cast<int>(l)); });
        for (std::int64_t i = 0; i < k; ++i) {
            // Equal pieces: the first bytes % k of them one byte longer.
            piece_of.push_back({x, bytes / k + (i < bytes % k ? 1 : 0)});
            units.add("u" + std::to_string(piece_of.size()), path, t[x].src, t[x].dst);
        }
    }
    SolveOptions so;
    so.method = Method::Optimal;
    so.time_limit_s = std::max(seconds, 1e-3);
    so.seed = seed;
    const Schedule unit_schedule = solve(units, so).schedule;
    if (unit_schedule.frames.empty()) return std::nullopt;
    std::vector<std::vector<int>> sets;
    for (const auto& frame : unit_schedule.frames) {
        sets.emplace_back();
        for (int u : frame) sets.back().push_back(piece_of[static_cast<std::size_t>(u)].transfer);
    }
    return round_columns(p, sets, trimmed_durations(p, sets));
}

}  // namespace liquid::sched
