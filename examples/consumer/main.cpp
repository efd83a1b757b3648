// Schedules an all-to-all on the two-switch example network through the installed liquid
// library and checks the schedule with the independent verifier. Prints one line and exits
// with 0 when the schedule is liquid (its length equals Λ, the load of the busiest link).
#include <cstdio>

#include "liquid/net/generators.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"

int main() {
    const liquid::Network net = liquid::make_two_switch();
    liquid::PatternSpec spec;
    spec.name = "all-to-all";
    const liquid::Traffic traffic = liquid::make_pattern(net, spec);
    liquid::SolveOptions options;
    options.method = liquid::Method::Liquid;
    const liquid::SolveResult r = liquid::solve(traffic, options);
    const std::string problem = liquid::verify_schedule(traffic, r.schedule);
    std::printf("%d transfers, Lambda %d, schedule length %d, verifier: %s\n", traffic.size(), r.duration, r.schedule.length(),
                problem.empty() ? "ok" : problem.c_str());
    return problem.empty() && r.liquid ? 0 : 1;
}
