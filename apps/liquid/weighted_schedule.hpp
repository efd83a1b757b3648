#pragma once
// `liquid schedule` on weighted traffics (unequal sizes, --demand, --frame-overhead,
// --min-piece or --weighted-method): the options and the switch (the result's view is
// the library's, liquid/results/schedule_result.hpp).
#include <CLI/CLI.hpp>
#include <string>

#include "input.hpp"
#include "liquid/sched/weighted.hpp"

namespace liquid::app {

struct WeightedCliOptions {
    double frame_overhead = 0;
    long long min_piece = 1;
    std::string method = "best";
};

void add_weighted_options(CLI::App& cmd, WeightedCliOptions& o);
/// True when the traffic or the options ask for a weighted schedule.
bool wants_weighted(const CLI::App& cmd, const LoadedTraffic& in);
/// The weighted solve's options; its time is what is left of the command's `--time-limit`
/// (`time_limit_s`) when it is called.
WeightedOptions weighted_options(const WeightedCliOptions& o, double time_limit_s, std::uint64_t seed);
/// Throws InputError naming the first option of equal-size scheduling that the command line
/// gives (`--method`, `--solver`, ...); `fix` says what to give instead.
void refuse_equal_size_options(const CLI::App& cmd, const std::string& fix);

}  // namespace liquid::app
