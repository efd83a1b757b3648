#pragma once
// The per-representative rows of `liquid testbed t1`'s files: t1-representatives.csv,
// the rows of t1-representatives.json (with each schedule's frames), the compact rows of
// t1-summary.json the report plots, and the sweep's representative rows (t1-sweep.json).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "liquid/testbed/experiment.hpp"

namespace liquid::testbed {

/// A representative as the sweep found it (allocation, size, Λ, liquid throughput).
nlohmann::json representative_json(const Representative& r);
/// The whole result of one representative, its schedule's frames named by `traffic`.
nlohmann::json result_json(const Traffic& traffic, const RepresentativeResult& r);
/// One line per representative for the report's figures (no frames).
nlohmann::json compact_result_json(const RepresentativeResult& r);
/// t1-representatives.csv: a header line and one line per result.
std::string representatives_csv(const std::vector<RepresentativeResult>& results);

/// The representative of a single allocation (`testbed t1 --allocation`): its size, Λ
/// on `t1` and liquid throughput; throws InputError when it allocates no node.
Representative single_allocation(const Network& t1, const Allocation& a);

}  // namespace liquid::testbed
