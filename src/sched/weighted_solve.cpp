// solve_weighted: every applicable weighted method in one run (the peers are baselines of
// the same run), each schedule verified, the shortest returned with the bound and the gap.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "liquid/base/deadline.hpp"
#include "liquid/base/error.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/sched/weighted.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/byte_load.hpp"
#include "sched/weighted_methods.hpp"

namespace liquid {
namespace {

using sched::WeightedClock;

double seconds_since(WeightedClock::time_point t) { return std::chrono::duration<double>(WeightedClock::now() - t).count(); }

WeightedClock::time_point after(double seconds) { return WeightedClock::now() + steady_span(seconds); }

void check_options(const WeightedOptions& o) {
    if (!(o.frame_overhead_s >= 0) || !std::isfinite(o.frame_overhead_s))
        throw InputError("--frame-overhead", "must be a number of seconds >= 0", "e.g. --frame-overhead 1e-5");
    if (o.min_piece < 1) throw InputError("--min-piece", "must be a whole number of bytes >= 1", "e.g. --min-piece 4096");
    if (!(o.time_limit_s > 0) || !std::isfinite(o.time_limit_s))
        throw InputError("--time-limit", "must be a positive number of seconds", "e.g. --time-limit 2.5");
}

/// The uniform engine's schedule of `traffic` (every transfer one unit) within `seconds`.
std::vector<std::vector<int>> uniform_frames(const Traffic& traffic, double seconds, std::uint64_t seed) {
    SolveOptions so;
    so.method = Method::Optimal;
    so.time_limit_s = std::max(seconds, 1e-3);
    so.seed = seed;
    return solve(traffic, so).schedule.frames;
}

/// Transfers bucketed by the power of two of their time; each bucket scheduled by the
/// uniform engine, buckets one after the other (largest first).
std::vector<std::vector<int>> bucketed_frames(const WeightedProblem& p, double seconds, std::uint64_t seed) {
    const Traffic& t = *p.traffic;
    std::map<int, Bitset, std::greater<>> buckets;
    for (int x = 0; x < t.size(); ++x) {
        const int k = static_cast<int>(std::floor(std::log2(sched::transfer_seconds(p, x))));
        auto [it, fresh] = buckets.try_emplace(k, static_cast<std::size_t>(t.size()));
        it->second.set(static_cast<std::size_t>(x));
    }
    std::vector<std::vector<int>> frames;
    for (const auto& [k, members] : buckets) {
        std::vector<int> index;
        members.for_each([&](std::size_t x) { index.push_back(static_cast<int>(x)); });
        for (auto& f : uniform_frames(t.subset(members), seconds / static_cast<double>(buckets.size()), seed)) {
            for (int& x : f) x = index[static_cast<std::size_t>(x)];
            frames.push_back(std::move(f));
        }
    }
    return frames;
}

/// The unit split's pieces are at most this many: a 256-host all-to-all of uneven blocks
/// (about 440 000 pieces) fits, in about 250 MB. Fewer when its time is short: cutting,
/// scheduling and verifying takes about 1/150 000 s per piece on a 2-core VM.
constexpr std::int64_t kMaxUnits = 1 << 19;
constexpr double kUnitsPerSecond = 150000;
/// What solve_weighted keeps for after its methods (see there).
constexpr double kReservePerTransfer = 8e-6;
constexpr double kReserveShare = 0.05;
/// The finest quantum's share of the unit split's time (the coarser ones share the rest).
constexpr double kFinestShare = 0.75;

class Run {
public:
    Run(const WeightedProblem& p, WeightedResult& r, const WeightedOptions& o) : p_(p), r_(r), o_(o) {}

    bool wanted(WeightedMethod m) const { return o_.method == WeightedMethod::Best || o_.method == m; }

    /// Records a method's schedule (verified) and keeps it when it is the shortest so far.
    void offer(WeightedMethod m, WeightedSchedule s, WeightedClock::time_point started, const std::string& note = "") {
        const std::string problem = verify_weighted_schedule(p_, s);
        if (!problem.empty())
            throw std::logic_error(std::string("internal error, ") + weighted_method_name(m) + " schedule rejected: " + problem);
        WeightedCandidate c{weighted_method_name(m), true, note, total_time(p_, s), s.length(), 1e3 * seconds_since(started)};
        if (!have_ || c.time_s < r_.time_s) {
            have_ = true;
            r_.time_s = c.time_s;
            r_.method = c.name;
            r_.schedule = std::move(s);
        }
        r_.candidates.push_back(std::move(c));
    }

