#include "weighted_schedule.hpp"

#include <climits>

#include "liquid/traffic/byte_load.hpp"
#include "option_checks.hpp"

namespace liquid::app {

void add_weighted_options(CLI::App& cmd, WeightedCliOptions& o) {
    cmd.add_option("--frame-overhead", o.frame_overhead,
                   "weighted: cost of every frame, seconds (synchronisation; a circuit switch's reconfiguration delay)")
        ->check(non_negative_seconds());
    cmd.add_option("--min-piece", o.min_piece, "weighted: smallest piece of a split transfer, bytes")
        ->check(whole_number(1, LLONG_MAX));
    cmd.add_option("--weighted-method", o.method,
                   "weighted: best (default: every method, the shortest wins) | lp | greedy | uniform | bucketed | bvn | "
                   "solstice | eclipse");
}

bool wants_weighted(const CLI::App& cmd, const LoadedTraffic& in) {
    return in.demand || has_unequal_sizes(in.traffic) || cmd.count("--frame-overhead") > 0 || cmd.count("--min-piece") > 0 ||
           cmd.count("--weighted-method") > 0;
}

WeightedOptions weighted_options(const WeightedCliOptions& o, double time_limit_s, std::uint64_t seed) {
    WeightedOptions w;
    w.method = parse_weighted_method(o.method);
    w.frame_overhead_s = o.frame_overhead;
    w.min_piece = o.min_piece;
    w.time_limit_s = time_limit_s;
    w.seed = seed;
    return w;
}

}  // namespace liquid::app
