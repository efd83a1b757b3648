#include "liquid/traffic/congestion_edges.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "liquid/base/bitset.hpp"
#include "liquid/base/parallel_for.hpp"
#include "liquid/base/time_budget.hpp"

#include "liquid/traffic/incidence.hpp"

namespace liquid {
namespace {

/// Edges i–j with j > i for the transfers i ≡ part (mod parts).
std::uint64_t count_part(const Incidence& links, const Incidence& users, unsigned part, unsigned parts) {
    const int n = links.rows();
    std::vector<int> stamp(static_cast<std::size_t>(n), -1);
    std::uint64_t edges = 0;
    for (int i = static_cast<int>(part), k = 0; i < n; i += static_cast<int>(parts), ++k) {
        // O(Σ λ(l)²) in all, minutes on some fabrics: SIGINT or --time-limit ends it (parallel_for
        // rethrows; counting comes before any result).
        if (k % 256 == 0) throw_if_out_of_budget();
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

std::uint64_t pairs_of(std::uint64_t k) { return k * (k - (k > 0 ? 1 : 0)) / 2; }

// Why the run formula is exact, and what the check proves.
//
// For two transfers i, j let S be the links they share and c the number of link pairs
// (l, l') that both take consecutively (l' right after l). The graph on S whose edges are
// those pairs is a subgraph of i's path (a link has one successor in a path), so it is a
// union of simple chains: it has |S| − c components, the runs. Summing over all pairs,
// Σ_pairs |S| = Σ_l C(λ(l), 2) and Σ_pairs c = Σ_(l,l') C(λ(l,l'), 2), so the formula
// counts Σ_pairs runs(i, j), and equals the number of pairs with S ≠ ∅ exactly when no
// pair has two runs or more.
//
// The check proves "at most one run" from two properties of the paths, checked per link b
// over the users of b:
// (order) no link is before b in one path and after b in another (no two transfers take
//         two links in opposite orders);
// (next)  give every link a tail and a head port, and join the head of l with the tail of
//         l' whenever a path takes l' right after l: the classes of joined ports are the
//         nodes the paths pass. Every user of b, at every class it passes before taking b
//         (b's own tail included), takes the same link there as every other user of b
//         passing that class before b (a next hop that depends on the node and the link
//         ahead, as in destination-table, shortest-path and up/down routings).
// Let i and j share a and b, a before b in i; by (order) a is before b in j too. Both
// paths are at class(tail(a)) and take a; from then on, at every step both are at the same
// class with b still ahead, so by (next) they take the same link, until that link is b.
// So everything i uses between a and b, j uses in the same order: all shared links lie
// on one stretch, which is one run. Path sets that fail the check are counted by users.
class RunCheck {
public:
    explicit RunCheck(const Traffic& traffic) : t_(traffic), links_(static_cast<std::size_t>(traffic.link_count())) {
        classes_ = port_classes();
        users_ = path_users();
    }

    /// True when every transfer has a path and (order) and (next) hold for every link.
    bool holds(unsigned threads) const {
        for (const Transfer& x : t_.transfers())
            if (x.path.empty()) return false;
        // Links in interleaved parts, one per thread, each with its own scratch arrays.
        const auto parts = static_cast<std::size_t>(thread_count(static_cast<int>(threads)));
        std::vector<char> ok(parts, 1);
        parallel_for(parts, static_cast<int>(parts), [&](std::size_t part) {
            Scratch s(class_count_, links_);
            for (std::size_t b = part, k = 0; b < links_ && ok[part]; b += parts, ++k) {
                if (k % 256 == 0) throw_if_out_of_budget();  // as in count_part
                ok[part] = link_holds(static_cast<int>(b), s);
            }
        });
        return std::all_of(ok.begin(), ok.end(), [](char v) { return v != 0; });
    }

private:
    // Per-thread marks, stamped with the link being checked (no clearing between links).
    struct Scratch {
        Scratch(std::size_t classes, std::size_t links)
            : class_stamp(classes, -1), hop(classes, -1), before(links, -1), after(links, -1) {}
        std::vector<int> class_stamp, hop;  // class -> link taken there towards b
        std::vector<int> before, after;     // link -> b when it is before / after b in a path
    };

    // Union-find over ports: tail(l) = 2l, head(l) = 2l + 1.
    std::vector<int> port_classes() {
        std::vector<int> parent(2 * links_);
        std::iota(parent.begin(), parent.end(), 0);
        auto root = [&](int x) {
            while (parent[static_cast<std::size_t>(x)] != x)
                x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
            return x;
        };
        for (const Transfer& x : t_.transfers())
            for (std::size_t p = 0; p + 1 < x.path.size(); ++p)
                parent[static_cast<std::size_t>(root(2 * x.path[p] + 1))] = root(2 * x.path[p + 1]);
        std::vector<int> id(2 * links_, -1), cls(2 * links_);
        for (std::size_t port = 0; port < 2 * links_; ++port) {
            int& r = id[static_cast<std::size_t>(root(static_cast<int>(port)))];
            if (r < 0) r = static_cast<int>(class_count_++);
            cls[port] = r;
        }
        return cls;
    }

    // The users of every link, from the paths.
    Incidence path_users() const {
        Incidence rows;
        for (const Transfer& x : t_.transfers()) {
            rows.items.insert(rows.items.end(), x.path.begin(), x.path.end());
            rows.start.push_back(rows.items.size());
        }
        return transpose(rows, static_cast<int>(links_));
    }

    std::size_t tail(int l) const { return static_cast<std::size_t>(classes_[2 * static_cast<std::size_t>(l)]); }

    bool link_holds(int b, Scratch& s) const {
        for (int r : users_.row(b)) {
            const std::vector<int>& path = t_[r].path;
            const auto at = static_cast<std::size_t>(std::find(path.begin(), path.end(), b) - path.begin());
            for (std::size_t p = 0; p <= at; ++p) {
                const std::size_t x = tail(path[p]);
                if (s.class_stamp[x] == b && s.hop[x] != path[p]) return false;
                s.class_stamp[x] = b;
                s.hop[x] = path[p];
                if (p == at) break;
                const auto a = static_cast<std::size_t>(path[p]);
                if (s.after[a] == b) return false;
                s.before[a] = b;
            }
            for (std::size_t q = at + 1; q < path.size(); ++q) {
                const auto c = static_cast<std::size_t>(path[q]);
                if (s.before[c] == b) return false;
                s.after[c] = b;
            }
        }
        return true;
    }

    const Traffic& t_;
    std::size_t links_;
    std::size_t class_count_ = 0;
    std::vector<int> classes_;
    Incidence users_;
};

/// Σ_(l,l') C(λ(l,l'), 2): the successors of every link, grouped per link and counted.
std::uint64_t consecutive_pairs(const Traffic& traffic) {
    Incidence succ;  // row l: the links taken right after l, one entry per path
    const auto links = static_cast<std::size_t>(traffic.link_count());
    succ.start.assign(links + 1, 0);
    for (const Transfer& x : traffic.transfers())
        for (std::size_t p = 0; p + 1 < x.path.size(); ++p) ++succ.start[static_cast<std::size_t>(x.path[p]) + 1];
    for (std::size_t l = 0; l < links; ++l) succ.start[l + 1] += succ.start[l];
    succ.items.resize(succ.start.back());
    std::vector<std::size_t> fill(succ.start.begin(), succ.start.end() - 1);
    for (const Transfer& x : traffic.transfers())
        for (std::size_t p = 0; p + 1 < x.path.size(); ++p)
            succ.items[fill[static_cast<std::size_t>(x.path[p])]++] = x.path[p + 1];
    std::uint64_t total = 0;
    for (std::size_t l = 0; l < links; ++l) {
        if (l % 256 == 0) throw_if_out_of_budget();  // one sort per link
        auto first = succ.items.begin() + static_cast<std::ptrdiff_t>(succ.start[l]);
        auto last = succ.items.begin() + static_cast<std::ptrdiff_t>(succ.start[l + 1]);
        std::sort(first, last);
        for (auto run = first; run != last;) {
            auto end = std::find_if(run, last, [&](int v) { return v != *run; });
            total += pairs_of(static_cast<std::uint64_t>(end - run));
            run = end;
        }
    }
    return total;
}

}  // namespace

std::uint64_t count_congestion_edges_by_users(const Traffic& traffic, unsigned threads) {
    const Incidence links = transfer_links(traffic);
    const Incidence users = transpose(links, traffic.link_count());
    // One part per thread, transfers interleaved (i = part mod parts) for an even load.
    const auto parts = static_cast<unsigned>(thread_count(static_cast<int>(threads)));
    std::vector<std::uint64_t> partial(parts, 0);
    parallel_for(parts, static_cast<int>(parts),
                 [&](std::size_t p) { partial[p] = count_part(links, users, static_cast<unsigned>(p), parts); });
    std::uint64_t total = 0;
    for (std::uint64_t e : partial) total += e;
    return total;
}

std::optional<std::uint64_t> count_congestion_edges_by_runs(const Traffic& traffic, unsigned threads) {
    if (!RunCheck(traffic).holds(threads)) return std::nullopt;
    std::vector<std::uint64_t> load(static_cast<std::size_t>(traffic.link_count()), 0);
    for (const Transfer& x : traffic.transfers())
        for (int l : x.path) ++load[static_cast<std::size_t>(l)];
    std::uint64_t shared = 0;
    for (std::uint64_t k : load) shared += pairs_of(k);
    return shared - consecutive_pairs(traffic);
}

std::uint64_t count_congestion_edges(const Traffic& traffic, unsigned threads) {
    if (auto edges = count_congestion_edges_by_runs(traffic, threads)) return *edges;
    return count_congestion_edges_by_users(traffic, threads);
}

}  // namespace liquid
