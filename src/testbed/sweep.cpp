// The distinct-liquid-throughput sweep over all 5^8 Swiss-T1 allocations (report §8.1:
// "we have computed the liquid throughputs for each of the 390625 topologies ... only 362
// topologies yielding different liquid throughput values were obtained").
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <numeric>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "liquid/base/parallel_for.hpp"
#include "liquid/base/stop.hpp"
#include "liquid/testbed/swiss_t1.hpp"

namespace liquid::testbed {

namespace {

/// n²/Λ as a reduced fraction packed in 32 bits (n² <= 1024, Λ <= 1024): exact equality.
std::uint32_t ratio_key(int transfers, int duration) {
    const int g = std::gcd(transfers, duration);
    return (static_cast<std::uint32_t>(transfers / g) << 16) | static_cast<std::uint32_t>(duration / g);
}

struct Candidate {
    Representative rep;
    std::uint64_t index = 0;
};

/// The representative rule of swiss_t1.hpp: multi-switch first, then fewest nodes, then
/// the smallest base-5 index.
bool better(const Candidate& a, const Candidate& b) {
    const bool ma = a.rep.allocation.switches_used() >= 2, mb = b.rep.allocation.switches_used() >= 2;
    if (ma != mb) return ma;
    if (a.rep.transfers != b.rep.transfers) return a.rep.transfers < b.rep.transfers;
    return a.index < b.index;
}

using Table = std::unordered_map<std::uint32_t, Candidate>;

/// Per worker: the representatives and the (node count, ratio key) pairs seen.
struct Partial {
    Table table;
    std::unordered_set<std::uint64_t> node_values;
    std::array<std::uint64_t, kSwitches * kNodesPerSwitch + 1> allocations_by_nodes{};
};

void merge_into(Table& into, std::uint32_t key, const Candidate& c) {
    auto [it, inserted] = into.try_emplace(key, c);
    if (inserted) return;
    Candidate& kept = it->second;
    const std::uint64_t count = kept.rep.allocations + c.rep.allocations;
    const bool multi = kept.rep.multi_switch_value || c.rep.multi_switch_value;
    if (better(c, kept)) kept = c;
    kept.rep.allocations = count;
    kept.rep.multi_switch_value = multi;
}

void sweep_range(const AllocationLoads& loads, std::uint64_t begin, std::uint64_t end, Partial& part,
                 std::atomic<std::uint64_t>& done) {
    constexpr std::uint64_t kBatch = 4096;
    std::uint64_t pending = 0;
    for (std::uint64_t idx = begin; idx < end; ++idx) {
        Candidate c;
        c.index = idx;
        c.rep.allocation = allocation_from_index(idx);
        const int n = c.rep.allocation.total();
        c.rep.transfers = n * n;
        c.rep.duration = loads.duration(c.rep.allocation);
        c.rep.liquid_ratio = double(c.rep.transfers) / double(c.rep.duration);
        c.rep.allocations = 1;
        c.rep.multi_switch_value = c.rep.allocation.switches_used() >= 2;
        const std::uint32_t key = ratio_key(c.rep.transfers, c.rep.duration);
        merge_into(part.table, key, c);
        part.node_values.insert((std::uint64_t{static_cast<std::uint32_t>(n)} << 32) | key);
        ++part.allocations_by_nodes[static_cast<std::size_t>(n)];
        if (++pending == kBatch) {
            done += pending;
            pending = 0;
            if (stop_requested()) return;
        }
    }
    done += pending;
}

std::vector<NodesRow> nodes_rows(const std::vector<Partial>& parts) {
    constexpr int kMaxNodes = kSwitches * kNodesPerSwitch;
    std::unordered_set<std::uint64_t> values;
    for (const Partial& p : parts) values.insert(p.node_values.begin(), p.node_values.end());
    std::vector<NodesRow> rows(kMaxNodes);
    for (int n = 1; n <= kMaxNodes; ++n) {
        rows[static_cast<std::size_t>(n - 1)].nodes = n;
        for (const Partial& p : parts)
            rows[static_cast<std::size_t>(n - 1)].allocations += p.allocations_by_nodes[static_cast<std::size_t>(n)];
    }
    for (std::uint64_t v : values) {
        NodesRow& row = rows[static_cast<std::size_t>((v >> 32) - 1)];
        const double ratio = double((v >> 16) & 0xFFFF) / double(v & 0xFFFF);
        row.min_ratio = row.distinct == 0 ? ratio : std::min(row.min_ratio, ratio);
        row.max_ratio = row.distinct == 0 ? ratio : std::max(row.max_ratio, ratio);
        ++row.distinct;
    }
    return rows;
}

}  // namespace

SweepResult sweep_distinct_throughputs(const Network& t1, int threads, const std::function<void(std::uint64_t done)>& progress) {
    const AllocationLoads loads(t1);
    threads = thread_count(threads);
    // Index 0 is the empty allocation: no traffic, no throughput.
    const std::uint64_t first = 1, count = kAllocationCount - first;
    // One contiguous range and one partial table per thread, merged below.
    std::vector<Partial> parts(static_cast<std::size_t>(threads));
    std::atomic<std::uint64_t> done{0};
    parallel_for(
        parts.size(), threads,
        [&](std::size_t t) {
            const std::uint64_t b = first + count * t / static_cast<std::uint64_t>(threads);
            const std::uint64_t e = first + count * (t + 1) / static_cast<std::uint64_t>(threads);
            sweep_range(loads, b, e, parts[t], done);
        },
        progress ? std::function<void()>([&] { progress(done.load()); }) : std::function<void()>());
    throw_if_stopped();
    if (progress) progress(done.load());

    Table all;
    for (const Partial& p : parts)
        for (const auto& [key, c] : p.table) merge_into(all, key, c);
    SweepResult result;
    result.allocations = count;
    result.by_nodes = nodes_rows(parts);
    for (const auto& [key, c] : all) {
        result.representatives.push_back(c.rep);
        if (c.rep.multi_switch_value) ++result.distinct_multi_switch;
    }
    // Exact order by n²/Λ: compare a/b < c/d as a·d < c·b.
    std::sort(result.representatives.begin(), result.representatives.end(), [](const Representative& a, const Representative& b) {
        return std::int64_t{a.transfers} * b.duration < std::int64_t{b.transfers} * a.duration;
    });
    return result;
}

}  // namespace liquid::testbed
