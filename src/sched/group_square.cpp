// A group's table as a Latin square of an all-to-all (see group_square.hpp).
#include "sched/group_square.hpp"

#include <algorithm>

#include "liquid/base/rng.hpp"

namespace liquid::sched {
namespace {

std::size_t idx(int i) { return static_cast<std::size_t>(i); }

/// The hosts of a complete all-to-all in node order, and each transfer's sender and
/// receiver among them; false when the traffic is anything else.
bool all_to_all_hosts(const Traffic& traffic, std::vector<int>& hosts, std::vector<int>& from, std::vector<int>& to) {
    int most = -1;
    for (const Transfer& t : traffic.transfers()) {
        if (t.src < 0 || t.dst < 0 || t.src == t.dst) return false;
        most = std::max({most, t.src, t.dst});
    }
    std::vector<int> dense(idx(most + 1), -1);
    for (const Transfer& t : traffic.transfers()) dense[idx(t.src)] = 0;
    for (int node = 0; node <= most; ++node)
        if (dense[idx(node)] == 0) dense[idx(node)] = static_cast<int>(hosts.size()), hosts.push_back(node);
    const auto n = static_cast<std::uint64_t>(hosts.size());
    if (n < 2 || static_cast<std::uint64_t>(traffic.size()) != n * (n - 1)) return false;
    std::vector<bool> seen(n * n, false);
    for (const Transfer& t : traffic.transfers()) {
        const int i = dense[idx(t.src)], j = dense[idx(t.dst)];
        if (j < 0) return false;  // a receiver that sends nothing
        const std::uint64_t pair = static_cast<std::uint64_t>(i) * n + static_cast<std::uint64_t>(j);
        if (seen[pair]) return false;
        seen[pair] = true;
        from.push_back(i);
        to.push_back(j);
    }
    return true;
}

/// The prime factors of n with multiplicity, smallest first.
std::vector<int> prime_factors(int n) {
    std::vector<int> factors;
    for (int p = 2; p * p <= n; ++p)
        while (n % p == 0) factors.push_back(p), n /= p;
    if (n > 1) factors.push_back(n);
    return factors;
}

}  // namespace

std::vector<int> group_square(const Traffic& traffic, std::uint64_t relabelling_seed) {
    std::vector<int> hosts, from, to;
    if (!all_to_all_hosts(traffic, hosts, from, to)) return {};
    const int n = static_cast<int>(hosts.size());
    std::vector<int> label(idx(n));
    for (int h = 0; h < n; ++h) label[idx(h)] = h;
    if (relabelling_seed != 0) {
        Rng rng(relabelling_seed);
        for (int h = n - 1; h > 0; --h) std::swap(label[idx(h)], label[rng.below(static_cast<std::uint32_t>(h + 1))]);
    }
    // A label is the element of G = Π (Z_p)^k over the prime powers p^k of N, digit by
    // digit in mixed radix (the 2s lowest: with N = 2^k the difference is the XOR).
    const std::vector<int> radices = prime_factors(n);
    std::vector<int> frame(from.size());
    for (std::size_t t = 0; t < from.size(); ++t) {
        int x = label[idx(from[t])], y = label[idx(to[t])], difference = 0, weight = 1;
        for (int p : radices) {
            difference += ((y % p - x % p + p) % p) * weight;
            x /= p, y /= p, weight *= p;
        }
        frame[t] = difference - 1;  // 0 only for x = y, which no transfer has
    }
    return frame;
}

}  // namespace liquid::sched
