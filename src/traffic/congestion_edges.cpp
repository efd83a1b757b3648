#include "liquid/traffic/congestion_edges.hpp"

#include <algorithm>
#include <thread>
#include <vector>

#include "liquid/traffic/incidence.hpp"

namespace liquid {
namespace {

/// Edges i–j with j > i for the transfers i ≡ part (mod parts).
std::uint64_t count_part(const Incidence& links, const Incidence& users, unsigned part, unsigned parts) {
    const int n = links.rows();
    std::vector<int> stamp(static_cast<std::size_t>(n), -1);
    std::uint64_t edges = 0;
    for (int i = static_cast<int>(part); i < n; i += static_cast<int>(parts)) {
        for (int l : links.row(i)) {
            const auto row = users.row(l);
            // Users are ascending: only the part after i counts (each pair once).
            for (auto it = std::upper_bound(row.begin(), row.end(), i); it != row.end(); ++it) {
                int& s = stamp[static_cast<std::size_t>(*it)];
                if (s != i) s = i, ++edges;
            }
        }
    }
    return edges;
}

}  // namespace

std::uint64_t count_congestion_edges(const Traffic& traffic, unsigned threads) {
    const Incidence links = transfer_links(traffic);
    const Incidence users = transpose(links, traffic.link_count());
    if (threads == 0) threads = std::max(1U, std::thread::hardware_concurrency());
    threads = std::min<unsigned>(threads, static_cast<unsigned>(std::max(1, traffic.size() / 1024)));
    std::vector<std::uint64_t> partial(threads, 0);
    std::vector<std::thread> pool;
    for (unsigned p = 1; p < threads; ++p)
        pool.emplace_back([&, p] { partial[p] = count_part(links, users, p, threads); });
    partial[0] = count_part(links, users, 0, threads);
    for (auto& th : pool) th.join();
    std::uint64_t total = 0;
    for (std::uint64_t e : partial) total += e;
    return total;
}

}  // namespace liquid
