// The scheduling front door: baselines, the liquid search (report §7) and
// the exact optimum by iterative deepening over the length L, with a SAT portfolio
// partner for the "no schedule of L frames" proofs.
//
// Fabric scale: one deadline bounds every phase; the default methods start
// from the best schedule of the construction portfolio (never worse than round-robin or
// DSatur) and stop as soon as it meets a lower bound (Λ, the clique bound, the link-pair
// counting bound); structures that would not fit in the memory limit are skipped. Then
// the structured constructions (group-invariant schedules, tabu search) get shares of the
// budget before the exact search, whose SAT partner is incremental (one encoding,
// deepening by assumptions).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <utility>

#include "liquid/base/deadline.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/stop.hpp"
#include "liquid/base/time_budget.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/sched/lower_bounds.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/analysis.hpp"
#include "sched/counting_bound.hpp"
#include "sched/frame_search.hpp"
#include "sched/invariant_schedule.hpp"
#include "sched/peer_methods.hpp"
#include "sched/portfolio.hpp"
#include "sched/sat_decision.hpp"
#include "sched/symmetry.hpp"
#include "sched/tabu_descent.hpp"

namespace liquid {
namespace {

using Clock = std::chrono::steady_clock;
using sched::Budget;
using sched::FrameSearch;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

/// Seconds left for a sched::Budget (which reads 0 as "no limit").
double budget_seconds(const Deadline& d) { return d.limited() ? std::max(1e-6, d.remaining_s()) : 0.0; }

std::string megabytes(std::uint64_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MB"; }

/// Everything one solve() call works with.
struct Run {
    const Traffic& traffic;
    const SolveOptions& o;
    Limits limits;
    SolveResult& r;
    Deadline whole;            // the solve's own deadline (limits.deadline may be a pass's, sooner)
    bool eager_sat = false;    // the SAT partner starts at once when its encoding is cheap
    bool constructed = false;  // the construction portfolio ran

    void progress(const std::string& phase) const {
        // Before the first schedule (small traffics search first, for milliseconds) there is
        // no length to show.
        if (o.progress && !r.solver.empty()) o.progress(r.schedule.length(), r.lower_bound, phase);
    }
    /// A schedule (from the constructions or a search) whose length meets the lower bound.
    bool proven() const { return !r.solver.empty() && r.schedule.length() <= r.lower_bound; }
};

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

/// The SAT partner's incremental encoding, shared by the questions of one deepening run:
/// built on first use for every length below the best schedule known, unless its
/// estimated size exceeds half the memory limit (the fission search then answers alone).
struct SatPartner {
    std::unique_ptr<sched::SatDeepening> encoding;
    bool refused = false;
    sched::SatDeepening* get(const Run& run, int min_frames, int max_frames, const std::vector<int>& clique) {
        if (!run.o.sat_partner) return nullptr;
        if (encoding && encoding->interrupted()) encoding.reset();  // stopped while encoding: rebuild
        if (!encoding && !refused) {
            refused = max_frames < min_frames ||
                      sched::SatDeepening::estimated_bytes(run.traffic, max_frames) > run.limits.memory_bytes / 2;
            if (!refused) encoding = std::make_unique<sched::SatDeepening>(run.traffic, max_frames, min_frames, clique);
        }
        return encoding.get();
    }
};

/// A steady_clock deadline for the structure stages and CaDiCaL: `d`, or (unlimited)
/// `fallback_s` from now.
Clock::time_point time_point_of(const Deadline& d, double fallback_s) {
    const double s = d.limited() ? d.remaining_s() : fallback_s;
    return Clock::now() + steady_span(s);
}

/// Fission search in this thread; CaDiCaL in a partner thread started after a short
/// delay (easy instances never pay for the SAT encoding). First definite answer wins.
PortfolioAnswer portfolio_decide(const Run& run, FrameSearch& fission, int L, sched::SatDeepening* sat_encoding,
                                 std::uint64_t node_budget) {
    const SolveOptions& o = run.o;
    std::atomic<bool> stop{false};
    std::mutex m;
    std::condition_variable cv;
    bool fission_done = false;
    sched::SatOutcome sat;
    std::exception_ptr partner_failure;
    std::thread partner;
    // Joins the partner on every way out: a std::thread destroyed unjoined (fission.decide()
    // throwing Interrupted or std::bad_alloc) would terminate the process.
    struct JoinPartner {
        std::thread& t;
        std::atomic<bool>& stop;
        std::mutex& m;
        std::condition_variable& cv;
        bool& done;
        ~JoinPartner() {
            {
                std::lock_guard lock(m);
                done = true;
            }
            cv.notify_all();
            stop = true;
            if (t.joinable()) t.join();
        }
    } join_partner{partner, stop, m, cv, fission_done};
    const auto partner_work = [&] {
        {
            std::unique_lock lock(m);
            // At L = Λ the fission search usually answers within milliseconds; beyond Λ
            // refutations are the SAT solver's strength, so it starts at once.
            // In the quick pass, an encoding built within milliseconds starts at once
            // too (ring arcs: CaDiCaL refutes the lengths the fission search cannot).
            const bool cheap = run.eager_sat && sat_encoding->estimated_build_seconds() < 0.005;
            const double wait = L > run.r.duration || cheap ? 0.0 : std::max(0.0, o.sat_delay_s);
            const auto delay = std::chrono::duration<double>(wait);
            if (cv.wait_for(lock, delay, [&] { return fission_done; })) return;
        }
        try {
            // The partner stops a little before the deadline: CaDiCaL checks its
            // terminator only between steps. In the solve's last pass it also frees its
            // encoding before the deadline (0.9 s for torus:8x8's 6.7 M clauses), here,
            // while the fission search still runs, not in solve()'s caller after it.
            const double left = budget_seconds(run.limits.deadline);
            const bool last_pass = run.whole.limited() && run.limits.deadline.remaining_s() >= run.whole.remaining_s() - 1e-3;
            const double free_s = last_pass ? sat_encoding->estimated_free_seconds() : 0.0;
            const double sat_budget = left > 0 ? std::max(1e-3, left - std::max(0.05, 0.15 * left) - free_s) : 0.0;
            const Clock::time_point until = sat_budget > 0 ? Clock::now() + steady_span(sat_budget) : Clock::time_point::max();
            sched::SatOutcome r = sat_encoding->decide(L, &stop, until);
            if (last_pass && run.whole.remaining_s() < free_s + 0.1) sat_encoding->release();
            std::lock_guard lock(m);
            sat = std::move(r);
        } catch (const std::bad_alloc&) {
            return;  // the fission search still answers or times out
        } catch (...) {
            partner_failure = std::current_exception();  // rethrown after the join, never lost
            return;
        }
        if (sat.answer != sched::SatAnswer::Unknown) stop = true;
    };
    if (o.sat_partner && sat_encoding) {
        try {
            partner = std::thread(partner_work);
        } catch (const std::system_error&) {
            // No thread to be had (a process or memory limit): the fission search alone.
        }
    }
    Budget budget(budget_seconds(run.limits.deadline), node_budget, &stop);
    Schedule found;
    const FrameSearch::Outcome outcome = fission.decide(L, budget, &found);
    {
        std::lock_guard lock(m);
        fission_done = true;
    }
    cv.notify_all();
    stop = true;
    if (partner.joinable()) partner.join();
    if (partner_failure) std::rethrow_exception(partner_failure);
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

/// The starting schedule of the exact methods: the portfolio's best (stopping at the
/// bound), or with constructions off DSatur alone (round-robin if DSatur cannot finish).
/// Once per solve.
void start_from_constructions(Run& run) {
    if (std::exchange(run.constructed, true)) return;
    std::vector<sched::Construction> list =
        sched::standard_constructions(run.r.lower_bound > run.r.duration ? run.r.lower_bound : 0);
    if (!run.o.constructions) {
        const auto named = [&list](const std::string& name) {
            return *std::find_if(list.begin(), list.end(), [&name](const auto& c) { return c.name == name; });
        };
        list = {named("dsatur"), named("round-robin")};
    }
    run.progress("constructions");
    sched::PortfolioOutcome p = sched::run_portfolio(run.traffic, list, run.limits, run.r.lower_bound);
    if (!run.o.constructions && !p.runs.empty() && p.runs.front().length < 0)
        run.r.skipped.push_back("dsatur: out of time or memory");
    for (const auto& c : p.runs) run.r.constructions.push_back({c.name, c.length, c.ms});
    if (p.timed_out) run.r.timed_out = true;
    run.r.schedule = std::move(p.best);
    run.r.solver = p.best_by;
    run.progress("constructions");
}

/// Small traffics try the liquid search at the lower bound before the portfolio: on the
/// testbed patterns it answers within a millisecond, less than the portfolio costs
/// (kring-2314-0231, 256 transfers: 0.75 ms of constructions, none of them liquid, then
/// the search anyway). Larger ones build the constructions first: the search's tables grow
/// quadratically with the transfers (kring-a2a-32x32, 1 024 transfers: 6.3 ms searching
/// first, 5.6 ms with DSatur answering first). With constructions off (the papers'
/// experiment) the search runs once, its counts not split in two.
constexpr int kSearchFirstTransfersMax = 512;

bool searches_first(const Run& run) { return run.o.constructions && run.traffic.size() <= kSearchFirstTransfersMax; }

/// The clique bound within the limits (memory: its congestion graph).
std::vector<int> clique_bound(Run& run) {
    run.progress("clique bound");
    // Greedy seeds from every link and transfer until the deadline: a tenth of the time
    // left is enough (9 900 transfers of torus:10x10 would otherwise take all of it).
    Limits share = run.limits;
    if (share.deadline.limited()) share.deadline = share.deadline.sooner(0.1 * share.deadline.remaining_s());
    const std::vector<int> clique = sched::large_clique(run.traffic, 48, &share);
    if (static_cast<int>(clique.size()) > run.r.lower_bound) {
        run.r.lower_bound = static_cast<int>(clique.size());
        run.r.bound_by = "clique";
        // A clique larger than Λ proves that no liquid schedule exists (report §7.1,
        // Fig. 11–12: three pairwise congesting transfers, Λ = 2).
        run.r.no_liquid_proven = true;
    }
    return clique;
}

/// The link-pair counting bound, given a fifth of the time left.
void counting_bound(Run& run) {
    if (run.proven() || run.limits.deadline.expired()) return;
    run.progress("counting bound");
    const Deadline d = run.limits.deadline.limited() ? run.limits.deadline.sooner(0.2 * run.limits.deadline.remaining_s())
                                                     : Deadline::after(10.0);
    const sched::CountingBound b = sched::link_pair_bound(run.traffic, run.r.lower_bound, d);
    if (b.bound > run.r.lower_bound) {
        run.r.lower_bound = b.bound;
        run.r.bound_by = "link pair " + run.traffic.link_name(b.link_a) + " + " + run.traffic.link_name(b.link_b);
        run.r.no_liquid_proven = true;
    }
}

/// Builds the frame search if it fits in memory and time; records why not otherwise.
std::unique_ptr<FrameSearch> make_frame_search(Run& run, int L) {
    if (run.traffic.size() > sched::kFrameSearchTransfersMax) {
        run.r.skipped.push_back("exact search: " + std::to_string(run.traffic.size()) + " transfers, more than the " +
                                std::to_string(sched::kFrameSearchTransfersMax) + " its bitset tables handle within seconds");
        return nullptr;
    }
    const std::uint64_t need = sched::frame_search_memory_bytes(run.traffic, L);
    if (!run.limits.fits(need)) {
        // Beside what the command holds already (Limits::fits): the traffic may be most of it.
        run.r.skipped.push_back("exact search: needs " + megabytes(need) + " beside the " + megabytes(resident_bytes()) +
                                " held, memory limit " + megabytes(run.limits.memory_bytes));
        return nullptr;
    }
    sched::FrameSearchOptions fo;
    // Its virtual clique links are seeded from every transfer until this deadline: a
    // twentieth of the time left.
    const Deadline& d = run.limits.deadline;
    fo.deadline = d.limited() ? d.sooner(0.05 * d.remaining_s()) : d;
    fo.strategy = run.o.strategy;
    fo.pivot = run.o.pivot;
    auto search = std::make_unique<FrameSearch>(run.traffic, fo);
    if (run.limits.deadline.expired()) return nullptr;
    return search;
}

void record_search(SolveResult& r, const FrameSearch& search) {
    r.categories = search.categories(), r.full_teams = search.full_teams(), r.nodes = search.nodes();
}

void record_search_if(SolveResult& r, const FrameSearch* search) {
    if (search) record_search(r, *search);
}

/// Asks the fission search "schedulable in L frames?" on `budget` and applies the answer:
/// Found (and verified) takes the schedule, Exhausted raises the lower bound to L + 1
/// (at L = Λ: no liquid schedule exists). Stopped otherwise, including an invalid schedule.
FrameSearch::Outcome ask_fission(Run& run, FrameSearch& search, int L, Budget budget) {
    SolveResult& r = run.r;
    Schedule s;
    const FrameSearch::Outcome outcome = search.decide(L, budget, &s);
    record_search(r, search);
    if (outcome == FrameSearch::Outcome::Found)
        return accept(run.traffic, r, std::move(s), "fission") ? outcome : FrameSearch::Outcome::Stopped;
    if (outcome == FrameSearch::Outcome::Exhausted) {
        if (L == r.duration) r.no_liquid_proven = true;
        r.lower_bound = std::max(r.lower_bound, L + 1);
        r.bound_by = "fission";
    }
    return outcome;
}

/// The budget of the rest of the search: the time left, the nodes left of --node-limit.
Budget remaining_budget(const Run& run, const FrameSearch& search) {
    const std::uint64_t limit = run.o.node_limit, used = search.nodes();
    return Budget(budget_seconds(run.limits.deadline), limit ? std::max<std::uint64_t>(1, limit - std::min(limit, used)) : 0);
}

/// Small traffics (searches_first), before the constructions: the fission search at Λ
/// alone (no SAT thread) for min(20 ms, 2 % of the time left); Found: the schedule is
/// liquid, nothing else runs. Not beyond Λ (the clique bound exceeds it): there the
/// constructions often meet the bound at once and the fission search is slow.
FrameSearch::Outcome quick_search(Run& run, FrameSearch* search) {
    if (!search || run.constructed || run.r.lower_bound != run.r.duration || run.limits.deadline.expired())
        return FrameSearch::Outcome::Stopped;
    const Deadline& d = run.limits.deadline;
    const double slice = d.limited() ? std::max(1e-6, std::min(0.02, 0.02 * d.remaining_s())) : 0.02;
    return ask_fission(run, *search, run.r.duration, Budget(slice, run.o.node_limit));
}

void solve_liquid(Run& run) {
    SolveResult& r = run.r;
    if (!searches_first(run)) start_from_constructions(run);
    // Without the portfolio, DSatur is only the fallback: the liquid search still runs.
    if (run.proven() && run.o.constructions) return;
    // The clique bound proves "no liquid schedule" at once when it exceeds Λ; the search
    // below would find the same (its virtual clique links overflow at the root).
    clique_bound(run);
    if (r.no_liquid_proven || run.limits.deadline.expired()) {
        start_from_constructions(run);
        r.timed_out = r.timed_out || !r.no_liquid_proven;
        return;
    }
    run.progress("liquid search");
    std::unique_ptr<FrameSearch> search = make_frame_search(run, r.duration);
    const FrameSearch::Outcome quick = quick_search(run, search.get());
    if (quick == FrameSearch::Outcome::Found) return;
    start_from_constructions(run);  // the answer when no liquid schedule exists or the search times out
    if (quick == FrameSearch::Outcome::Exhausted || (run.proven() && run.o.constructions)) return;
    if (!search || ask_fission(run, *search, r.duration, remaining_budget(run, *search)) == FrameSearch::Outcome::Stopped)
        r.timed_out = true;
}

std::string describe(const sched::InvariantOutcome& o) {
    switch (o.answer) {
        case sched::InvariantAnswer::Found: return sched::invariant_construction_name(o);
        case sched::InvariantAnswer::NoInvariant: return "none under the symmetries tried (not a proof for other schedules)";
        case sched::InvariantAnswer::NoGroup: return "no symmetry group of a usable order";
        case sched::InvariantAnswer::TooLarge: return "encoding above the memory limit";
        case sched::InvariantAnswer::Unknown: break;
    }
    return "budget expired";
}

/// The remaining budget's share `share` (without a time limit: `share` minutes).
Clock::time_point share_of(const Run& run, double share) {
    const Deadline& d = run.limits.deadline;
    return time_point_of(d.limited() ? d.sooner(share * d.remaining_s()) : d, share * 60);
}

/// The group-invariant search on 70 % of the remaining budget. The symmetry
/// detection is the cheap signal: a trivial group (most irregular traffics) ends the stage
/// at once. On a symmetric traffic the quotient searches are the best bet, and half the
/// budget left them too little CPU on a loaded machine (chordal-ring:64,7: liquid for 1
/// of 2 seeds at 50 %, 2 of 2 at 70 %; torus:8x8 and mesh:4x4x4, whose answers come from
/// the tabu stage after it, within one frame of the 50 % runs). Takes the invariant
/// schedule when it is shorter than the best one.
void try_invariant(Run& run) {
    SolveResult& r = run.r;
    run.progress("symmetry-invariant search");
    const Clock::time_point deadline = share_of(run, 0.7);
    const sched::TrafficSymmetry symmetry = sched::find_symmetry(run.traffic, deadline);
    r.symmetry_order = static_cast<double>(symmetry.order);
    const auto memory = static_cast<std::size_t>(run.limits.memory_bytes);
    // First, on a sixth of the stage, a length just above the bound with an invariant form
    // of one or two base frames: its local search answers in milliseconds where one exists
    // (torus:7x7: 49 frames against Λ 48), and the bound's attempts then only need to beat it.
    constexpr int kNearBaseFrames = 2;
    const int near = sched::next_invariant_length(run.traffic, symmetry, r.lower_bound, r.schedule.length(), kNearBaseFrames);
    const Clock::time_point now = Clock::now();
    if (near > 0 && deadline > now) {
        run.progress("symmetry-invariant search, " + std::to_string(near) + " frames");
        sched::InvariantOutcome longer = sched::search_invariant_schedule(run.traffic, symmetry, near, run.o.seed,
                                                                          now + (deadline - now) / 6, memory, kNearBaseFrames);
        if (longer.answer == sched::InvariantAnswer::Found && longer.schedule.length() < r.schedule.length())
            accept(run.traffic, r, std::move(longer.schedule), sched::invariant_construction_name(longer));
        run.progress("symmetry-invariant search");
    }
    sched::InvariantOutcome inv =
        sched::search_invariant_schedule(run.traffic, symmetry, r.lower_bound, run.o.seed, deadline, memory);
    r.invariant = symmetry.skipped ? "symmetry detection skipped (" + symmetry.skip_reason + ")" : describe(inv);
    if (inv.answer == sched::InvariantAnswer::Found && inv.schedule.length() < r.schedule.length())
        accept(run.traffic, r, std::move(inv.schedule), sched::invariant_construction_name(inv));
}

/// The tabu descent (tabu_descent.hpp) on half the remaining budget, from the best
/// schedule down to the lower bound; takes its schedule when it is shorter.
void try_tabu(Run& run) {
    SolveResult& r = run.r;
    run.progress("tabu search");
    const auto trying = [&run](int L) { run.progress("tabu search, trying " + std::to_string(L) + " frames"); };
    std::optional<sched::TabuDescent> d =
        sched::tabu_descent(run.traffic, r.schedule, r.lower_bound, run.o.seed, run.limits, share_of(run, 0.5), trying);
    if (d) accept(run.traffic, r, std::move(d->schedule), "tabu(seed " + std::to_string(d->seed) + ")");
}

/// Iterative deepening: the first L that succeeds is the optimum, every refuted L raises
/// the lower bound. False when the budget of `run` expired first.
bool deepen(Run& run, FrameSearch& search, SatPartner& sat, const std::vector<int>& clique) {
    SolveResult& r = run.r;
    for (int L = r.lower_bound; L < r.schedule.length(); ++L) {
        if (run.limits.deadline.expired() || (run.o.node_limit && search.nodes() >= run.o.node_limit)) {
            r.timed_out = true;
            return false;
        }
        run.progress("search, trying " + std::to_string(L) + " frames");
        const std::uint64_t nodes_left = run.o.node_limit ? run.o.node_limit - search.nodes() : 0;
        PortfolioAnswer a = portfolio_decide(run, search, L, sat.get(run, L, r.schedule.length() - 1, clique), nodes_left);
        if (a.decision == Decision::Found && accept(run.traffic, r, std::move(a.schedule), a.solver)) return true;
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

/// A pass of the exact deepening on min(`cap_s`, `share` of the time left); true when it
/// answered (optimum found or proven). A pass cut off by its own deadline is not a timeout
/// of the whole solve.
bool exact_pass(Run& run, FrameSearch* search, SatPartner& sat, const std::vector<int>& clique, double cap_s, double share,
                bool eager_sat) {
    if (!search || run.limits.deadline.expired()) return false;
    const Deadline& d = run.limits.deadline;
    Run pass = run;
    pass.eager_sat = eager_sat;
    pass.limits.deadline = d.sooner(d.limited() ? std::min(cap_s, share * d.remaining_s()) : cap_s);
    const bool answered = deepen(pass, *search, sat, clique);
    if (!answered) run.r.timed_out = false;
    return answered;
}

void solve_optimal(Run& run) {
    SolveResult& r = run.r;
    if (!searches_first(run)) start_from_constructions(run);
    if (run.proven()) return;
    const std::vector<int> clique = clique_bound(run);
    if (r.lower_bound > r.duration) start_from_constructions(run);  // no quick search beyond Λ
    if (run.proven()) return;
    std::unique_ptr<FrameSearch> search = make_frame_search(run, std::max(r.schedule.length(), r.lower_bound));
    if (quick_search(run, search.get()) == FrameSearch::Outcome::Found) return;
    start_from_constructions(run);
    if (run.proven()) return record_search_if(r, search.get());
    SatPartner sat;
    // The structure stages belong to the construction portfolio: off with it (the papers'
    // experiment) and with --no-structure.
    const bool structure = run.o.structure && run.o.constructions;
    if (structure && !run.limits.deadline.expired()) {
        // Cheapest first. A quick exact pass (min(0.1 s, 2 % of the time left); the SAT
        // partner starts at once when its encoding takes milliseconds, e.g. ring arcs)
        // answers the easy instances (testbed patterns take milliseconds). Then the
        // invariant search: it answers symmetric fabrics (torus:6x6 in 0.3 s) and ends at
        // once on a trivial group. Only then the counting bound (it matters only when no liquid schedule
        // exists; 0.5 s on torus:6x6) and a longer exact pass with the SAT partner
        // (min(1 s, 10 %): ring arcs refuted by CaDiCaL), before the tabu search.
        if (exact_pass(run, search.get(), sat, clique, 0.1, 0.02, true)) return record_search(r, *search);
        try_invariant(run);
        if (run.proven()) return record_search_if(r, search.get());
    }
    counting_bound(run);
    if (run.proven()) return record_search_if(r, search.get());
    if (structure && !run.limits.deadline.expired()) {
        if (exact_pass(run, search.get(), sat, clique, 1.0, 0.1, false)) return record_search(r, *search);
        if (!run.limits.deadline.expired()) try_tabu(run);
    }
    if (!search) {
        r.timed_out = !run.proven();
        return;
    }
    deepen(run, *search, sat, clique);
    record_search(r, *search);
}

Limits limits_of(const SolveOptions& o, int transfers) {
    Limits limits;
    // Within the command's --time-limit too, leaving it the time a result needs. When that
    // does not fit in what is left, no result could be printed in time: the command ends
    // now (exit 4) instead of long after its limit. A result due at most 50 ms past the
    // limit is still made: a small traffic whose budget ran out while it was built gets its
    // first construction (milliseconds), not nothing. The search also stays within
    // search_deadline()'s share, which leaves what a command does next (simulating or
    // planning the result) as long as it spent before the search.
    const double after = o.seconds_after_search + o.seconds_after_search_per_transfer * transfers;
    throw_unless_budget_left(after - 0.05);
    limits.deadline = search_deadline(o.time_limit_s);
    const double budget_left = time_budget_left();
    const double left = std::isfinite(budget_left) ? budget_left : limits.deadline.remaining_s();
    if (std::isfinite(left)) limits.deadline = limits.deadline.sooner(std::max(1e-6, left - after));
    if (o.memory_limit_bytes > 0) limits.memory_bytes = o.memory_limit_bytes;
    return limits;
}

/// The method's search; `run.r` holds its best verified schedule at every point after the
/// first one.
void solve_by_method(Run& run) {
    const Traffic& traffic = run.traffic;
    const SolveOptions& options = run.o;
    SolveResult& r = run.r;
    switch (options.method) {
        case Method::Liquid: solve_liquid(run); break;
        case Method::Optimal: solve_optimal(run); break;
        case Method::Milp: sched::solve_with_milp(traffic, options, budget_seconds(run.limits.deadline), r); break;
        case Method::Sat: sched::solve_with_sat(traffic, options, budget_seconds(run.limits.deadline), r); break;
        default:
            if (!accept(traffic, r, baseline(traffic, options), method_name(options.method)))
                throw std::logic_error(std::string("liquid: the ") + method_name(options.method) +
                                       " schedule failed verification: " + verify_schedule(traffic, baseline(traffic, options)));
    }
}

}  // namespace

SolveResult solve(const Traffic& traffic, const SolveOptions& options) {
    const Clock::time_point start = Clock::now();
    SolveResult r;
    r.method = options.method;
    const TrafficAnalysis a = analyze(traffic);
    r.duration = a.duration;
    r.bottlenecks = a.bottlenecks;
    r.liquid_throughput = a.liquid_ratio();
    r.lower_bound = a.duration;
    if (options.method != Method::Liquid &&
        (options.strategy != SearchStrategy::FullTeams || options.pivot != PivotRule::Constrained))
        throw InputError("--strategy/--pivot", std::string("apply to --method liquid only, not ") + method_name(options.method),
                         "drop them or use --method liquid");
    Run run{traffic, options, limits_of(options, traffic.size()), r, {}};
    run.whole = run.limits.deadline;
    try {
        const SearchInProgress searching;
        solve_by_method(run);
    } catch (const Interrupted&) {
        // A signal or the budget's end inside a step without a result of its own (a bound's
        // congestion graph): the verified schedule held so far is the answer, as when a
        // search's deadline expires. Without one the command ends with its message.
        if (r.solver.empty()) throw;
        r.timed_out = true;
    }
    r.liquid = r.schedule.length() == r.duration;
    if (r.liquid) r.lower_bound = r.duration;
    // Proven optimal: exhausted searches below the length, or length == a lower bound.
    r.optimal = r.schedule.length() <= r.lower_bound;
    if (r.optimal) r.timed_out = false;
    if (options.wavelengths > 0) {
        // Report §2.2: frames are wavelengths; W of them run at once in one round.
        r.rounds = (r.schedule.length() + options.wavelengths - 1) / options.wavelengths;
        r.rounds_lower_bound = (r.lower_bound + options.wavelengths - 1) / options.wavelengths;
    }
    r.elapsed_ms = seconds_since(start) * 1e3;
    return r;
}

}  // namespace liquid
