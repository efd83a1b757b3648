#pragma once
// Schedules and the scheduling front door (report §5–7).
// The testbed, the simulator, the report and the commands program against these
// declarations: extend them rather than change their meaning.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "liquid/sched/full_teams.hpp"
#include "liquid/traffic/schedule.hpp"
#include "liquid/traffic/traffic.hpp"

// Time budget: time_limit_s <= 0 means no wall-clock limit (node_limit may still apply).

namespace liquid {

// Milp and Sat are the peers (the other ways to an exact answer): the papers' MILP through CBC or GLPK, and the
// CaDiCaL decision alone, deepening from the lower bound.
enum class Method { Liquid, Optimal, DSatur, RoundRobin, Random, Fifo, Milp, Sat };

/// The library solving --method milp.
enum class MilpSolver { Cbc, Glpk };
/// "cbc", "glpk".
const char* milp_solver_name(MilpSolver s);
/// Parses a MILP solver name; throws InputError naming the accepted ones.
MilpSolver parse_milp_solver(const std::string& name);

/// "liquid", "optimal", "dsatur", "round-robin", "random", "fifo", "milp", "sat".
const char* method_name(Method m);
/// Parses a method name; throws InputError naming the accepted ones.
Method parse_method(const std::string& name);
/// "liquid, optimal, ... or sat": every method name, for help texts.
std::string method_names_list();
/// The sending orders round-robin, random and fifo: methods that order each sender's
/// messages (report §8.2's topology-unaware baselines; as schedules, report §3) rather
/// than search for frames. One vocabulary for `schedule --method` and the simulator's queues.
bool is_sending_order(Method m);
/// Parses "round-robin", "random" or "fifo"; throws InputError(where) for any other name.
Method parse_sending_order(const std::string& name, const std::string& where = "--method");

/// Which frames the liquid search tries at each step (Gabrielyan & Hersch, "Liquid schedule
/// searching strategies", ICON 2004, §7). All three are complete; each narrows the last:
///  * OriginalTeams (§7.1): every team of the original traffic (uses its bottlenecks)
///    contained in the remaining traffic; dead end only when none is left;
///  * RemainderTeams (§7.2): every team of the remaining traffic (uses its bottlenecks,
///    the newly emerging ones included);
///  * FullTeams (§7.3, the final strategy and the default): full teams of the remainder.
enum class SearchStrategy { OriginalTeams, RemainderTeams, FullTeams };
/// "original-teams", "remainder-teams", "full-teams".
const char* search_strategy_name(SearchStrategy s);
/// Parses a strategy name; throws InputError(where) naming the accepted ones.
SearchStrategy parse_search_strategy(const std::string& name, const std::string& where = "--strategy");

struct SolveOptions {
    Method method = Method::Optimal;
    double time_limit_s = 10.0;    // wall-clock budget of exact searches
    std::uint64_t node_limit = 0;  // search-node budget of exact searches (0 = none)
    std::uint64_t seed = 1;        // Random order (printed by front ends)
    int wavelengths = 0;           // > 0: frames are grouped into rounds of at most W (report §2.2)
    // Hard cases: the SAT portfolio partner of the optimal search and the delay
    // after which it starts (easy instances are answered by the fission search alone).
    bool sat_partner = true;
    double sat_delay_s = 0.05;  // for L = Λ; beyond Λ the partner starts at once
    // The time limit bounds the whole solve, so it holds on fabric-scale traffics: bounds,
    // constructions, searches, SAT partner and verification (0 = no limit).
    // Memory for the large structures (searches, SAT encoding, DSatur): 0 = half of the
    // physical memory. A structure that would not fit is skipped, and the result says so.
    std::uint64_t memory_limit_bytes = 0;
    // What the result still needs after the search, per transfer, kept back from the time
    // limit: the first construction (round-robin, built whatever the time left: the baseline
    // every answer must match), verifying, rendering and printing the schedule, and freeing
    // the traffic. Measured on the 2-vCPU VM of docs/performance.md: 0.5-0.8 µs per
    // transfer from 1 to 16.7 million transfers on fat trees and hypercubes, 0.9 µs on
    // torus:16x16x16 (routes of 14 links on average, frames of transfers far apart). A caller
    // that does more with the result (a report page: drawings, heat maps, charts) raises
    // it, so the command still ends within its --time-limit.
    double seconds_after_search_per_transfer = 2e-6;
    // And what it needs whatever the traffic's size (a report's drawing of the network,
    // which scales with the network's links), kept back the same way.
    double seconds_after_search = 0;
    // Optimal / liquid: start from the construction portfolio (round-robin, shift / XOR
    // phases, DSatur, ...; sched/portfolio.hpp) and stop at once if it reaches the bound.
    bool constructions = true;
    // Called from the solving thread whenever the best length, the lower bound or the
    // phase changes (front ends draw progress from it; the library never prints).
    std::function<void(int length, int lower_bound, const std::string& phase)> progress;
    MilpSolver milp_solver = MilpSolver::Cbc;  // Method::Milp
    // Optimal, using the traffic's structure: after the portfolio, a group-invariant schedule
    // search and a tabu search at the lower bound (then below the best length), on shares
    // of the time budget; off with constructions = false. Seed of the tabu and subgroup
    // searches: `seed`. The SAT partner takes at most half the memory limit.
    bool structure = true;
    // Method::Liquid only (the others throw InputError on anything but the defaults): the
    // search strategy (ICON'04 §7.1–7.3) and the pivot rule of its enumerations.
    SearchStrategy strategy = SearchStrategy::FullTeams;
    PivotRule pivot = PivotRule::Constrained;
};

/// The standing of a schedule's length in the words every renderer prints: "liquid, proven
/// optimal", "not liquid, proven optimal", "not liquid, budget expired: best known" or
/// "not liquid, not proven optimal". "optimal" is said only with a proof.
std::string length_verdict(bool liquid, bool optimal, bool timed_out);
/// The same words without the liquid part, for a weighted schedule's time: "proven
/// optimal", "budget expired: best known" or "not proven optimal".
std::string time_verdict(bool optimal, bool timed_out);

struct SolveResult {
    Schedule schedule;
    Method method = Method::Optimal;
    int duration = 0;               // Λ of the traffic
    std::vector<int> bottlenecks;   // its links with load Λ, ascending (what a liquid schedule keeps busy)
    double liquid_throughput = 0;   // transfers per frame of a liquid schedule (report §4)
    int lower_bound = 0;            // best proven lower bound on the length (>= Λ)
    bool liquid = false;            // length == duration
    bool optimal = false;           // proven optimal (exhausted search or length == lower bound)
    bool no_liquid_proven = false;  // the liquid search was exhausted without a schedule
    bool timed_out = false;         // a budget expired; schedule is the best known
    std::uint64_t categories = 0;   // categories traversed by the fission search
    std::uint64_t full_teams = 0;   // full teams produced
    std::uint64_t nodes = 0;        // search nodes (frames tried)
    double elapsed_ms = 0;
    int rounds = 0;                     // with wavelengths > 0: rounds of at most W frames
    std::string solver;                 // which portfolio member answered ("fission", "sat", "dsatur", ...)
    std::string bound_by = "duration";  // what proved lower_bound: "duration" (Λ), "clique",
                                        // "fission" (exhausted search) or "sat" (CaDiCaL)
    int rounds_lower_bound = 0;         // with wavelengths > 0: ceil(lower_bound / W); rounds are
                                        // optimal when rounds == rounds_lower_bound
    // What the construction portfolio built (name, length or -1, ms) and what was skipped.
    struct ConstructionLength {
        std::string name;
        int length = -1;
        double ms = 0;
    };
    std::vector<ConstructionLength> constructions;
    std::vector<std::string> skipped;  // e.g. "exact search: needs 1.6 GB, memory limit 1 GB"
    double symmetry_order = 0;         // order of the traffic's symmetry group (0: not computed)
    std::string invariant;             // outcome of the invariant search ("" when not run)
};

/// Frame indices of round k when frames are grouped consecutively into rounds of at most
/// W wavelengths (report §2.2).
std::vector<std::vector<int>> group_into_rounds(const Schedule& schedule, int wavelengths);

/// Schedules `traffic` with the chosen method. Every returned schedule has passed
/// verify_schedule(). Never exceeds the budgets by more than a few milliseconds.
SolveResult solve(const Traffic& traffic, const SolveOptions& options = {});

/// Independent verifier (separate code path from the searches): the schedule partitions
/// the traffic and no two transfers of a frame share a link. Returns "" when valid,
/// otherwise a sentence naming the first problem.
std::string verify_schedule(const Traffic& traffic, const Schedule& schedule);

}  // namespace liquid
