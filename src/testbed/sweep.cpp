// The distinct-liquid-throughput sweep over all 5^8 Swiss-T1 allocations (report §8.1:
// "we have computed the liquid throughputs for each of the 390625 topologies ... only 362
// topologies yielding different liquid throughput values were obtained").
#include <algorithm>
#include <atomic>
#include <chrono>
#include <numeric>
#include <thread>
#include <unordered_map>

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

void sweep_range(const AllocationLoads& loads, std::uint64_t begin, std::uint64_t end, Table& table,
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
        merge_into(table, ratio_key(c.rep.transfers, c.rep.duration), c);
        if (++pending == kBatch) {
            done += pending;
            pending = 0;
        }
    }
    done += pending;
}

}  // namespace

SweepResult sweep_distinct_throughputs(const Network& t1, int threads,
                                       const std::function<void(std::uint64_t done)>& progress) {
    const AllocationLoads loads(t1);
    if (threads <= 0) threads = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    // Index 0 is the empty allocation: no traffic, no throughput.
    const std::uint64_t first = 1, count = kAllocationCount - first;
    std::vector<Table> tables(static_cast<std::size_t>(threads));
    std::atomic<std::uint64_t> done{0};
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        const std::uint64_t b = first + count * static_cast<std::uint64_t>(t) / static_cast<std::uint64_t>(threads);
        const std::uint64_t e = first + count * static_cast<std::uint64_t>(t + 1) / static_cast<std::uint64_t>(threads);
        workers.emplace_back(sweep_range, std::cref(loads), b, e, std::ref(tables[static_cast<std::size_t>(t)]),
                             std::ref(done));
    }
    while (progress && done.load() < count) {
        progress(done.load());
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    for (auto& w : workers) w.join();
    if (progress) progress(done.load());

    Table all;
    for (const Table& t : tables)
        for (const auto& [key, c] : t) merge_into(all, key, c);
    SweepResult result;
    result.allocations = count;
    for (const auto& [key, c] : all) {
        result.representatives.push_back(c.rep);
        if (c.rep.multi_switch_value) ++result.distinct_multi_switch;
    }
    // Exact order by n²/Λ: compare a/b < c/d as a·d < c·b.
    std::sort(result.representatives.begin(), result.representatives.end(),
              [](const Representative& a, const Representative& b) {
                  return std::int64_t{a.transfers} * b.duration < std::int64_t{b.transfers} * a.duration;
              });
    return result;
}

}  // namespace liquid::testbed
