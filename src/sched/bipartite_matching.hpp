#pragma once
// Bipartite matchings of an n × n demand matrix (row i -> column match[i], -1 = none):
// a perfect matching on the entries a predicate admits (Kuhn's augmenting paths), and a
// maximum-weight assignment (the Hungarian method, Kuhn–Munkres, O(n³)).
#include <functional>
#include <vector>

namespace liquid::sched {

/// A perfect matching of the n × n bipartite graph whose edges `admits(i, j)` accepts, or
/// an empty vector when none exists.
std::vector<int> perfect_matching(int n, const std::function<bool(int, int)>& admits);

/// A matching maximising the total weight of an n × n non-negative weight matrix
/// (row-major); pairs of weight 0 are left unmatched (-1).
std::vector<int> max_weight_matching(int n, const std::vector<double>& weight);

}  // namespace liquid::sched
