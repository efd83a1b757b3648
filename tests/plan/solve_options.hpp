#pragma once
// The solve options the plan tests build with: a method, five seconds at most.
#include "liquid/sched/schedule.hpp"

namespace liquid::test {

inline SolveOptions fast(Method method = Method::Optimal) {
    SolveOptions o;
    o.method = method;
    o.time_limit_s = 5;
    return o;
}

}  // namespace liquid::test
