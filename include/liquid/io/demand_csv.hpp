#pragma once
// Demand matrices (--demand FILE): a CSV of bytes, one row per sender and one column per
// receiver over a network's hosts, in the network's host order. A header row and a header
// column are optional; when present they name the hosts in that order. Cells are whole
// numbers of bytes (0 = no transfer); the diagonal (a host to itself) is local memory
// traffic and not scheduled. Blank lines and lines starting with '#' are skipped.
#include <cstdint>
#include <string>
#include <vector>

namespace liquid {

/// The n × n matrix of `path` for hosts `hosts` (n names); throws InputError naming the file
/// and line on a wrong shape, a header that differs from the hosts or a cell that is not a
/// whole number of bytes.
std::vector<std::vector<std::int64_t>> read_demand_csv(const std::string& path, const std::vector<std::string>& hosts);

}  // namespace liquid
