#pragma once
// Shared oracle of the fuzz harnesses: an accepted input must round-trip through every
// format liquid writes, and every schedule liquid would print must pass the independent
// verifier. A violation aborts (libFuzzer records the input as a crash).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "liquid/base/error.hpp"
#include "liquid/io/round_trip.hpp"
#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/patterns.hpp"

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

/// The oracle of every harness that reads a network (network JSON and the importers): the
/// network round-trips through network JSON; if small, its all-to-all traffic round-trips
/// through link-set and traffic JSON and its schedules verify.
inline void check_network(const Network& net) {
    require(network_json_round_trip(net), "network JSON round trip");
    if (net.hosts().size() > 12) return;
    Traffic traffic;
    try {
        traffic = make_pattern(net, PatternSpec{});
    } catch (const InputError&) {
        return;  // e.g. a host with no route
    }
    if (traffic.empty()) return;
    require(link_set_round_trip(traffic), "link-set round trip");
    require(traffic_json_round_trip(traffic, net), "traffic JSON round trip");
    check_schedules(traffic);
}

}  // namespace liquid::fuzz
