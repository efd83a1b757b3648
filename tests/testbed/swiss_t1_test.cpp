// Swiss-T1 testbed: allocations, the fast Λ formula against analyze(), the published
// figures of the reconstruction (48 704 congestion edges, 363/362 distinct throughputs)
// and hand-checked single- and two-switch allocations.
#include <gtest/gtest.h>

#include <set>

#include "liquid/base/error.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/testbed/swiss_t1.hpp"
#include "liquid/traffic/analysis.hpp"
#include "testbed/testbed_support.hpp"

namespace liquid::testbed {
namespace {

using test::t1;

const SweepResult& sweep() {
    static const SweepResult r = sweep_distinct_throughputs(t1(), 2);
    return r;
}

TEST(SwissT1Network, CodeBuiltNetworkEqualsTheDataFile) {
    const Network file = read_network_json(std::string(LIQUID_SOURCE_DIR) + "/data/swiss-t1.json");
    EXPECT_EQ(network_to_json(make_swiss_t1()), network_to_json(file));
}

TEST(Allocation, LabelIndexRoundTrip) {
    const Allocation a = parse_allocation("40300021");
    EXPECT_EQ(a.total(), 10);
    EXPECT_EQ(a.switches_used(), 4);
    EXPECT_EQ(a.label(), "40300021");
    EXPECT_EQ(allocation_from_index(a.index()), a);
    EXPECT_EQ(allocation_from_index(0).total(), 0);
    EXPECT_EQ(allocation_from_index(kAllocationCount - 1).label(), "44444444");
}

TEST(Allocation, BadLabelsAreInputErrors) {
    EXPECT_THROW(parse_allocation("4030002"), InputError);
    EXPECT_THROW(parse_allocation("40300025"), InputError);
    EXPECT_THROW(parse_allocation("4030002x"), InputError);
    EXPECT_THROW(allocation_from_index(kAllocationCount), InputError);
    Allocation bad;
    bad.nodes[3] = 5;
    EXPECT_THROW(allocation_hosts(t1(), bad), InputError);
    EXPECT_THROW(allocation_traffic(t1(), Allocation{}), InputError);
}

TEST(Allocation, HostsAreTheFirstNodesOfEachSwitch) {
    const std::vector<int> hosts = allocation_hosts(t1(), parse_allocation("20010000"));
    ASSERT_EQ(hosts.size(), 3U);
    EXPECT_EQ(t1().node(hosts[0]).name, "n0");
    EXPECT_EQ(t1().node(hosts[1]).name, "n1");
    EXPECT_EQ(t1().node(hosts[2]).name, "n12");
}

TEST(Allocation, TrafficIsEveryNodeToEveryNodeIncludingItself) {
    const Traffic x = allocation_traffic(t1(), parse_allocation("20010000"), 5e6);
    ASSERT_EQ(x.size(), 9);
    EXPECT_EQ(x[0].name, "n0-n0");  // sender-major, self included
    EXPECT_EQ(x[1].name, "n0-n1");
    EXPECT_EQ(x[8].name, "n12-n12");
    EXPECT_DOUBLE_EQ(x[4].size, 5e6);
}

// Published figure: the full 32×32 all-to-all has a congestion graph of 48 704 edges
// (report Appendix A) and Λ = 64 (every link of the reconstruction carries at most four
// switch-pair routes of 4·4 transfers).
TEST(PublishedFigures, FullAllToAllHas48704CongestionEdges) {
    const Traffic x = allocation_traffic(t1(), parse_allocation("44444444"));
    EXPECT_EQ(x.size(), 1024);
    EXPECT_EQ(CongestionGraph(x).edge_count(), 48704U);
    EXPECT_EQ(analyze(x).duration, 64);
}

// Published figure: 362 distinct liquid throughputs (report §8.1), 363 in one version of
// the papers; the reconstruction gives 363 with single-switch allocations, 362 without.
TEST(PublishedFigures, Distinct363And362WithoutSingleSwitch) {
    EXPECT_EQ(sweep().allocations, kAllocationCount - 1);
    EXPECT_EQ(sweep().representatives.size(), 363U);
    EXPECT_EQ(sweep().distinct_multi_switch, 362U);
}

TEST(Sweep, RepresentativesAreDistinctSortedAndFollowTheRule) {
    const auto& reps = sweep().representatives;
    std::uint64_t covered = 0;
    std::set<std::pair<int, int>> reduced;
    const AllocationLoads loads(t1());
    for (std::size_t i = 0; i < reps.size(); ++i) {
        const Representative& r = reps[i];
        const int n = r.allocation.total();
        EXPECT_EQ(r.transfers, n * n);
        EXPECT_EQ(r.duration, loads.duration(r.allocation));
        EXPECT_DOUBLE_EQ(r.liquid_ratio, double(r.transfers) / r.duration);
        // A multi-switch allocation stands for every value multi-switch allocations reach.
        EXPECT_EQ(r.allocation.switches_used() >= 2, r.multi_switch_value) << r.allocation.label();
        if (i > 0) {
            EXPECT_LT(reps[i - 1].liquid_ratio, r.liquid_ratio);
        }
        covered += r.allocations;
    }
    EXPECT_EQ(covered, sweep().allocations);
    // Only one value is reached by single-switch allocations alone: n = 1 (ratio 1).
    EXPECT_EQ(reps.front().allocation.total(), 1);
    EXPECT_FALSE(reps.front().multi_switch_value);
}

TEST(Sweep, RepresentativeHasTheFewestNodesOfItsValue) {
    // Independent brute force over all allocations for a handful of values.
    const AllocationLoads loads(t1());
    const auto& reps = sweep().representatives;
    for (std::size_t pick : {std::size_t{1}, reps.size() / 2, reps.size() - 1}) {
        const Representative& r = reps[pick];
        int fewest = 1000;
        for (std::uint64_t idx = 1; idx < kAllocationCount; ++idx) {
            const Allocation a = allocation_from_index(idx);
            const int n = a.total();
            if (a.switches_used() < 2) continue;
            if (std::int64_t{n} * n * r.duration == std::int64_t{r.transfers} * loads.duration(a)) fewest = std::min(fewest, n);
        }
        EXPECT_EQ(r.allocation.total(), fewest) << r.allocation.label();
    }
}

// Hand check of the per-node-count rows: one node gives ratio 1 only (8 allocations);
// 32 nodes is the single full allocation, 1024/64 = 16.
TEST(Sweep, ByNodesRows) {
    const auto& rows = sweep().by_nodes;
    ASSERT_EQ(rows.size(), 32U);
    EXPECT_EQ(rows[0].allocations, 8U);
    EXPECT_EQ(rows[0].distinct, 1U);
    EXPECT_DOUBLE_EQ(rows[0].max_ratio, 1.0);
    EXPECT_EQ(rows[31].allocations, 1U);
    EXPECT_DOUBLE_EQ(rows[31].min_ratio, 16.0);
    std::uint64_t total = 0;
    for (const NodesRow& r : rows) {
        total += r.allocations;
        EXPECT_LE(r.min_ratio, r.max_ratio);
        EXPECT_LE(r.max_ratio, double(r.nodes));  // Λ >= n (tx links), so n²/Λ <= n
    }
    EXPECT_EQ(total, sweep().allocations);
}

TEST(Sweep, ProgressReachesTheTotal) {
    std::uint64_t last = 0;
    const SweepResult r = sweep_distinct_throughputs(t1(), 2, [&](std::uint64_t done) { last = done; });
    EXPECT_EQ(last, r.allocations);
    EXPECT_EQ(r.representatives.size(), sweep().representatives.size());
}

// The Λ formula against analyze() on real traffics: every 1021st allocation plus the
// representatives (ASan keeps this a sample, not all 390 624).
TEST(AllocationLoads, DurationMatchesAnalyzeOnRealTraffics) {
    const AllocationLoads loads(t1());
    std::vector<Allocation> sample;
    for (std::uint64_t idx = 1; idx < kAllocationCount; idx += 1021) sample.push_back(allocation_from_index(idx));
    for (std::size_t i = 0; i < sweep().representatives.size(); i += 7) sample.push_back(sweep().representatives[i].allocation);
    for (const Allocation& a : sample) {
        const TrafficAnalysis an = analyze(allocation_traffic(t1(), a));
        EXPECT_EQ(loads.duration(a), an.duration) << a.label();
        EXPECT_EQ(loads.skeleton(a), static_cast<int>(an.skeleton.count())) << a.label();
        EXPECT_EQ(an.transfers, a.total() * a.total());
    }
}

// Hand check, one switch: 3 nodes on s0 -> 9 transfers; every tx/rx link carries 3, no
// inter-switch link is used, so Λ = 3, all 9 transfers are in the skeleton, throughput
// 9/3 = 3. Two transfers congest iff they share a sender or a receiver: 3·C(3,2) + 3·C(3,2)
// = 18 edges.
TEST(HandChecked, SingleSwitch) {
    const Allocation a = parse_allocation("30000000");
    const Traffic x = allocation_traffic(t1(), a);
    const TrafficAnalysis an = analyze(x);
    EXPECT_EQ(an.transfers, 9);
    EXPECT_EQ(an.duration, 3);
    EXPECT_EQ(AllocationLoads(t1()).duration(a), 3);
    EXPECT_EQ(an.bottlenecks.size(), 6U);  // tx0..tx2, rx0..rx2
    EXPECT_EQ(an.skeleton.count(), 9U);
    EXPECT_DOUBLE_EQ(an.liquid_ratio(), 3.0);
    EXPECT_EQ(CongestionGraph(x).edge_count(), 18U);
}

// Hand check, two adjacent switches s0, s1 with 4 nodes each: 64 transfers; tx/rx links
// carry 8; link s0->s1 carries the 4·4 transfers s0->s1 (no other routed pair has both
// switches allocated), s1->s0 likewise 16. Λ = 16, bottlenecks s0s1 and s1s0, skeleton =
// the 32 cross-switch transfers, throughput 64/16 = 4.
TEST(HandChecked, TwoAdjacentSwitches) {
    const Allocation a = parse_allocation("44000000");
    const TrafficAnalysis an = analyze(allocation_traffic(t1(), a));
    EXPECT_EQ(an.transfers, 64);
    EXPECT_EQ(an.duration, 16);
    EXPECT_EQ(AllocationLoads(t1()).duration(a), 16);
    EXPECT_EQ(AllocationLoads(t1()).skeleton(a), 32);
    ASSERT_EQ(an.bottlenecks.size(), 2U);
    EXPECT_EQ(an.skeleton.count(), 32U);
    EXPECT_DOUBLE_EQ(an.liquid_ratio(), 4.0);
}

// Hand check, two non-adjacent switches s0, s2 (routes 0->2 via 1, 2->0 via 3): the 16
// transfers s0->s2 load s0s1 and s1s2, the 16 transfers s2->s0 load s2s3 and s3s0:
// four bottlenecks of load 16, Λ = 16.
TEST(HandChecked, TwoNonAdjacentSwitches) {
    const Allocation a = parse_allocation("40400000");
    const TrafficAnalysis an = analyze(allocation_traffic(t1(), a));
    EXPECT_EQ(an.duration, 16);
    EXPECT_EQ(AllocationLoads(t1()).duration(a), 16);
    EXPECT_EQ(an.bottlenecks.size(), 4U);
    EXPECT_EQ(an.skeleton.count(), 32U);
}

TEST(Sweep, SkeletonSharesMatchAnalyze) {
    const SkeletonShares sk = skeleton_shares(t1(), sweep());
    double mean = 0;
    for (const Representative& r : sweep().representatives) {
        const TrafficAnalysis an = analyze(allocation_traffic(t1(), r.allocation));
        mean += double(an.skeleton.count()) / an.transfers;
    }
    EXPECT_NEAR(sk.representatives, mean / double(sweep().representatives.size()), 1e-12);
    EXPECT_GT(sk.all_allocations, 0.0);
    EXPECT_LE(sk.all_allocations, 1.0);
    EXPECT_GT(sk.most_nodes_rule, 0.0);
    EXPECT_LE(sk.most_nodes_rule, 1.0);
}

TEST(AllocationLoads, RejectsOtherNetworks) { EXPECT_THROW(AllocationLoads(make_crossbar(8)), InputError); }

}  // namespace
}  // namespace liquid::testbed
