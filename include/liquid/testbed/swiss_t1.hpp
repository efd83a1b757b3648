#pragma once
// The Swiss-T1 testbed (report §6.3, §8, Appendix A): 8 crossbar switches in a K-ring with
// static routing, 4 nodes per switch. An allocation puts 0..4 nodes on each switch (5^8 =
// 390 625 allocations); its traffic sends from every allocated node to every allocated
// node, itself included (each node has one transmitting and one receiving processor).
// The network is the reconstruction of data/swiss-t1.json (make_swiss_t1()).
//
// The simulator's testbed table calls this header as well: extend it rather than change
// what is declared.
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "liquid/net/network.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::testbed {

constexpr int kSwitches = 8;
constexpr int kNodesPerSwitch = 4;
/// 5^8: every switch holds 0..4 allocated nodes.
constexpr std::uint64_t kAllocationCount = 390625;

struct Allocation {
    std::array<int, kSwitches> nodes{};  // allocated nodes on switch i (0..4)
    int total() const;                   // n = Σ nodes[i]
    int switches_used() const;           // switches with at least one allocated node
    /// Eight digits, switch 0 first: "40300000" = 4 nodes on s0, 3 on s2.
    std::string label() const;
    /// Base-5 index Σ nodes[i]·5^i in 0..390 624 (the sweep's enumeration order).
    std::uint64_t index() const;
    bool operator==(const Allocation&) const = default;
};

/// The allocation with base-5 index `index` (0..390 624).
Allocation allocation_from_index(std::uint64_t index);
/// Parses a label of eight digits 0..4 ("40300000"); throws InputError otherwise.
Allocation parse_allocation(const std::string& label);

/// Host node indices of the allocation: the first nodes[i] nodes of switch i, switch 0 first.
std::vector<int> allocation_hosts(const Network& t1, const Allocation& a);

/// Every allocated node to every allocated node including itself: n² transfers, in
/// sender-major order (sender i's transfers to receivers 0..n-1, then sender i+1's).
Traffic allocation_traffic(const Network& t1, const Allocation& a, double size = 1.0);

/// Λ of an allocation's traffic without building it (report §8): a transmit or receive
/// link carries n transfers, an inter-switch link Σ a_i·a_j over the ordered switch
/// pairs (i, j) routed over it. Built once from the network's routing.
class AllocationLoads {
public:
    /// Throws InputError when `t1` is not 8 switches × 4 hosts with one transmit and one
    /// receive link per host.
    explicit AllocationLoads(const Network& t1);
    /// Λ of the allocation's traffic (0 for the empty allocation).
    int duration(const Allocation& a) const;
    /// Skeleton size of the allocation's traffic (report §6.1): all n² transfers when a
    /// transmit link is a bottleneck (Λ = n), otherwise Σ a_i·a_j over the switch pairs
    /// whose route crosses a bottleneck link.
    int skeleton(const Allocation& a) const;
    /// Ordered switch pairs routed over each inter-switch link (by link index).
    const std::vector<std::pair<int, std::vector<std::pair<int, int>>>>& link_pairs() const { return pairs_; }
    /// The switch (0..7) a host node hangs off.
    int switch_of(int host) const { return switch_of_host_.at(static_cast<std::size_t>(host)); }
    /// Host node indices of switch s in declaration order (n4s..n4s+3).
    const std::vector<int>& hosts_of_switch(int s) const { return hosts_of_switch_.at(static_cast<std::size_t>(s)); }

private:
    std::vector<std::pair<int, std::vector<std::pair<int, int>>>> pairs_;  // (link, pairs)
    std::vector<int> switch_of_host_;                                      // by node index
    std::array<std::vector<int>, kSwitches> hosts_of_switch_;
};

/// One allocation standing for every allocation of its liquid throughput n²/Λ.
/// Rule: among the allocations with that value, prefer one that uses at least two
/// switches (the papers' 362 leave single-switch allocations out), then the fewest
/// nodes, then the smallest base-5 index. Deterministic for any thread count.
struct Representative {
    Allocation allocation;
    int transfers = 0;                // n²
    int duration = 0;                 // Λ
    double liquid_ratio = 0;          // n²/Λ transfers per time frame
    std::uint64_t allocations = 0;    // allocations sharing this liquid throughput
    bool multi_switch_value = false;  // some allocation on >= 2 switches reaches this value
};

/// Distinct liquid throughputs over all allocations of `nodes` nodes (report Fig. 16
/// plots the representatives against their node count; this row spans every allocation).
struct NodesRow {
    int nodes = 0;
    std::uint64_t allocations = 0;  // allocations with this many nodes
    std::size_t distinct = 0;       // distinct n²/Λ among them
    double min_ratio = 0, max_ratio = 0;
};

struct SweepResult {
    std::uint64_t allocations = 0;  // allocations swept (the empty one excluded: 390 624)
    /// One per distinct liquid throughput, by ascending liquid_ratio (ties impossible).
    std::vector<Representative> representatives;
    /// Distinct liquid throughputs reached by allocations using >= 2 switches.
    std::size_t distinct_multi_switch = 0;
    /// One row per node count 1..32 (extension).
    std::vector<NodesRow> by_nodes;
};

/// Sweeps all 5^8 allocations on `threads` threads (<= 0: hardware concurrency), computes
/// each Λ with AllocationLoads and keeps one representative per distinct n²/Λ (compared
/// exactly as a reduced fraction). `progress` receives the running count of allocations
/// done, from the calling thread only.
SweepResult sweep_distinct_throughputs(const Network& t1, int threads,
                                       const std::function<void(std::uint64_t done)>& progress = {});

/// Mean skeleton share (skeleton / n², report §6.1 Fig. 7) over every allocation, over the
/// sweep's representatives (fewest nodes per value) and over one allocation per value
/// chosen with the most nodes instead: how much the papers' 31.5 % depends on which
/// allocation stands for each value. Single-threaded, about 0.1 s.
struct SkeletonShares {
    double all_allocations = 0;
    double representatives = 0;
    double most_nodes_rule = 0;
};
SkeletonShares skeleton_shares(const Network& t1, const SweepResult& sweep);

}  // namespace liquid::testbed
