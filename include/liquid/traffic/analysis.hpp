#pragma once
// Traffic analysis (report §3–4): link loads λ(l), duration Λ, bottlenecks,
// skeleton, liquid throughput, and the congestion graph.
#include <cstddef>
#include <vector>

#include "liquid/base/bitset.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid {

/// λ(l) for every link: the number of transfers of `traffic` that use l.
std::vector<int> link_loads(const Traffic& traffic);
/// λ(l) counting only the transfers in `members`.
std::vector<int> link_loads(const Traffic& traffic, const Bitset& members);
/// Λ alone: the largest λ(l) (0 without links), without the rest of analyze().
int duration_of(const Traffic& traffic);

struct TrafficAnalysis {
    std::vector<int> load;         // per link
    int duration = 0;              // Λ = max load
    std::vector<int> bottlenecks;  // links with load Λ, ascending
    Bitset skeleton;               // transfers using at least one bottleneck
    /// #transfers / Λ: transfers per time frame at the liquid throughput.
    double liquid_ratio() const;
    int transfers = 0;
};

TrafficAnalysis analyze(const Traffic& traffic);

/// Congestion graph: one vertex per transfer, an edge between two transfers that share a
/// link. Adjacency rows are transfer bitsets (row i excludes i).
class CongestionGraph {
public:
    explicit CongestionGraph(const Traffic& traffic);
    int vertex_count() const { return static_cast<int>(adjacency_.size()); }
    std::size_t edge_count() const { return edges_; }
    const Bitset& neighbours(int v) const { return adjacency_[v]; }
    bool congest(int a, int b) const { return adjacency_[a].test(static_cast<std::size_t>(b)); }
    int degree(int v) const { return static_cast<int>(adjacency_[v].count()); }

private:
    std::vector<Bitset> adjacency_;
    std::size_t edges_ = 0;
};

}  // namespace liquid
