// The scheduling front door: baselines, the liquid search (report §7) and
// the exact optimum by iterative deepening over the length L, with a SAT portfolio
// partner for the "no schedule of L frames" proofs.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "liquid/base/stop.hpp"
#include "liquid/sched/baselines.hpp"
#include "sched/frame_search.hpp"
#include "liquid/sched/lower_bounds.hpp"
#include "sched/sat_decision.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/analysis.hpp"

namespace liquid {
namespace {

using Clock = std::chrono::steady_clock;
using sched::Budget;
using sched::FrameSearch;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

/// Remaining wall-clock budget (<= 0 in options = unlimited, returned as 0).
double remaining(const SolveOptions& o, Clock::time_point start) {
    if (o.time_limit_s <= 0) return 0;
    return std::max(1e-6, o.time_limit_s - seconds_since(start));
}

bool out_of_time(const SolveOptions& o, Clock::time_point start) {
    if (stop_requested()) return true;  // SIGINT/SIGTERM: finish with the best verified schedule
    return o.time_limit_s > 0 && seconds_since(start) >= o.time_limit_s;
}

/// Takes `s` as the result's schedule if it passes the independent verifier.
bool accept(const Traffic& traffic, SolveResult& r, Schedule s, const std::string& solver) {
    if (!verify_schedule(traffic, s).empty()) return false;
    r.schedule = std::move(s);
    r.solver = solver;
    return true;
}

/// Outcome of one "schedulable in L frames?" question asked to the portfolio.
enum class Decision { Found, Refuted, Unknown };

struct PortfolioAnswer {
    Decision decision = Decision::Unknown;
    Schedule schedule;
    std::string solver;
};

/// Fission search in this thread; CaDiCaL in a partner thread started after a short
/// delay (easy instances never pay for the SAT encoding). First definite answer wins.
PortfolioAnswer portfolio_decide(const Traffic& traffic, FrameSearch& fission, int L, int duration, const std::vector<int>& clique,
                                 const SolveOptions& o, Clock::time_point start, std::uint64_t node_budget) {
    std::atomic<bool> stop{false};
    std::mutex m;
    std::condition_variable cv;
    bool fission_done = false;
    sched::SatOutcome sat;
    std::thread partner;
    const bool small_enough = static_cast<std::uint64_t>(traffic.size()) * static_cast<std::uint64_t>(L) <= o.sat_max_cells;
    if (o.sat_partner && small_enough) {
        partner = std::thread([&] {
            {
                std::unique_lock lock(m);
                // At L = Λ the fission search usually answers within milliseconds; beyond Λ
                // refutations are the SAT solver's strength, so it starts at once.
                const double wait = L > duration ? 0.0 : std::max(0.0, o.sat_delay_s);
                const auto delay = std::chrono::duration<double>(wait);
                if (cv.wait_for(lock, delay, [&] { return fission_done; })) return;
            }
            try {
                // The partner stops a little before the deadline: tearing down a large
                // CaDiCaL instance takes a while, and solve() must not overrun its budget.
                const double left = remaining(o, start);
                const double sat_budget = left > 0 ? std::max(1e-3, left - std::max(0.05, 0.15 * left)) : 0.0;
                sched::SatOutcome r = sched::sat_decide(traffic, L, clique, &stop, sat_budget);
                std::lock_guard lock(m);
                sat = std::move(r);
            } catch (const std::bad_alloc&) {
                return;  // the fission search still answers or times out
            }
            if (sat.answer != sched::SatAnswer::Unknown) stop = true;
        });
    }
    Budget budget(remaining(o, start), node_budget, &stop);
    Schedule found;
    const FrameSearch::Outcome outcome = fission.decide(L, budget, &found);
    {
        std::lock_guard lock(m);
        fission_done = true;
    }
    cv.notify_all();
    stop = true;
    if (partner.joinable()) partner.join();
    PortfolioAnswer a;
    if (outcome == FrameSearch::Outcome::Found) {
        a.decision = Decision::Found, a.schedule = std::move(found), a.solver = "fission";
    } else if (outcome == FrameSearch::Outcome::Exhausted) {
        a.decision = Decision::Refuted, a.solver = "fission";
    } else if (sat.answer == sched::SatAnswer::Schedulable) {
        a.decision = Decision::Found, a.schedule = std::move(sat.schedule), a.solver = "sat";
    } else if (sat.answer == sched::SatAnswer::Unschedulable) {
        a.decision = Decision::Refuted, a.solver = "sat";
    }
    return a;
}

Schedule baseline(const Traffic& traffic, const SolveOptions& o) {
    switch (o.method) {
        case Method::RoundRobin: return sched::round_robin_schedule(traffic);
        case Method::Random: return sched::random_schedule(traffic, o.seed);
        case Method::Fifo: return sched::fifo_schedule(traffic);
        default: return sched::dsatur_schedule(traffic);
    }
}

/// DSatur as the fallback every exact method returns when it cannot do better.
void fall_back_to_dsatur(const Traffic& traffic, SolveResult& r) {
    if (!accept(traffic, r, sched::dsatur_schedule(traffic), "dsatur"))
        throw std::logic_error("liquid: the DSatur schedule failed verification: " +
                               verify_schedule(traffic, sched::dsatur_schedule(traffic)));
}

void solve_liquid(const Traffic& traffic, const SolveOptions& o, Clock::time_point start, SolveResult& r) {
    // The clique lower bound proves "no liquid schedule" at once when it exceeds Λ; the
    // search below would find the same (its virtual clique links overflow at the root).
    const int clique = static_cast<int>(sched::large_clique(traffic).size());
    if (clique > r.duration) {
        r.no_liquid_proven = true;
        r.lower_bound = clique;
        r.bound_by = "clique";
        fall_back_to_dsatur(traffic, r);
        return;
    }
    FrameSearch search(traffic);
    Budget budget(remaining(o, start), o.node_limit);
    Schedule s;
    const auto outcome = search.decide(r.duration, budget, &s);
    r.categories = search.categories(), r.full_teams = search.full_teams(), r.nodes = search.nodes();
    if (outcome == FrameSearch::Outcome::Found && accept(traffic, r, std::move(s), "fission")) return;
    if (outcome == FrameSearch::Outcome::Exhausted) {
        r.no_liquid_proven = true;
        r.lower_bound = std::max(r.lower_bound, r.duration + 1);
        r.bound_by = "fission";
    } else {
        r.timed_out = true;
    }
    fall_back_to_dsatur(traffic, r);
}

void solve_optimal(const Traffic& traffic, const SolveOptions& o, Clock::time_point start, SolveResult& r) {
    const std::vector<int> clique = sched::large_clique(traffic);
    r.lower_bound = std::max(r.duration, static_cast<int>(clique.size()));
    if (r.lower_bound > r.duration) r.bound_by = "clique";
    // A clique larger than Λ is itself a proof that no liquid schedule exists (report §7.1,
    // Fig. 11–12: three pairwise congesting transfers, Λ = 2).
    if (r.lower_bound > r.duration) r.no_liquid_proven = true;
    fall_back_to_dsatur(traffic, r);
    FrameSearch search(traffic);
    // Iterative deepening: the first L that succeeds is the optimum.
    for (int L = r.lower_bound; L < r.schedule.length(); ++L) {
        if (out_of_time(o, start) || (o.node_limit && search.nodes() >= o.node_limit)) {
            r.timed_out = true;
            break;
        }
        const std::uint64_t nodes_left = o.node_limit ? o.node_limit - search.nodes() : 0;
        PortfolioAnswer a = portfolio_decide(traffic, search, L, r.duration, clique, o, start, nodes_left);
        if (a.decision == Decision::Found && accept(traffic, r, std::move(a.schedule), a.solver)) break;
        if (a.decision == Decision::Refuted) {
            if (L == r.duration) r.no_liquid_proven = true;
            r.lower_bound = L + 1;
            r.bound_by = a.solver;
            continue;
        }
        r.timed_out = true;
        break;
    }
    r.categories = search.categories(), r.full_teams = search.full_teams(), r.nodes = search.nodes();
}

}  // namespace

SolveResult solve(const Traffic& traffic, const SolveOptions& options) {
    const Clock::time_point start = Clock::now();
    SolveResult r;
    r.method = options.method;
    const TrafficAnalysis a = analyze(traffic);
    r.duration = a.duration;
    r.lower_bound = a.duration;
    switch (options.method) {
        case Method::Liquid: solve_liquid(traffic, options, start, r); break;
        case Method::Optimal: solve_optimal(traffic, options, start, r); break;
        default:
            if (!accept(traffic, r, baseline(traffic, options), method_name(options.method)))
                throw std::logic_error(std::string("liquid: the ") + method_name(options.method) +
                                       " schedule failed verification: " + verify_schedule(traffic, baseline(traffic, options)));
    }
    r.liquid = r.schedule.length() == r.duration;
    if (r.liquid) r.lower_bound = r.duration;
    // Proven optimal: exhausted searches below the length, or length == a lower bound.
    r.optimal = r.schedule.length() <= r.lower_bound;
    if (options.wavelengths > 0) {
        // Report §2.2: frames are wavelengths; W of them run at once in one round.
        r.rounds = (r.schedule.length() + options.wavelengths - 1) / options.wavelengths;
        r.rounds_lower_bound = (r.lower_bound + options.wavelengths - 1) / options.wavelengths;
    }
    r.elapsed_ms = seconds_since(start) * 1e3;
    return r;
}

}  // namespace liquid
