#include "liquid/net/generators.hpp"

#include <map>
#include <memory>

#include "liquid/base/error.hpp"
#include "liquid/base/time_budget.hpp"

namespace liquid {

namespace {

/// Adds host h<i> on switch `sw` with up and down links.
void attach_host(Network& net, int index, int sw) {
    int h = net.add_host("h" + std::to_string(index));
    net.add_cable(h, sw);
}

std::vector<int> add_switches(Network& net, int n) {
    std::vector<int> ids;
    for (int i = 0; i < n; ++i) ids.push_back(net.add_switch("s" + std::to_string(i)));
    return ids;
}

/// Switch i and its host (the far end of the host's one cable) sit at lattice position i.
std::shared_ptr<const Lattice> lattice_of(const Network& net, const std::vector<int>& dims, bool wrap,
                                          const std::vector<int>& sw) {
    auto l = std::make_shared<Lattice>();
    l->dims = dims, l->wrap = wrap;
    l->node_position.assign(static_cast<std::size_t>(net.node_count()), -1);
    for (std::size_t i = 0; i < sw.size(); ++i) l->node_position[static_cast<std::size_t>(sw[i])] = static_cast<int>(i);
    for (int h : net.hosts()) {
        const int on = net.link(net.out_links(h).front()).to;
        l->node_position[static_cast<std::size_t>(h)] = l->node_position[static_cast<std::size_t>(on)];
    }
    for (const Link& link : net.links()) l->link_from.push_back(link.from), l->link_to.push_back(link.to);
    return l;
}

void require(bool ok, const std::string& spec, const std::string& problem) {
    if (!ok) throw InputError("network " + spec, problem);
}

int ipow(int b, int e) {
    int r = 1;
    while (e-- > 0) r *= b;
    return r;
}

/// b^e, or -1 once it exceeds `cap` (no overflow for any int arguments).
long long capped_pow(long long b, long long e, long long cap) {
    long long r = 1;
    for (long long i = 0; i < e; ++i) {
        if (b != 0 && r > cap / b) return -1;
        r *= b;
    }
    return r;
}

/// Next-hop tables hold one entry per (switch, host) pair; this bound keeps a generated
/// network's routing within a few hundred MB and its construction within seconds.
constexpr long long kMaxTableEntries = 1LL << 24;

std::string limit_text() { return "at most " + std::to_string(kMaxTableEntries) + " (switch, host) routing-table entries"; }

}  // namespace

Network make_crossbar(int n) {
    require(n >= 1 && n <= 4096, "crossbar:" + std::to_string(n), "size must be 1..4096");
    Network net("crossbar-" + std::to_string(n));
    int x = net.add_switch("x");
    for (int i = 0; i < n; ++i) attach_host(net, i, x);
    return net;
}

Network make_two_switch() {
    Network net("two-switch", 1.25e8);  // 1 Gb/s links
    std::vector<int> t, r;
    for (int i = 1; i <= 5; ++i) t.push_back(net.add_host("t" + std::to_string(i)));
    for (int i = 1; i <= 5; ++i) r.push_back(net.add_host("r" + std::to_string(i)));
    int sa = net.add_switch("sa"), sb = net.add_switch("sb");
    for (int i = 0; i < 5; ++i) net.add_link("lt" + std::to_string(i + 1), t[i], i < 3 ? sa : sb);
    for (int i = 0; i < 5; ++i) net.add_link("lr" + std::to_string(i + 1), i < 3 ? sa : sb, r[i]);
    net.add_link("lab", sa, sb);
    net.add_link("lba", sb, sa);
    return net;
}

Network make_fat_tree(int k, int n) {
    const std::string spec = "fat-tree:" + std::to_string(k) + "," + std::to_string(n);
    require(k >= 2 && n >= 1, spec, "need k >= 2 and n >= 1");
    const long long host_count = capped_pow(k, n, 65536);
    require(host_count > 0, spec, "need k^n <= 65536 hosts");
    require(host_count / k * n * host_count <= kMaxTableEntries, spec,
            "n*k^(n-1) switches times k^n hosts exceeds " + limit_text());
    Network net("fat-tree-" + std::to_string(k) + "-" + std::to_string(n));
    const int per_level = ipow(k, n - 1), hosts = ipow(k, n);
    // Switch (w, l): label w has digits w_1..w_{n-1} (stored as w = sum w_i k^(i-1)).
    auto sw_id = [&](int w, int l) { return l * per_level + w; };
    for (int l = 0; l < n; ++l)
        for (int w = 0; w < per_level; ++w) net.add_switch("s" + std::to_string(l) + "." + std::to_string(w));
    auto digit = [&](int x, int i) { return (x / ipow(k, i)) % k; };
    auto with_digit = [&](int x, int i, int v) { return x + (v - digit(x, i)) * ipow(k, i); };
    // Level l connects to l+1 by changing label digit l+1 (index l in w's base-k digits).
    for (int l = 0; l + 1 < n; ++l)
        for (int w = 0; w < per_level; ++w)
            for (int v = 0; v < k; ++v) {
                int up = with_digit(w, l, v);
                net.add_cable(sw_id(w, l), sw_id(up, l + 1));
            }
    std::vector<int> host_ids;
    for (int h = 0; h < hosts; ++h) {
        host_ids.push_back(net.add_host("h" + std::to_string(h)));
        net.add_cable(host_ids.back(), sw_id(h / k, 0));
    }
    // Host h has digits h_0..h_{n-1}; switch (w, l) covers hosts whose digits l+1..n-1
    // equal w's; going up from level l picks digit l+1 := h_l(dst) (destination mod k).
    std::vector<Routing::NextHopRow> next(static_cast<std::size_t>(net.node_count()));
    for (int l = 0; l < n; ++l)
        for (int w = 0; w < per_level; ++w) {
            // Up to 2^24 entries: a signal or --time-limit ends it.
            throw_if_out_of_budget();
            for (int h = 0; h < hosts; ++h) {  // host ids grow with h: rows come out sorted
                bool covers = (h / ipow(k, l + 1)) == (w / ipow(k, l));
                int hop;
                if (covers && l == 0) hop = host_ids[h];
                else if (covers) hop = sw_id(with_digit(w, l - 1, digit(h, l)), l - 1);
                else hop = sw_id(with_digit(w, l, digit(h, l)), l + 1);
                next[static_cast<std::size_t>(sw_id(w, l))].emplace_back(host_ids[h], hop);
            }
        }
    net.set_routing(Routing::table_rows(std::move(next)));
    return net;
}

Network make_torus(const std::vector<int>& dims, bool wrap) {
    std::string spec = wrap ? "torus" : "mesh";
    require(dims.size() >= 1 && dims.size() <= 3, spec, "give 1 to 3 dimensions, e.g. 4x4");
    int total = 1;
    for (int d : dims) {
        require(d >= 2 && d <= 256, spec, "every dimension must be 2..256");
        total *= d;
    }
    require(total <= 16384, spec, "at most 16384 switches");
    require(static_cast<long long>(total) * total <= kMaxTableEntries, spec, "switches times hosts exceeds " + limit_text());
    Network net(spec);
    auto sw = add_switches(net, total);
    auto coord = [&](int i, std::size_t dim) {
        for (std::size_t j = 0; j < dim; ++j) i /= dims[j];
        return i % dims[dim];
    };
    auto stride = [&](std::size_t dim) {
        int s = 1;
        for (std::size_t j = 0; j < dim; ++j) s *= dims[j];
        return s;
    };
    for (int i = 0; i < total; ++i)
        for (std::size_t d = 0; d < dims.size(); ++d) {
            int c = coord(i, d);
            if (c + 1 < dims[d]) net.add_cable(sw[i], sw[i + stride(d)]);
            else if (wrap && dims[d] > 2) net.add_cable(sw[i], sw[i - c * stride(d)]);
        }
    for (int i = 0; i < total; ++i) attach_host(net, i, sw[i]);
    const auto hosts = net.hosts();
    std::vector<Routing::NextHopRow> next(static_cast<std::size_t>(net.node_count()));
    for (int i = 0; i < total; ++i) {
        throw_if_out_of_budget();  // up to 2^24 entries: a signal or --time-limit ends it
        next[static_cast<std::size_t>(sw[i])].reserve(static_cast<std::size_t>(total - 1));
        for (int j = 0; j < total; ++j) {  // host ids grow with j: rows come out sorted
            if (i == j) continue;
            for (std::size_t d = 0; d < dims.size(); ++d) {
                int a = coord(i, d), b = coord(j, d);
                if (a == b) continue;
                int step = b > a ? 1 : -1;
                if (wrap) {
                    int fwd = ((b - a) % dims[d] + dims[d]) % dims[d];
                    step = fwd <= dims[d] - fwd ? 1 : -1;
                }
                int nc = ((a + step) % dims[d] + dims[d]) % dims[d];
                next[static_cast<std::size_t>(sw[i])].emplace_back(hosts[j], sw[i + (nc - a) * stride(d)]);
                break;
            }
        }
    }
    net.set_routing(Routing::table_rows(std::move(next)));
    net.set_lattice(lattice_of(net, dims, wrap, sw));
    return net;
}

Network make_hypercube(int d) {
    require(d >= 1 && d <= 14, "hypercube:" + std::to_string(d), "dimension must be 1..14");
    Network net("hypercube-" + std::to_string(d));
    auto sw = add_switches(net, 1 << d);
    // Each switch declares its links lowest dimension first, so the shortest-path tie-break
    // (first declared link wins) yields e-cube routing.
    for (int i = 0; i < (1 << d); ++i)
        for (int b = 0; b < d; ++b) {
            int j = i ^ (1 << b);
            net.add_link("s" + std::to_string(i) + "-s" + std::to_string(j), sw[i], sw[j]);
        }
    for (int i = 0; i < (1 << d); ++i) attach_host(net, i, sw[i]);
    return net;
}

Network make_cube_connected_cycles(int d) {
    require(d >= 3 && d <= 12, "ccc:" + std::to_string(d), "dimension must be 3..12");
    Network net("ccc-" + std::to_string(d));
    const int n = d << d;  // switch (x, i) = x*d + i: cube corner x, cycle position i
    auto sw = add_switches(net, n);
    for (int x = 0; x < (1 << d); ++x)
        for (int i = 0; i < d; ++i) {
            net.add_cable(sw[x * d + i], sw[x * d + (i + 1) % d]);
            int y = x ^ (1 << i);
            if (x < y) net.add_cable(sw[x * d + i], sw[y * d + i]);
        }
    for (int i = 0; i < n; ++i) attach_host(net, i, sw[i]);
    return net;
}

Network make_chordal_ring(int n, int w) {
    require(n >= 3 && n <= 16384 && w >= 2 && w < n - 1, "chordal-ring:" + std::to_string(n) + "," + std::to_string(w),
            "need n >= 3 and 2 <= w < n-1");
    Network net("chordal-ring-" + std::to_string(n) + "-" + std::to_string(w));
    auto sw = add_switches(net, n);
    // Every switch declares its links in the same relative order (+1, +w, -1, -w), so the
    // shortest-path tie-break (first declared link wins) routes every switch alike and the
    // routing is invariant under the n rotations, like the ring itself.
    for (int i = 0; i < n; ++i)
        for (int step : {1, w, n - 1, n - w}) {
            const int j = (i + step) % n;
            if (!net.link_between(sw[i], sw[j])) net.add_link("s" + std::to_string(i) + "-s" + std::to_string(j), sw[i], sw[j]);
        }
    for (int i = 0; i < n; ++i) attach_host(net, i, sw[i]);
    return net;
}

}  // namespace liquid
