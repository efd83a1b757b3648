#pragma once
// The testbed page: the papers' Swiss-T1 figures regenerated from a run (Gabrielyan &
// Hersch, liquid schedule construction report (EPFL, 2006), §6.1-6.3, §8): liquid
// throughput per pattern against the number of nodes, the search-space bars (naive /
// +blank / +idle / +skeleton), the DSatur loss histogram, and the simulator's
// round-robin against liquid throughput.
#include "liquid/report/page.hpp"
#include "liquid/report/result_file.hpp"

namespace liquid::report {

/// From `liquid testbed t1 --json` (or its t1-summary.json).
Page testbed_page(const ResultFile& t1);

/// From `liquid simulate testbed --json`: measured throughput per pattern.
Page testbed_simulation_page(const ResultFile& simulation);

/// From `liquid simulate --json`: one execution, link utilisation.
Page simulation_page(const ResultFile& simulation);

}  // namespace liquid::report
