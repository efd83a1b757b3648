// Shape detection and placement for network drawings (see network_layout.hpp).
#include "liquid/report/network_layout.hpp"

#include "liquid/base/stop.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

namespace liquid::report {
namespace {

constexpr double kPi = std::numbers::pi;

/// The undirected switch graph (switch indices 0..s-1 in declaration order) and, for each
/// host, the switches it is cabled to.
struct SwitchGraph {
    std::vector<int> switch_node;            // switch index -> node index
    std::vector<int> index_of;               // node index -> switch index or -1
    std::vector<std::set<int>> adjacent;     // between switches
    std::vector<std::vector<int>> hosts_of;  // switch index -> host nodes
    std::vector<int> unattached_hosts;       // hosts cabled to no switch
};

SwitchGraph switch_graph(const Network& net) {
    SwitchGraph g;
    g.index_of.assign(static_cast<std::size_t>(net.node_count()), -1);
    for (int n : net.switches()) {
        g.index_of[static_cast<std::size_t>(n)] = static_cast<int>(g.switch_node.size());
        g.switch_node.push_back(n);
    }
    g.adjacent.resize(g.switch_node.size());
    g.hosts_of.resize(g.switch_node.size());
    std::vector<int> host_switch(static_cast<std::size_t>(net.node_count()), -1);
    for (const Link& l : net.links()) {
        const int a = g.index_of[static_cast<std::size_t>(l.from)], b = g.index_of[static_cast<std::size_t>(l.to)];
        if (a >= 0 && b >= 0 && a != b) {
            g.adjacent[static_cast<std::size_t>(a)].insert(b);
            g.adjacent[static_cast<std::size_t>(b)].insert(a);
        } else if (a >= 0 && b < 0 && host_switch[static_cast<std::size_t>(l.to)] < 0) {
            host_switch[static_cast<std::size_t>(l.to)] = a;
        } else if (b >= 0 && a < 0 && host_switch[static_cast<std::size_t>(l.from)] < 0) {
            host_switch[static_cast<std::size_t>(l.from)] = b;
        }
    }
    for (int h : net.hosts()) {
        const int s = host_switch[static_cast<std::size_t>(h)];
        if (s >= 0) g.hosts_of[static_cast<std::size_t>(s)].push_back(h);
        else g.unattached_hosts.push_back(h);
    }
    return g;
}

bool adjacent(const SwitchGraph& g, int a, int b) { return g.adjacent[static_cast<std::size_t>(a)].count(b) > 0; }

/// Switches s0..s(n-1) form a cycle in declaration order (ring, chordal ring, K-ring).
bool declaration_cycle(const SwitchGraph& g) {
    const int n = static_cast<int>(g.switch_node.size());
    if (n < 3) return n == 2 && adjacent(g, 0, 1);
    for (int i = 0; i < n; ++i)
        if (!adjacent(g, i, (i + 1) % n)) return false;
    return true;
}

/// Grid of `w` columns: every cable joins two switches
/// one step apart along one axis (or across the wrap of a torus), and the mesh cables
/// are all there. Returns the number of rows h, 0 if the graph is no such grid.
int grid_rows(const SwitchGraph& g, int w) {
    const int n = static_cast<int>(g.switch_node.size());
    if (w < 2 || n % w != 0 || n / w < 2) return 0;
    const int h = n / w;
    auto step = [](int a, int b, int size) {
        const int d = std::abs(a - b);
        return d == 1 || (size > 2 && d == size - 1);
    };
    for (int i = 0; i < n; ++i) {
        const int x = i % w, y = i / w;
        if (x + 1 < w && !adjacent(g, i, i + 1)) return 0;
        if (y + 1 < h && !adjacent(g, i, i + w)) return 0;
        for (int j : g.adjacent[static_cast<std::size_t>(i)]) {
            const int xj = j % w, yj = j / w;
            const bool ok = (y == yj && step(x, xj, w)) || (x == xj && step(y, yj, h));
            if (!ok) return 0;
        }
    }
    return h;
}

/// The most square grid shape (columns, rows) the switch graph fits, or {0, 0}.
std::pair<int, int> grid_shape(const SwitchGraph& g) {
    const int n = static_cast<int>(g.switch_node.size());
    std::pair<int, int> best{0, 0};
    for (int w = 2; w <= n / 2; ++w)
        if (const int h = grid_rows(g, w); h > 0 && (best.first == 0 || std::abs(w - h) < std::abs(best.first - best.second)))
            best = {w, h};
    return best;
}

/// Levels by distance from the switches that carry hosts; a tree/fat tree when every cable
/// joins consecutive levels and there are at least two levels.
std::vector<int> tree_levels(const SwitchGraph& g) {
    const int n = static_cast<int>(g.switch_node.size());
    std::vector<int> level(static_cast<std::size_t>(n), -1), queue;
    for (int s = 0; s < n; ++s)
        if (!g.hosts_of[static_cast<std::size_t>(s)].empty()) level[static_cast<std::size_t>(s)] = 0, queue.push_back(s);
    for (std::size_t q = 0; q < queue.size(); ++q)
        for (int t : g.adjacent[static_cast<std::size_t>(queue[q])])
            if (level[static_cast<std::size_t>(t)] < 0)
                level[static_cast<std::size_t>(t)] = level[static_cast<std::size_t>(queue[q])] + 1, queue.push_back(t);
    int top = 0;
    for (int s = 0; s < n; ++s) {
        if (level[static_cast<std::size_t>(s)] < 0) return {};
        top = std::max(top, level[static_cast<std::size_t>(s)]);
        for (int t : g.adjacent[static_cast<std::size_t>(s)])
            if (std::abs(level[static_cast<std::size_t>(s)] - level[static_cast<std::size_t>(t)]) != 1) return {};
    }
    return top >= 1 ? level : std::vector<int>{};
}

/// Hosts of each switch fanned out around `dir` (radians) at distance `r`.
void place_hosts(const SwitchGraph& g, NetworkLayout& L, double r, const std::vector<double>& dir, double spread) {
    for (std::size_t s = 0; s < g.switch_node.size(); ++s) {
        const auto& hosts = g.hosts_of[s];
        const Point c = L.position[static_cast<std::size_t>(g.switch_node[s])];
        const int k = static_cast<int>(hosts.size());
        for (int i = 0; i < k; ++i) {
            const double a = dir[s] + (k == 1 ? 0 : spread * (double(i) / (k - 1) - 0.5));
            L.position[static_cast<std::size_t>(hosts[static_cast<std::size_t>(i)])] = {c.x + r * std::cos(a),
                                                                                        c.y + r * std::sin(a)};
        }
    }
}

void layout_ring(const SwitchGraph& g, NetworkLayout& L) {
    const int n = static_cast<int>(g.switch_node.size());
    std::vector<double> dir(static_cast<std::size_t>(n));
    std::size_t most = 1;
    for (const auto& h : g.hosts_of) most = std::max(most, h.size());
    const double radius = n == 1 ? 0 : 0.3;
    for (int s = 0; s < n; ++s) {
        const double a = n == 2 ? kPi * (1 - s) : -kPi / 2 + 2 * kPi * s / n;
        dir[static_cast<std::size_t>(s)] = a;
        L.position[static_cast<std::size_t>(g.switch_node[static_cast<std::size_t>(s)])] = {0.5 + radius * std::cos(a),
                                                                                            0.5 + radius * std::sin(a)};
    }
    const double spread = n <= 1 ? 2 * kPi * (1 - 1.0 / double(most)) : std::min(kPi * 0.8, 2 * kPi / n * 0.8);
    place_hosts(g, L, n <= 1 ? 0.4 : (n == 2 ? 0.18 : 0.16), dir, n == 2 ? kPi * 0.7 : spread);
}

void layout_grid(const SwitchGraph& g, NetworkLayout& L, int w, int h) {
    const int n = static_cast<int>(g.switch_node.size());
    const double cell = 0.9 / std::max(w, h);
    std::vector<double> dir(static_cast<std::size_t>(n), kPi / 4);
    for (int i = 0; i < n; ++i) {
        const int x = i % w, y = i / w;
        L.position[static_cast<std::size_t>(g.switch_node[static_cast<std::size_t>(i)])] = {0.05 + cell * (x + 0.4),
                                                                                            0.05 + cell * (y + 0.4)};
    }
    place_hosts(g, L, cell * 0.42, dir, kPi / 3);
}

void layout_tree(const SwitchGraph& g, NetworkLayout& L, const std::vector<int>& level) {
    const int top = *std::max_element(level.begin(), level.end());
    const int n = static_cast<int>(g.switch_node.size());
    std::vector<std::vector<int>> rows(static_cast<std::size_t>(top + 1));
    for (int s = 0; s < n; ++s) rows[static_cast<std::size_t>(level[static_cast<std::size_t>(s)])].push_back(s);
    const double band = 0.8 / (top + 1);
    for (int l = 0; l <= top; ++l) {
        const auto& row = rows[static_cast<std::size_t>(l)];
        for (std::size_t i = 0; i < row.size(); ++i)
            L.position[static_cast<std::size_t>(g.switch_node[static_cast<std::size_t>(row[i])])] = {(i + 0.5) / row.size(),
                                                                                                     0.08 + band * (top - l)};
    }
    // Hosts in one row under the leaves, in the leaves' order.
    std::vector<int> hosts;
    for (int s : rows[0])
        for (int hst : g.hosts_of[static_cast<std::size_t>(s)]) hosts.push_back(hst);
    for (std::size_t i = 0; i < hosts.size(); ++i)
        L.position[static_cast<std::size_t>(hosts[i])] = {(i + 0.5) / hosts.size(), 0.08 + band * top + 0.12};
}

/// Fruchterman–Reingold on every node, started on a circle in declaration order.
void layout_force(const Network& net, NetworkLayout& L) {
    const int n = net.node_count();
    std::vector<Point>& p = L.position;
    for (int i = 0; i < n; ++i)
        p[static_cast<std::size_t>(i)] = {0.5 + 0.4 * std::cos(2 * kPi * i / n), 0.5 + 0.4 * std::sin(2 * kPi * i / n)};
    std::set<std::pair<int, int>> edges;
    for (const Link& l : net.links())
        if (l.from != l.to) edges.insert({std::min(l.from, l.to), std::max(l.from, l.to)});
    const double k = std::sqrt(1.0 / std::max(1, n));
    const int iterations = n > 400 ? 60 : 250;
    for (int it = 0; it < iterations; ++it) {
        throw_if_stopped();  // quadratic in the nodes: seconds at thousands of hosts
        const double temperature = 0.1 * (1 - double(it) / iterations);
        std::vector<Point> d(static_cast<std::size_t>(n));
        for (int a = 0; a < n; ++a)
            for (int b = a + 1; b < n; ++b) {
                double dx = p[static_cast<std::size_t>(a)].x - p[static_cast<std::size_t>(b)].x,
                       dy = p[static_cast<std::size_t>(a)].y - p[static_cast<std::size_t>(b)].y;
                const double dist2 = std::max(1e-9, dx * dx + dy * dy), f = k * k / dist2;
                d[static_cast<std::size_t>(a)].x += dx * f, d[static_cast<std::size_t>(a)].y += dy * f;
                d[static_cast<std::size_t>(b)].x -= dx * f, d[static_cast<std::size_t>(b)].y -= dy * f;
            }
        for (auto [a, b] : edges) {
            double dx = p[static_cast<std::size_t>(a)].x - p[static_cast<std::size_t>(b)].x,
                   dy = p[static_cast<std::size_t>(a)].y - p[static_cast<std::size_t>(b)].y;
            const double dist = std::sqrt(dx * dx + dy * dy), f = dist / k;
            d[static_cast<std::size_t>(a)].x -= dx * f, d[static_cast<std::size_t>(a)].y -= dy * f;
            d[static_cast<std::size_t>(b)].x += dx * f, d[static_cast<std::size_t>(b)].y += dy * f;
        }
        for (int i = 0; i < n; ++i) {
            const double len = std::hypot(d[static_cast<std::size_t>(i)].x, d[static_cast<std::size_t>(i)].y);
            if (len > 0) {
                const double s = std::min(len, temperature) / len;
                p[static_cast<std::size_t>(i)].x += d[static_cast<std::size_t>(i)].x * s;
                p[static_cast<std::size_t>(i)].y += d[static_cast<std::size_t>(i)].y * s;
            }
        }
    }
}

/// Scales the positions into [margin, 1 - margin]^2 keeping the aspect ratio.
void fit(NetworkLayout& L, double margin) {
    if (L.position.empty()) return;
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    for (const Point& q : L.position)
        x0 = std::min(x0, q.x), y0 = std::min(y0, q.y), x1 = std::max(x1, q.x), y1 = std::max(y1, q.y);
    const double span = std::max({x1 - x0, y1 - y0, 1e-9}), s = (1 - 2 * margin) / span;
    const double ox = 0.5 - s * (x1 - x0) / 2, oy = 0.5 - s * (y1 - y0) / 2;
    for (Point& q : L.position) q = {ox + (q.x - x0) * s, oy + (q.y - y0) * s};
}

}  // namespace

const char* layout_name(LayoutKind k) {
    switch (k) {
        case LayoutKind::Star: return "star";
        case LayoutKind::Ring: return "ring";
        case LayoutKind::Grid: return "grid";
        case LayoutKind::Tree: return "tree";
        case LayoutKind::Force: return "force";
    }
    return "force";
}

NetworkLayout layout_network(const Network& net) {
    NetworkLayout L;
    L.position.resize(static_cast<std::size_t>(net.node_count()));
    const SwitchGraph g = switch_graph(net);
    const int n = static_cast<int>(g.switch_node.size());
    if (n == 0 || !g.unattached_hosts.empty()) {
        L.kind = LayoutKind::Force;
        layout_force(net, L);
    } else if (n == 1) {
        L.kind = LayoutKind::Star;
        layout_ring(g, L);
    } else if (const auto [w, h] = grid_shape(g); w > 0) {
        L.kind = LayoutKind::Grid;
        layout_grid(g, L, w, h);
    } else if (auto level = tree_levels(g); !level.empty()) {
        L.kind = LayoutKind::Tree;
        layout_tree(g, L, level);
    } else if (declaration_cycle(g)) {
        L.kind = LayoutKind::Ring;
        layout_ring(g, L);
    } else {
        L.kind = LayoutKind::Force;
        layout_force(net, L);
    }
    fit(L, L.kind == LayoutKind::Grid ? 0.09 : 0.04);  // room for the wrap-around arcs of a torus
    return L;
}

}  // namespace liquid::report
