#include "budget_options.hpp"

#include <cmath>

#include "liquid/base/error.hpp"
#include "option_checks.hpp"

namespace liquid::app {

void add_time_limit_option(CLI::App& cmd, double& seconds) {
    cmd.add_option("--time-limit", seconds,
                   "wall-clock budget of the whole command (network, routes, traffic, search, output), seconds; exit 4 if it "
                   "runs out before any result")
        ->check(positive_seconds());
}

void add_memory_limit_option(CLI::App& cmd, double& megabytes) {
    cmd.add_option("--memory-limit", megabytes,
                   "resident memory of the whole command (network, routes, traffic, search), MB; exit 3 above it (default: half "
                   "the physical memory)")
        ->check(finite_number(0, 1e9, false));
}

void check_memory_limit(double megabytes) {
    if (!(megabytes >= 0) || !std::isfinite(megabytes) || megabytes > 1e9 || (megabytes > 0 && megabytes < 1))
        throw InputError("--memory-limit", "must be a number of megabytes >= 1 (0 = half the physical memory)",
                         "e.g. --memory-limit 2048");
}

std::uint64_t memory_limit_bytes(double megabytes) {
    check_memory_limit(megabytes);
    return static_cast<std::uint64_t>(megabytes * 1048576.0);
}

void add_budget_options(CLI::App& cmd, BudgetOptions& o) {
    add_time_limit_option(cmd, o.time_limit_s);
    add_memory_limit_option(cmd, o.memory_limit_mb);
}

}  // namespace liquid::app
