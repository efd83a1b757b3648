#pragma once
// --time-limit and --memory-limit: one definition (flag, help, check) for every command.
// The solving commands (schedule, simulate, plan, report) add them with their other
// scheduling options (scheduling_options.hpp), where the time limit defaults to the
// search's budget; the commands that only build and print (analyze, export, traffic) add
// them here, with no time limit unless one is given. Either way the budget holds from the
// command's start (command_budget.hpp).
#include <CLI/CLI.hpp>
#include <cstdint>

namespace liquid::app {

struct BudgetOptions {
    double time_limit_s = 0;     // 0: none
    double memory_limit_mb = 0;  // 0: half the physical memory
};

void add_time_limit_option(CLI::App& cmd, double& seconds);
void add_memory_limit_option(CLI::App& cmd, double& megabytes);
/// Throws InputError naming --memory-limit unless `megabytes` is 0 or at least 1.
void check_memory_limit(double megabytes);
/// The limit in bytes (0: none given), checked as above.
std::uint64_t memory_limit_bytes(double megabytes);

/// Adds --time-limit and --memory-limit (a command that does not search).
void add_budget_options(CLI::App& cmd, BudgetOptions& o);

}  // namespace liquid::app