    void skip(WeightedMethod m, const std::string& why) {
        if (o_.method == m)
            throw InputError("--weighted-method", std::string(weighted_method_name(m)) + ": " + why, "choose another method");
        r_.candidates.push_back({weighted_method_name(m), false, why, 0, 0, 0});
    }

    void phase(const std::string& what) const {
        if (o_.progress) o_.progress(what);
    }

private:
    const WeightedProblem& p_;
    WeightedResult& r_;
    const WeightedOptions& o_;
    bool have_ = false;
};

void run_crossbar_peers(Run& run, const WeightedProblem& p, const std::optional<sched::CrossbarDemand>& crossbar,
                        const std::string& why_not, double share_s, WeightedClock::time_point run_deadline) {
    WeightedClock::time_point deadline = run_deadline;
    struct Peer {
        WeightedMethod method;
        std::function<std::vector<sched::Slot>(const sched::CrossbarDemand&)> slots;
    };
    const std::vector<Peer> peers{
        {WeightedMethod::Bvn, [&](const auto& d) { return sched::bvn_slots(d, deadline); }},
        {WeightedMethod::Solstice, [&](const auto& d) { return sched::solstice_slots(d, deadline); }},
        {WeightedMethod::Eclipse, [&](const auto& d) { return sched::eclipse_slots(d, p.frame_overhead_s, deadline); }}};
    for (const Peer& peer : peers) {
        if (!run.wanted(peer.method)) continue;
        if (!crossbar) {
            run.skip(peer.method, why_not);
            continue;
        }
        run.phase(weighted_method_name(peer.method));
        const auto started = WeightedClock::now();
        // Each peer gets its share of the budget, so the LP keeps time of its own.
        deadline = std::min(run_deadline, after(share_s));
        std::vector<sched::Slot> slots = peer.slots(*crossbar);
        if (slots.empty()) run.skip(peer.method, "the time limit expired");
        else run.offer(peer.method, sched::schedule_from_slots(p, *crossbar, slots), started);
    }
}

/// The unit split at each quantum, finest first (the finest gets 75 % of the share, the
/// others divide the rest), until one meets `bound_s` or the share is spent; the shortest is
/// offered. Coarser quanta pay fewer frame overheads. Its frames do not seed the
/// LP: thousands of them slow the LP's first solve more than they help it.
void run_unit_split(Run& run, const WeightedProblem& p, WeightedClock::time_point share_end, std::uint64_t seed, double bound_s) {
    const auto started = WeightedClock::now();
    const double share_s = std::chrono::duration<double>(share_end - started).count();
    const auto max_units =
        static_cast<std::int64_t>(std::clamp(kFinestShare * share_s * kUnitsPerSecond, 1.0, static_cast<double>(kMaxUnits)));
    const std::vector<double> quanta = sched::unit_quanta(p, max_units);
    std::optional<WeightedSchedule> best;
    double best_s = std::numeric_limits<double>::infinity(), best_quantum_s = 0;
    for (std::size_t i = 0; i < quanta.size() && !reached(share_end) && best_s > bound_s * (1 + 1e-12); ++i) {
        const double left_s = std::chrono::duration<double>(share_end - WeightedClock::now()).count();
        const double seconds = i == 0 ? kFinestShare * left_s : left_s / static_cast<double>(quanta.size() - i);
        auto s = sched::unit_split_schedule(p, quanta[i], seconds, seed);
        if (!s) continue;
        if (const double time_s = total_time(p, *s); time_s < best_s)
            best_s = time_s, best_quantum_s = quanta[i], best = std::move(s);
    }
    if (!best) {
        run.skip(WeightedMethod::UnitSplit, "the time limit expired");
        return;
    }
    run.offer(WeightedMethod::UnitSplit, std::move(*best), started,
              fmt::format("pieces of at most {:.4g} µs", best_quantum_s * 1e6));
}

}  // namespace

WeightedResult solve_weighted(const Traffic& traffic, const std::vector<double>& rates, const WeightedOptions& o) {
    const auto start = WeightedClock::now();
    check_options(o);
    // The methods stop early enough for the last one's verification and the caller's output
    // (as the uniform engine does): 8 µs per transfer, at most 5 % of the budget.
    const auto deadline = after(o.time_limit_s - std::min(kReserveShare * o.time_limit_s, kReservePerTransfer * traffic.size()));
    if (traffic.empty()) throw InputError("traffic", "the traffic has no transfer", "give at least one transfer");
    check_byte_sizes(traffic, rates, "traffic");
    const WeightedProblem p{&traffic, rates, o.frame_overhead_s, o.min_piece};
    WeightedResult r;
    const ByteLoad load = byte_load(traffic, rates);
    r.bound_s = load.bound_s;
    r.bottlenecks = load.bottlenecks;
    r.min_frames = analyze(traffic).duration;
    r.bound_by = "byte load";
    std::string why_not;
    const auto crossbar = sched::crossbar_demand(p, why_not);
    Run run(p, r, o);
    std::vector<std::vector<int>> seeds;
    if (run.wanted(WeightedMethod::Uniform)) {
        run.phase("uniform plan");
        const auto started = WeightedClock::now();
        auto frames = uniform_frames(traffic, 0.2 * o.time_limit_s, o.seed);
        run.offer(WeightedMethod::Uniform, whole_transfer_frames(p, frames), started,
                  "the uniform liquid plan run with the real sizes");
        seeds.insert(seeds.end(), frames.begin(), frames.end());
    }
    if (run.wanted(WeightedMethod::Greedy) || run.wanted(WeightedMethod::Lp)) {
        const auto started = WeightedClock::now();
        WeightedSchedule g = sched::greedy_schedule(p);
        for (const auto& f : g.frames) {
            seeds.emplace_back();
            for (const Piece& x : f.pieces) seeds.back().push_back(x.transfer);
        }
        if (run.wanted(WeightedMethod::Greedy)) run.offer(WeightedMethod::Greedy, std::move(g), started);
    }
    if (run.wanted(WeightedMethod::Bucketed)) {
        run.phase("bucketed");
        const auto started = WeightedClock::now();
        auto frames = bucketed_frames(p, 0.15 * o.time_limit_s, o.seed);
        run.offer(WeightedMethod::Bucketed, whole_transfer_frames(p, frames), started);
        seeds.insert(seeds.end(), frames.begin(), frames.end());
    }
    const double byte_bound = r.bound_s + o.frame_overhead_s * r.min_frames;
    if (run.wanted(WeightedMethod::UnitSplit)) {
        run.phase("unit split");
        run_unit_split(run, p, after(0.4 * o.time_limit_s), o.seed, byte_bound);
    }
    run_crossbar_peers(run, p, crossbar, why_not, 0.15 * o.time_limit_s, deadline);
    if (o.method == WeightedMethod::Best && r.time_s <= byte_bound * (1 + 1e-12)) {
        run.skip(WeightedMethod::Lp, "a schedule already meets the lower bound");
    } else if (run.wanted(WeightedMethod::Lp)) {
        run.phase("configuration LP");
        const auto started = WeightedClock::now();
        sched::ConfigurationLp lp = sched::configuration_lp(p, seeds, crossbar, deadline);
        if (!lp.solved) run.skip(WeightedMethod::Lp, "the LP was not solved within the time limit");
        else {
            r.lp_value_s = lp.value_s;
            r.lp_exact = lp.exact;
            run.offer(WeightedMethod::Lp, std::move(lp.schedule), started,
                      std::to_string(lp.columns) + " columns, " + std::to_string(lp.iterations) + " pricing rounds" +
                          (lp.exact ? ", exact pricing (the LP value is a bound)" : ", greedy pricing"));
        }
    }
    if (r.lp_exact && r.lp_value_s > r.bound_s) r.bound_by = "configuration LP";
    r.lower_bound_s = std::max(r.bound_s, r.lp_exact ? r.lp_value_s : 0.0) + o.frame_overhead_s * r.min_frames;
    // A schedule below the bound would be a bug in the bound: never claim more than proven.
    r.optimal = r.time_s <= r.lower_bound_s * (1 + 1e-12);
    r.timed_out = WeightedClock::now() > deadline;
    r.elapsed_ms = 1e3 * seconds_since(start);
    return r;
}

}  // namespace liquid
