// The scheduling front door: baselines, the liquid search (report §7), the structured
// constructions (group-invariant schedules, tabu search) and the exact optimum by
// iterative deepening over the length L, with an incremental SAT portfolio partner for
// the "no schedule of L frames" proofs.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "liquid/sched/baselines.hpp"
#include "sched/frame_search.hpp"
#include "sched/invariant_schedule.hpp"
#include "liquid/sched/lower_bounds.hpp"
#include "sched/sat_decision.hpp"
#include "liquid/sched/schedule.hpp"
#include "sched/symmetry.hpp"
#include "sched/tabu_search.hpp"
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
std::size_t memory_cap(const SolveOptions& o) {
    return o.memory_limit_bytes ? static_cast<std::size_t>(o.memory_limit_bytes) : std::size_t{1} << 30;
}

/// The SAT partner's incremental encoding, shared by the questions of one deepening run:
/// built on first use for every length below the best schedule known, unless its
/// estimated size exceeds half the memory cap (the fission search then answers alone).
struct SatPartner {
    std::unique_ptr<sched::SatDeepening> encoding;
    bool refused = false;
    sched::SatDeepening* get(const Traffic& traffic, int min_frames, int max_frames, const std::vector<int>& clique,
                             const SolveOptions& o) {
        if (encoding && encoding->interrupted()) encoding.reset();  // stopped while encoding: rebuild
        if (!encoding && !refused) {
            refused = max_frames < min_frames || sched::SatDeepening::estimated_bytes(traffic, max_frames) > memory_cap(o) / 2;
            if (!refused) encoding = std::make_unique<sched::SatDeepening>(traffic, max_frames, min_frames, clique);
        }
        return encoding.get();
    }
};

PortfolioAnswer portfolio_decide(FrameSearch& fission, int L, int duration, const SolveOptions& o, Clock::time_point start, std::uint64_t node_budget,
                                 sched::SatDeepening* sat_encoding) {
    std::atomic<bool> stop{false};
    std::mutex m;
    std::condition_variable cv;
    bool fission_done = false;
    sched::SatOutcome sat;
    std::thread partner;
    if (o.sat_partner && sat_encoding) {
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
                sched::SatOutcome r = sat_encoding->decide(L, &stop, Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(sat_budget > 0 ? sat_budget : 1e9)));
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

Clock::time_point deadline_in(const SolveOptions& o, Clock::time_point start, double share) {
    if (o.time_limit_s <= 0) return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(share * 60));
    return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(share * remaining(o, start)));
}

std::string describe(const sched::InvariantOutcome& o) {
    switch (o.answer) {
        case sched::InvariantAnswer::Found: return sched::invariant_construction_name(o);
        case sched::InvariantAnswer::NoInvariant:
            return "none under the symmetries tried (not a proof for other schedules)";
        case sched::InvariantAnswer::NoGroup: return "no symmetry group of a usable order";
        case sched::InvariantAnswer::TooLarge: return "encoding above the memory limit";
        case sched::InvariantAnswer::Unknown: break;
    }
    return "budget expired";
}

/// Issue 10: structured constructions between the baselines and the exact search. The
/// invariant search and the tabu search each get a share of the remaining budget (without
/// a time limit: a minute each); a schedule they find replaces the best one when shorter.
void try_structure(const Traffic& traffic, const SolveOptions& o, Clock::time_point start, SolveResult& r) {
    const std::size_t memory = memory_cap(o);
    const int target = r.lower_bound;
    {
        const Clock::time_point deadline = deadline_in(o, start, 0.35);
        const sched::TrafficSymmetry symmetry = sched::find_symmetry(traffic, deadline);
        r.symmetry_order = static_cast<double>(symmetry.order);
        sched::InvariantOutcome inv = sched::search_invariant_schedule(traffic, symmetry, target, o.seed, deadline, memory);
        r.invariant = symmetry.skipped ? "symmetry detection skipped (traffic too large for the budget)" : describe(inv);
        if (inv.answer == sched::InvariantAnswer::Found && inv.schedule.length() < r.schedule.length() &&
            accept(traffic, r, std::move(inv.schedule), sched::invariant_construction_name(inv)))
            return;
    }
    // Tabu search at the lower bound first, then one frame below the best length at a time
    // (each length tried once: stop at the first failure).
    const std::string name = "tabu(seed " + std::to_string(o.seed) + ")";
    sched::TabuOutcome tabu = sched::tabu_search(traffic, r.schedule, target, o.seed, deadline_in(o, start, 0.3));
    if (tabu.found && accept(traffic, r, std::move(tabu.schedule), name)) return;
    for (int L = r.schedule.length() - 1; L > target && !out_of_time(o, start); L = r.schedule.length() - 1) {
        tabu = sched::tabu_search(traffic, r.schedule, L, o.seed, deadline_in(o, start, 0.15));
        if (!tabu.found || !accept(traffic, r, std::move(tabu.schedule), name)) break;
    }
}

/// Iterative deepening: the first L that succeeds is the optimum, every refuted L raises
/// the lower bound. False when the budget of `o` expired first.
bool deepen(const Traffic& traffic, FrameSearch& search, SatPartner& sat, const std::vector<int>& clique,
            const SolveOptions& o, Clock::time_point start, SolveResult& r) {
    for (int L = r.lower_bound; L < r.schedule.length(); ++L) {
        if (out_of_time(o, start) || (o.node_limit && search.nodes() >= o.node_limit)) {
            r.timed_out = true;
            return false;
        }
        const std::uint64_t nodes_left = o.node_limit ? o.node_limit - search.nodes() : 0;
        sched::SatDeepening* encoding =
            o.sat_partner ? sat.get(traffic, L, r.schedule.length() - 1, clique, o) : nullptr;
        PortfolioAnswer a = portfolio_decide(search, L, r.duration, o, start, nodes_left, encoding);
        if (a.decision == Decision::Found && accept(traffic, r, std::move(a.schedule), a.solver)) return true;
        if (a.decision == Decision::Refuted) {
            if (L == r.duration) r.no_liquid_proven = true;
            r.lower_bound = L + 1;
            r.bound_by = a.solver;
            continue;
        }
        r.timed_out = true;
        return false;
    }
    return true;
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
    SatPartner sat;
    if (o.structure && r.schedule.length() > r.lower_bound) {
        // A short first pass of the exact deepening: easy instances (the Swiss-T1 all-to-all,
        // testbed patterns, ring arcs refuted by CaDiCaL) are answered in it and never pay
        // for the structure search.
        SolveOptions first = o;
        const double quick = o.time_limit_s > 0 ? std::min(1.0, 0.1 * o.time_limit_s) : 1.0;
        first.time_limit_s = seconds_since(start) + quick;
        if (o.time_limit_s > 0) first.time_limit_s = std::min(first.time_limit_s, o.time_limit_s);
        if (!deepen(traffic, search, sat, clique, first, start, r)) {
            r.timed_out = false;
            try_structure(traffic, o, start, r);
        }
    }
    deepen(traffic, search, sat, clique, o, start, r);
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
