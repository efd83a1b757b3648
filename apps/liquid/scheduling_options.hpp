#pragma once
// The scheduling options of every command that solves (schedule, simulate, plan, report):
// one set of flags, one help text per flag, one default (the library's SolveOptions) and
// one validator, so a value one command rejects every command rejects.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "liquid/sched/schedule.hpp"

namespace liquid::app {

struct SchedulingOptions {
    std::string method = method_name(SolveOptions{}.method);
    double time_limit_s = SolveOptions{}.time_limit_s;
    double memory_limit_mb = 0;  // 0 = half the physical memory
    long long node_limit = 0;    // 0 = none
    std::uint64_t seed = SolveOptions{}.seed;
    bool no_sat = false, no_structure = false;
    std::string solver;           // --method milp: cbc (default) or glpk
    std::string strategy, pivot;  // --method liquid: ICON'04 §7 strategy, enumeration pivot rule
};

/// Adds --method, --time-limit, --memory-limit, --node-limit and the methods' own knobs
/// (--solver, --no-sat, --no-structure, --strategy, --pivot). `with_seed`: also --seed (a
/// command with the traffic options has its --seed there and passes it to solve_options).
void add_scheduling_options(CLI::App& cmd, SchedulingOptions& o, bool with_seed);

/// The library's options from the flags; throws InputError naming the flag when a value or
/// a combination is invalid (a knob of another method, a non-positive budget).
SolveOptions solve_options(const SchedulingOptions& o, std::uint64_t seed);
/// Same, with the group's own --seed.
SolveOptions solve_options(const SchedulingOptions& o);

}  // namespace liquid::app
