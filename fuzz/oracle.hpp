#pragma once
// Shared oracle of the fuzz harnesses: an accepted input must round-trip through every
// format liquid writes, and every schedule liquid would print must pass the independent
// verifier. A violation aborts (libFuzzer records the input as a crash).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "liquid/io/round_trip.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid::fuzz {

inline void require(const std::string& problem, const char* what) {
    if (problem.empty()) return;
    std::fprintf(stderr, "fuzz oracle: %s: %s\n", what, problem.c_str());
    std::abort();
}

/// Small traffics only, and a search only for tiny ones: the harness must stay fast.
inline void check_schedules(const Traffic& traffic) {
    if (traffic.size() > 64) return;
    for (Method m : {Method::DSatur, Method::RoundRobin, Method::Liquid}) {
        if (m == Method::Liquid && traffic.size() > 10) continue;
        SolveOptions o;
        o.method = m;
        o.time_limit_s = 0.01;
        o.node_limit = 200;
        o.sat_partner = false;
        const SolveResult r = solve(traffic, o);
        require(verify_schedule(traffic, r.schedule), method_name(m));
    }
}

}  // namespace liquid::fuzz
