#include "weighted_schedule.hpp"

#include <algorithm>
#include <climits>

#include "liquid/base/error.hpp"
#include "liquid/base/time_budget.hpp"
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
                   "weighted: best (default: every method, the shortest wins) | lp | greedy | uniform | bucketed | unit-split | "
                   "bvn | solstice | eclipse");
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
    // What is left of --time-limit for the search (the command's budget, time_budget.hpp).
    w.time_limit_s = std::max(search_deadline(time_limit_s).remaining_s(), 1e-3);
    w.seed = seed;
    return w;
}

void refuse_equal_size_options(const CLI::App& cmd, const std::string& fix) {
    for (const char* name :
         {"--method", "--wavelengths", "--solver", "--strategy", "--pivot", "--no-sat", "--no-structure", "--node-limit"}) {
        const CLI::Option* option = cmd.get_option_no_throw(name);
        if (option && option->count() > 0)
            throw InputError(name, "applies to equal-size traffics only; this traffic is weighted", fix);
    }
}

}  // namespace liquid::app
