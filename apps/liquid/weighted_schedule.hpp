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
WeightedOptions weighted_options(const WeightedCliOptions& o, double time_limit_s, std::uint64_t seed);

}  // namespace liquid::app
