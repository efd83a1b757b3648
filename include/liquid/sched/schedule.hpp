#pragma once
// Schedules and the scheduling front door (report §5–7).
// INTERFACE CONTRACT: the testbed (issue 4) and the simulator (issue 5) program against
// the declarations in this file; extend it, but do not change what is declared here.
#include <cstdint>
#include <string>
#include <vector>

#include "liquid/traffic/schedule.hpp"
#include "liquid/traffic/traffic.hpp"

// Time budget: time_limit_s <= 0 means no wall-clock limit (node_limit may still apply).

namespace liquid {

enum class Method { Liquid, Optimal, DSatur, RoundRobin, Random, Fifo };

/// "liquid", "optimal", "dsatur", "round-robin", "random", "fifo".
const char* method_name(Method m);
/// Parses a method name; throws InputError naming the accepted ones.
Method parse_method(const std::string& name);

struct SolveOptions {
    Method method = Method::Optimal;
    double time_limit_s = 10.0;   // wall-clock budget of exact searches
    std::uint64_t node_limit = 0; // search-node budget of exact searches (0 = none)
    std::uint64_t seed = 1;       // Random order (printed by front ends)
    int wavelengths = 0;          // > 0: frames are grouped into rounds of at most W (report §2.2)
    // Extensions (issue 3): the SAT portfolio partner of the optimal search and the delay
    // after which it starts (easy instances are answered by the fission search alone).
    bool sat_partner = true;
    double sat_delay_s = 0.05;    // for L = Λ; beyond Λ the partner starts at once
    // Issue 10 (structure): before the exact search, a group-invariant schedule search and
    // a tabu search at the lower bound (then below the best length), on a share of the
    // time budget. The seed of the tabu search and of the subgroup search is `seed`.
    bool structure = true;
    // Memory the SAT encodings may take, estimated before they are built and refused above
    // (the SAT partner takes at most half; e.g. 4 032 transfers x 63 frames is 1.2 M
    // variables, 770 MB, and is refused at the default). 0 = 1 GiB.
    std::uint64_t memory_limit_bytes = 0;
};

struct SolveResult {
    Schedule schedule;
    Method method = Method::Optimal;
    int duration = 0;         // Λ of the traffic
    int lower_bound = 0;      // best proven lower bound on the length (>= Λ)
    bool liquid = false;      // length == duration
    bool optimal = false;     // proven optimal (exhausted search or length == lower bound)
    bool no_liquid_proven = false;  // the liquid search was exhausted without a schedule
    bool timed_out = false;   // a budget expired; schedule is the best known
    std::uint64_t categories = 0;   // categories traversed by the fission search
    std::uint64_t full_teams = 0;   // full teams produced
    std::uint64_t nodes = 0;        // search nodes (frames tried)
    double elapsed_ms = 0;
    int rounds = 0;           // with wavelengths > 0: rounds of at most W frames
    std::string solver;       // which portfolio member answered ("fission", "sat", "dsatur", ...)
    std::string bound_by = "duration";  // what proved lower_bound: "duration" (Λ), "clique",
                                        // "fission" (exhausted search) or "sat" (CaDiCaL)
    int rounds_lower_bound = 0;  // with wavelengths > 0: ceil(lower_bound / W); rounds are
                                 // optimal when rounds == rounds_lower_bound
    double symmetry_order = 0;   // order of the traffic's symmetry group (0: not computed)
    std::string invariant;       // outcome of the invariant search ("" when not run)
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
