#pragma once
// The JSON rows every view of a SolveResult carries (`liquid schedule`, `liquid testbed t1
// --allocation`): its verdict, lower bound and search work. Each view's text sums them up
// in its own lines.
#include "liquid/sched/schedule.hpp"
#include "result_view.hpp"

namespace liquid::app {

inline ResultView& solve_fields(ResultView& v, const SolveResult& r) {
    return v.json_only("liquid", r.liquid)
        .json_only("optimal", r.optimal)
        .json_only("no_liquid_proven", r.no_liquid_proven)
        .json_only("timed_out", r.timed_out)
        .json_only("lower_bound", r.lower_bound)
        .json_only("categories", r.categories)
        .json_only("full_teams", r.full_teams)
        .json_only("elapsed_ms", r.elapsed_ms);
}

}  // namespace liquid::app
