#pragma once
// Routing: static routes between hosts. Three kinds:
//  - Shortest: breadth-first search from the sender over switches. Tie-break (documented,
//    deterministic): outgoing links are tried in declaration order and a node keeps the
//    first link that reaches it, so among equal-length paths the one found first wins.
//    Hosts never forward.
//  - Table: per-switch next hops, next_hop[switch][destination] = neighbour node, where the
//    destination is the receiving host or the switch it is attached to. A switch with no
//    entry for a destination forwards directly when it is adjacent to it.
//  - Paths: an explicit link list per (sender, receiver) pair.
//  - Forwarding: per-switch output *link* per receiving host, as a subnet manager's
//    forwarding tables give them (an InfiniBand LFT maps a destination to an output
//    port, and a port is one link). Unlike Table it tells parallel cables apart.
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace liquid {

class Network;

class Routing {
public:
    enum class Kind { Shortest, Table, Paths, Forwarding };

    /// One node's next-hop table: (destination node, neighbour node) sorted by destination.
    using NextHopRow = std::vector<std::pair<int, int>>;

    static Routing shortest() { return Routing(Kind::Shortest); }
    /// next_hop[current node][destination node] = neighbour node (all node indices).
    static Routing table(const std::map<int, std::map<int, int>>& next_hop);
    /// The same from rows[node] (rows sorted by destination; sorted here if not): the
    /// compact form generators use for fabrics with millions of entries.
    static Routing table_rows(std::vector<NextHopRow> rows);
    /// paths[{src, dst}] = ordered link indices.
    static Routing paths(std::map<std::pair<int, int>, std::vector<int>> paths);
    /// out_link[switch][receiving host] = index of the link the switch sends on.
    static Routing forwarding(std::map<int, std::map<int, int>> out_link);

    Kind kind() const { return kind_; }
    /// rows[node]: the next hops of a Table routing (empty for nodes without entries).
    const std::vector<NextHopRow>& next_hop_rows() const { return rows_; }
    /// The same as a map (a copy, built on each call: for writers, not for lookups).
    std::map<int, std::map<int, int>> next_hop() const;
    const std::map<std::pair<int, int>, std::vector<int>>& explicit_paths() const { return paths_; }
    const std::map<int, std::map<int, int>>& out_link() const { return out_link_; }

    /// Ordered link indices from host src to host dst. Throws InputError naming the pair
    /// if the route loops, dead-ends, or is not a connected chain of existing links.
    std::vector<int> route(const Network& net, int src, int dst) const;
    /// route(net, src, d) for every d of `dsts`, in order; the same routes, but a Shortest
    /// routing searches once from src for all of them (an all-to-all over 1 024 hosts
    /// would otherwise run a million breadth-first searches).
    std::vector<std::vector<int>> routes_from(const Network& net, int src, const std::vector<int>& dsts) const;
    /// route(net, s, dst) for every s of `srcs`, in order; the same routes, but a Table
    /// routing looks each switch's next hop towards dst up once for all of them.
    std::vector<std::vector<int>> routes_to(const Network& net, int dst, const std::vector<int>& srcs) const;
    /// True when routes_to is the faster way to route many pairs (grouped by receiver),
    /// false when routes_from is (grouped by sender).
    bool routes_by_receiver() const { return kind_ == Kind::Table; }

private:
    explicit Routing(Kind k = Kind::Shortest) : kind_(k) {}
    std::vector<int> route_shortest(const Network& net, int src, int dst) const;
    std::vector<std::vector<int>> routes_shortest(const Network& net, int src, const std::vector<int>& dsts) const;
    std::vector<int> route_table(const Network& net, int src, int dst) const;
    std::vector<std::vector<int>> routes_to_table(const Network& net, int dst, const std::vector<int>& srcs) const;
    /// Table routing at switch `at` towards host dst: the next node, or -1 when none.
    int table_next(const Network& net, int at, int dst) const;
    /// The same as the link taken, or -1 when none (or the next node is no neighbour).
    int table_hop(const Network& net, int at, int dst) const;
    static constexpr int kUnknownHop = -2;
    std::vector<int> route_explicit(const Network& net, int src, int dst) const;
    std::vector<int> route_forwarding(const Network& net, int src, int dst) const;
    int forwarding_entry(int sw, int dst) const;  // -1 when absent

    Kind kind_;
    std::vector<NextHopRow> rows_;
    std::map<std::pair<int, int>, std::vector<int>> paths_;
    std::map<int, std::map<int, int>> out_link_;
    friend class Network;
};

}  // namespace liquid
