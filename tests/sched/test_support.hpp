#pragma once
// Test-only helpers for tests/sched: random small link-set traffics and brute-force
// references written independently of the library's search code.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "liquid/base/deadline.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/traffic/patterns.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::test {

/// The memory limit of the searches these tests run.
inline constexpr std::size_t kMemory = std::size_t{512} << 20;

/// The all-to-all among the hosts of a network spec ("torus:4x4", "hypercube:3", ...).
inline Traffic all_to_all_on(const std::string& spec) { return make_pattern(make_network(spec), PatternSpec{}); }

/// A steady_clock deadline `s` seconds from now.
inline std::chrono::steady_clock::time_point in_seconds(double s) { return std::chrono::steady_clock::now() + steady_span(s); }

/// Transfers x0, x1, ... over links l0 .. l<links-1>, each given by its link indices.
inline Traffic link_traffic(const std::vector<std::vector<int>>& transfers, int links) {
    std::vector<std::string> names;
    for (int l = 0; l < links; ++l) names.push_back("l" + std::to_string(l));
    Traffic t(names);
    for (std::size_t i = 0; i < transfers.size(); ++i) t.add("x" + std::to_string(i), transfers[i]);
    return t;
}

/// A bipartite multigraph as a link-set traffic: transfer k uses sender link l<i> and
/// receiver link l<senders + j>, in that order; returns its maximum degree Δ through `degree`.
inline Traffic bipartite_traffic(std::mt19937_64& rng, int senders, int receivers, int edges, int& degree) {
    std::vector<std::vector<int>> transfers;
    std::vector<int> deg(static_cast<std::size_t>(senders + receivers), 0);
    for (int k = 0; k < edges; ++k) {
        const int i = static_cast<int>(rng() % static_cast<std::uint64_t>(senders));
        const int j = senders + static_cast<int>(rng() % static_cast<std::uint64_t>(receivers));
        transfers.push_back({i, j});
        ++deg[static_cast<std::size_t>(i)], ++deg[static_cast<std::size_t>(j)];
    }
    degree = *std::max_element(deg.begin(), deg.end());
    return link_traffic(transfers, senders + receivers);
}

/// An all-to-all among `count` hosts of `spec` (or a network JSON file) drawn by a seeded Fisher-Yates shuffle (the
/// draw of bench/fragments.cpp, so the cases here are rows of its table).
inline Traffic fragment(const std::string& spec, int count, std::uint64_t seed) {
    const Network net = load_network(spec);
    std::vector<int> hosts = net.hosts();
    std::mt19937_64 rng(seed);
    for (std::size_t i = hosts.size(); i > 1; --i) std::swap(hosts[i - 1], hosts[rng() % i]);
    hosts.resize(static_cast<std::size_t>(count));
    PatternSpec p;
    p.senders = hosts;
    p.receivers = hosts;
    return make_pattern(net, p);
}

/// n transfers over `links` links, each using 1..max_len distinct random links.
inline Traffic random_link_traffic(std::mt19937_64& rng, int n, int links, int max_len) {
    std::vector<std::string> names;
    for (int l = 0; l < links; ++l) names.push_back("l" + std::to_string(l));
    Traffic t(names);
    for (int i = 0; i < n; ++i) {
        std::vector<int> all(links);
        for (int l = 0; l < links; ++l) all[l] = l;
        std::shuffle(all.begin(), all.end(), rng);
        const int len = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(max_len));
        all.resize(std::min(len, links));
        t.add("x" + std::to_string(i), all);
    }
    return t;
}

/// Link-usage masks (links < 64) so the references below use no library code.
inline std::vector<std::uint64_t> link_masks(const Traffic& t) {
    std::vector<std::uint64_t> m(t.size(), 0);
    for (int i = 0; i < t.size(); ++i)
        for (int l = 0; l < t.link_count(); ++l)
            if (t[i].links.test(l)) m[i] |= std::uint64_t{1} << l;
    return m;
}

/// Every full team by exhaustive subset enumeration (n <= ~16), as sorted index lists.
/// Every full team of t by brute force; with full = false every team (a non-empty
/// simultaneity using each bottleneck), full or not.
inline std::vector<std::vector<int>> brute_full_teams(const Traffic& t, bool full = true) {
    const int n = t.size();
    const auto m = link_masks(t);
    std::vector<int> load(t.link_count(), 0);
    for (int i = 0; i < n; ++i)
        for (int l = 0; l < t.link_count(); ++l) load[l] += (m[i] >> l) & 1U;
    int dur = 0;
    for (int x : load) dur = std::max(dur, x);
    std::uint64_t bott = 0;
    for (int l = 0; l < t.link_count(); ++l)
        if (load[l] == dur && dur > 0) bott |= std::uint64_t{1} << l;
    std::vector<std::vector<int>> out;
    for (std::uint64_t s = 1; s < (std::uint64_t{1} << n); ++s) {
        std::uint64_t used = 0;
        bool ok = true;
        for (int i = 0; i < n && ok; ++i)
            if ((s >> i) & 1U) {
                if (used & m[i]) ok = false;
                used |= m[i];
            }
        if (!ok || (used & bott) != bott) continue;
        for (int i = 0; i < n && ok && full; ++i)
            if (!((s >> i) & 1U) && !(used & m[i])) ok = false;  // not full
        if (!ok) continue;
        std::vector<int> team;
        for (int i = 0; i < n; ++i)
            if ((s >> i) & 1U) team.push_back(i);
        out.push_back(team);
    }
    std::sort(out.begin(), out.end());
    return out;
}

/// Chromatic number of the congestion graph by plain backtracking colouring (tests only).
inline int brute_chromatic_number(const Traffic& t) {
    const int n = t.size();
    if (n == 0) return 0;
    const auto m = link_masks(t);
    std::vector<int> colour(n, -1);
    for (int k = 1; k <= n; ++k) {
        std::fill(colour.begin(), colour.end(), -1);
        // colour vertices in index order; symmetry: vertex i uses a colour <= max used + 1
        auto rec = [&](auto& self, int v, int used) -> bool {
            if (v == n) return true;
            for (int c = 0; c < std::min(k, used + 1); ++c) {
                bool ok = true;
                for (int u = 0; u < v && ok; ++u)
                    if (colour[u] == c && (m[u] & m[v])) ok = false;
                if (!ok) continue;
                colour[v] = c;
                if (self(self, v + 1, std::max(used, c + 1))) return true;
            }
            colour[v] = -1;
            return false;
        };
        if (rec(rec, 0, 0)) return k;
    }
    return n;
}

}  // namespace liquid::test
