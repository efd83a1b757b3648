#pragma once
// The per-representative table of `liquid testbed t1`, t1-representatives.csv. (The JSON
// files' rows are the command's views of the same results, apps/liquid/cmd_testbed.cpp.)
#include <string>
#include <vector>

#include "liquid/testbed/experiment.hpp"

namespace liquid::testbed {

/// t1-representatives.csv: a header line and one line per result.
std::string representatives_csv(const std::vector<RepresentativeResult>& results);

/// The representative of a single allocation (`testbed t1 --allocation`): its size, Λ
/// on `t1` and liquid throughput; throws InputError when it allocates no node.
Representative single_allocation(const Network& t1, const Allocation& a);

}  // namespace liquid::testbed
