#include "liquid/net/routing.hpp"

#include <algorithm>
#include <climits>
#include <deque>

#include "liquid/base/error.hpp"
#include "liquid/net/network.hpp"

namespace liquid {

namespace {

std::string pair_name(const Network& net, int src, int dst) {
    return "route " + net.node(src).name + " -> " + net.node(dst).name;
}

/// The nodes a route under construction has visited: a per-thread array of stamps, so
/// that routing a million pairs allocates nothing per pair (an all-to-all over 1 024 hosts).
class Visited {
public:
    explicit Visited(int nodes) {
        auto& s = stamps();
        if (s.size() < static_cast<std::size_t>(nodes)) s.assign(static_cast<std::size_t>(nodes), 0);
        if (++generation() == 0) {  // wrapped around: old stamps could match again
            std::fill(s.begin(), s.end(), 0U);
            generation() = 1;
        }
    }
    bool test(int v) const { return stamps()[static_cast<std::size_t>(v)] == generation(); }
    void set(int v) { stamps()[static_cast<std::size_t>(v)] = generation(); }

private:
    static std::vector<unsigned>& stamps() {
        thread_local std::vector<unsigned> s;
        return s;
    }
    static unsigned& generation() {
        thread_local unsigned g = 0;
        return g;
    }
};

}  // namespace

Routing Routing::table(const std::map<int, std::map<int, int>>& next_hop) {
    std::vector<NextHopRow> rows(next_hop.empty() ? 0 : static_cast<std::size_t>(next_hop.rbegin()->first) + 1);
    for (const auto& [node, row] : next_hop)
        if (node >= 0) rows[static_cast<std::size_t>(node)].assign(row.begin(), row.end());
    return table_rows(std::move(rows));
}

std::map<int, std::map<int, int>> Routing::next_hop() const {
    std::map<int, std::map<int, int>> out;
    for (std::size_t node = 0; node < rows_.size(); ++node)
        if (!rows_[node].empty()) out[static_cast<int>(node)].insert(rows_[node].begin(), rows_[node].end());
    return out;
}

Routing Routing::table_rows(std::vector<NextHopRow> rows) {
    for (auto& row : rows)
        if (!std::is_sorted(row.begin(), row.end())) std::sort(row.begin(), row.end());
    Routing r(Kind::Table);
    r.rows_ = std::move(rows);
    return r;
}

Routing Routing::paths(std::map<std::pair<int, int>, std::vector<int>> paths) {
    Routing r(Kind::Paths);
    r.paths_ = std::move(paths);
    return r;
}

Routing Routing::forwarding(std::map<int, std::map<int, int>> out_link) {
    Routing r(Kind::Forwarding);
    r.out_link_ = std::move(out_link);
    return r;
}

std::vector<int> Routing::route(const Network& net, int src, int dst) const {
    if (!net.is_host(src) || !net.is_host(dst))
        throw InputError(pair_name(net, src, dst), "routes join two hosts", "use host names as sender and receiver");
    // A host sending to itself still crosses its access switch (transmit and receive
    // processor of one node, as on the Swiss-T1); all three kinds handle it alike.
    switch (kind_) {
        case Kind::Shortest: return route_shortest(net, src, dst);
        case Kind::Table: return route_table(net, src, dst);
        case Kind::Paths: return route_explicit(net, src, dst);
        case Kind::Forwarding: return route_forwarding(net, src, dst);
    }
    return {};
}

// Breadth-first search; a host may start or end a path but never forwards. A message
// from a host to itself goes out to its switch and back.
std::vector<int> Routing::route_shortest(const Network& net, int src, int dst) const {
    std::vector<int> parent_link(static_cast<std::size_t>(net.node_count()), -1);
    std::vector<char> seen(static_cast<std::size_t>(net.node_count()), 0);
    std::deque<int> queue{src};
    seen[src] = 1;
    bool found = false;
    while (!queue.empty() && !found) {
        int u = queue.front();
        queue.pop_front();
        if (u != src && net.is_host(u)) continue;  // hosts do not forward
        for (int l : net.out_links(u)) {
            int v = net.link(l).to;
            if (v == dst && (u != src || src != dst)) {
                parent_link[v] = l;
                found = true;
                break;
            }
            if (seen[v]) continue;
            seen[v] = 1;
            parent_link[v] = l;
            queue.push_back(v);
        }
    }
    if (!found) throw InputError(pair_name(net, src, dst), "no path exists", "connect the two hosts or give an explicit route");
    std::vector<int> path;
    for (int v = dst;;) {
        int l = parent_link[v];
        path.push_back(l);
        v = net.link(l).from;
        if (v == src) break;
    }
    return {path.rbegin(), path.rend()};
}

// The breadth-first search of route_shortest run to the end: a node keeps the link that
// first reached it, so every route is the one route_shortest finds (it stops at dst,
// which it reaches at the same point of the same search).
std::vector<std::vector<int>> Routing::routes_shortest(const Network& net, int src, const std::vector<int>& dsts) const {
    std::vector<int> parent_link(static_cast<std::size_t>(net.node_count()), -1);
    std::vector<char> seen(static_cast<std::size_t>(net.node_count()), 0);
    std::deque<int> queue{src};
    seen[src] = 1;
    while (!queue.empty()) {
        int u = queue.front();
        queue.pop_front();
        if (u != src && net.is_host(u)) continue;  // hosts do not forward
        for (int l : net.out_links(u)) {
            int v = net.link(l).to;
            if (seen[v]) continue;
            seen[v] = 1;
            parent_link[v] = l;
            queue.push_back(v);
        }
    }
    std::vector<std::vector<int>> routes;
    routes.reserve(dsts.size());
    for (int dst : dsts) {
        if (!net.is_host(dst) || dst == src) {  // errors and the way out and back: one by one
            routes.push_back(route(net, src, dst));
            continue;
        }
        if (parent_link[dst] < 0)
            throw InputError(pair_name(net, src, dst), "no path exists", "connect the two hosts or give an explicit route");
        std::vector<int> path;
        for (int v = dst; v != src; v = net.link(path.back()).from) path.push_back(parent_link[v]);
        routes.emplace_back(path.rbegin(), path.rend());
    }
    return routes;
}

std::vector<std::vector<int>> Routing::routes_from(const Network& net, int src, const std::vector<int>& dsts) const {
    if (kind_ == Kind::Shortest && net.is_host(src)) return routes_shortest(net, src, dsts);
    std::vector<std::vector<int>> routes;
    routes.reserve(dsts.size());
    for (int dst : dsts) routes.push_back(route(net, src, dst));
    return routes;
}

// Follows next hops from the sender's switch; a switch adjacent to the receiver (or to
// the destination switch) with no table entry forwards directly.
int Routing::table_next(const Network& net, int at, int dst) const {
    if (net.link_between(at, dst)) return dst;
    if (static_cast<std::size_t>(at) < rows_.size()) {
        const NextHopRow& row = rows_[static_cast<std::size_t>(at)];
        auto hop = std::lower_bound(row.begin(), row.end(), std::pair{dst, INT_MIN});
        if (hop != row.end() && hop->first == dst) return hop->second;
        // Look up by the receiver's switch (the first node in the row with a link to dst).
        for (const auto& [target, via] : row)
            if (net.link_between(target, dst)) return via;
    }
    // No entry: forward directly to an adjacent switch attached to the receiver.
    for (int l : net.out_links(at))
        if (net.link_between(net.link(l).to, dst)) return net.link(l).to;
    return -1;
}

int Routing::table_hop(const Network& net, int at, int dst) const {
    const int next = table_next(net, at, dst);
    if (next < 0) return -1;
    const auto l = net.link_between(at, next);
    return l ? *l : -1;
}

std::vector<int> Routing::route_table(const Network& net, int src, int dst) const {
    std::vector<int> path;
    Visited visited(net.node_count());
    const auto& out = net.out_links(src);
    if (out.empty())
        throw InputError(pair_name(net, src, dst), "the sender has no outgoing link", "add a link from the host to its switch");
    int at = net.link(out.front()).to;
    path.push_back(out.front());
    visited.set(src);
    while (at != dst) {
        if (visited.test(at))
            throw InputError(pair_name(net, src, dst), "the routing table loops at '" + net.node(at).name + "'",
                             "fix the next hops so the route reaches the receiver");
        visited.set(at);
        if (net.is_host(at))
            throw InputError(pair_name(net, src, dst), "the route enters host '" + net.node(at).name + "'",
                             "hosts do not forward; fix the next hop");
        const int next = table_next(net, at, dst);
        if (next < 0)
            throw InputError(pair_name(net, src, dst), "the route dead-ends at '" + net.node(at).name + "'",
                             "add a next hop for this destination");
        auto l = net.link_between(at, next);
        if (!l)
            throw InputError(pair_name(net, src, dst),
                             "next hop '" + net.node(next).name + "' of '" + net.node(at).name + "' is not a neighbour",
                             "name a node joined by a link");
        path.push_back(*l);
        at = next;
    }
    return path;
}

// Every route to dst follows the same next hop at a switch, so each switch's hop is looked
// up once per receiver (a 4 096-host all-to-all: 16.7 million routes of up to 26 hops, each
// hop a binary search in a row of 4 095 entries otherwise). Anything unusual (a host that
// forwards, a missing hop, a walk longer than the network) is routed again by route_table,
// which names the fault.
std::vector<std::vector<int>> Routing::routes_to_table(const Network& net, int dst, const std::vector<int>& srcs) const {
    std::vector<int> hop(static_cast<std::size_t>(net.node_count()), kUnknownHop);
    std::vector<std::vector<int>> routes;
    routes.reserve(srcs.size());
    for (int src : srcs) {
        const auto& out = net.out_links(src);
        if (!net.is_host(src) || !net.is_host(dst) || src == dst || out.empty()) {
            routes.push_back(route(net, src, dst));
            continue;
        }
        std::vector<int> path{out.front()};
        int at = net.link(out.front()).to;
        while (at != dst && !net.is_host(at) && static_cast<int>(path.size()) <= net.node_count()) {
            int& h = hop[static_cast<std::size_t>(at)];
            if (h == kUnknownHop) h = table_hop(net, at, dst);
            if (h < 0) break;
            path.push_back(h);
            at = net.link(h).to;
        }
        routes.push_back(at == dst ? std::move(path) : route_table(net, src, dst));
    }
    return routes;
}

std::vector<std::vector<int>> Routing::routes_to(const Network& net, int dst, const std::vector<int>& srcs) const {
    if (kind_ == Kind::Table) return routes_to_table(net, dst, srcs);
    std::vector<std::vector<int>> routes;
    routes.reserve(srcs.size());
    for (int src : srcs) routes.push_back(route(net, src, dst));
    return routes;
}

std::vector<int> Routing::route_explicit(const Network& net, int src, int dst) const {
    auto it = paths_.find({src, dst});
    if (it == paths_.end())
        throw InputError(pair_name(net, src, dst), "no explicit path is given", "add this pair to routing.paths");
    const auto& p = it->second;
    if (p.empty())
        throw InputError(pair_name(net, src, dst), "the explicit path is empty", "list the links from sender to receiver");
    int at = src;
    std::vector<char> used(static_cast<std::size_t>(net.link_count()), 0);
    for (int l : p) {
        if (l < 0 || l >= net.link_count())
            throw InputError(pair_name(net, src, dst), "the path names a missing link", "use declared link names");
        if (net.link(l).from != at)
            throw InputError(pair_name(net, src, dst),
                             "link '" + net.link(l).name + "' does not start at '" + net.node(at).name + "'",
                             "list links in order from sender to receiver");
        if (used[l])
            throw InputError(pair_name(net, src, dst), "the path uses link '" + net.link(l).name + "' twice (a loop)",
                             "remove the loop");
        if (at != src && net.is_host(at))
            throw InputError(pair_name(net, src, dst), "the path passes through host '" + net.node(at).name + "'",
                             "hosts do not forward; route through switches only");
        used[l] = 1;
        at = net.link(l).to;
    }
    if (at != dst)
        throw InputError(pair_name(net, src, dst), "the path ends at '" + net.node(at).name + "'",
                         "end the path at the receiver");
    return p;
}

// Follows the output links hop by hop from the sender's own link, exactly as the hardware
// forwards: a switch with no entry for the receiver, an entry on a link that does not
// leave that switch, or a second visit to a switch (a loop) is an error.
int Routing::forwarding_entry(int sw, int dst) const {
    auto row = out_link_.find(sw);
    if (row == out_link_.end()) return -1;
    auto entry = row->second.find(dst);
    return entry == row->second.end() ? -1 : entry->second;
}

std::vector<int> Routing::route_forwarding(const Network& net, int src, int dst) const {
    const auto& out = net.out_links(src);
    if (out.empty())
        throw InputError(pair_name(net, src, dst), "the sender has no outgoing link", "add a link from the host to its switch");
    std::vector<int> path{out.front()};
    Visited visited(net.node_count());
    visited.set(src);
    for (int at = net.link(out.front()).to; at != dst; at = net.link(path.back()).to) {
        if (net.is_host(at))
            throw InputError(pair_name(net, src, dst), "the route enters host '" + net.node(at).name + "'",
                             "hosts do not forward; fix the forwarding entry");
        if (visited.test(at))
            throw InputError(pair_name(net, src, dst), "the forwarding tables loop at '" + net.node(at).name + "'",
                             "fix the entries so the route reaches the receiver");
        visited.set(at);
        int l = forwarding_entry(at, dst);
        if (l < 0)
            throw InputError(pair_name(net, src, dst),
                             "switch '" + net.node(at).name + "' has no forwarding entry for the receiver",
                             "add an out_link entry for it");
        if (l < 0 || l >= net.link_count() || net.link(l).from != at)
            throw InputError(pair_name(net, src, dst),
                             "the forwarding entry of '" + net.node(at).name + "' names a link that does not leave it",
                             "name one of its outgoing links");
        path.push_back(l);
    }
    return path;
}

}  // namespace liquid
