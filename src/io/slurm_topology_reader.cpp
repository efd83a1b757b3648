// Slurm's topology.conf for the tree plugin (slurm.schedmd.com/topology.conf.html):
//   SwitchName=s0 Nodes=node[01-16]
//   SwitchName=s1 Nodes=node[17-32] LinkSpeed=100
//   SwitchName=top Switches=s[0-1]
// Host lists use Slurm's bracket ranges: tux[1-3,7], rack[0-1]-n[01-02] (every
// combination), with zero padding kept. Each switch–child pair is one cable. Routing is
// up/down, as the tree implies: a packet climbs until it reaches a switch above the
// receiver, then descends; among the choices the fewest hops win, ties going to the
// parent or child declared first.
#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <set>

#include "io/text_input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/network_import.hpp"

namespace liquid {

namespace {

using io::TextLines;

constexpr std::size_t kMaxExpansion = 1 << 20;

/// Expands one Slurm host-list expression into names (throws via `in` on bad syntax).
std::vector<std::string> expand_hostlist(const TextLines& in, std::string_view list) {
    // Split on commas outside brackets.
    std::vector<std::string_view> items;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= list.size(); ++i) {
        if (i == list.size() || (list[i] == ',' && depth == 0)) {
            if (i == start) in.fail("an empty name in the list '" + std::string(list) + "'", "separate names with single commas");
            items.push_back(list.substr(start, i - start));
            start = i + 1;
        } else if (list[i] == '[') {
            if (++depth > 1) in.fail("nested '[' in '" + std::string(list) + "'", "write ranges as name[1-4]");
        } else if (list[i] == ']') {
            if (--depth < 0) in.fail("']' without '[' in '" + std::string(list) + "'", "write ranges as name[1-4]");
        }
    }
    if (depth != 0) in.fail("'[' without ']' in '" + std::string(list) + "'", "close the range");
    std::vector<std::string> out;
    for (auto item : items) {
        std::vector<std::string> partial{""};
        for (std::size_t i = 0; i < item.size();) {
            if (item[i] != '[') {
                auto j = item.find('[', i);
                auto text = item.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i);
                for (auto& p : partial) p += text;
                i += text.size();
                continue;
            }
            auto close = item.find(']', i);
            auto ranges = item.substr(i + 1, close - i - 1);
            std::vector<std::string> values;
            for (std::size_t r = 0; r <= ranges.size();) {
                auto comma = ranges.find(',', r);
                auto range = ranges.substr(r, comma == std::string_view::npos ? std::string_view::npos : comma - r);
                auto dash = range.find('-');
                auto lo_s = range.substr(0, dash), hi_s = dash == std::string_view::npos ? lo_s : range.substr(dash + 1);
                std::uint64_t lo = 0, hi = 0;
                if (!io::parse_uint(lo_s, lo, 1u << 30) || !io::parse_uint(hi_s, hi, 1u << 30) || hi < lo)
                    in.fail("bad range '" + std::string(range) + "' in '" + std::string(item) + "'",
                            "write ranges as [1-16] or [01-16,20]");
                if (hi - lo >= kMaxExpansion)
                    in.fail("the range '" + std::string(range) + "' is too large", "at most 2^20 names");
                for (std::uint64_t v = lo; v <= hi; ++v) {
                    std::string num = std::to_string(v);
                    if (num.size() < lo_s.size()) num.insert(0, lo_s.size() - num.size(), '0');  // keep zero padding
                    values.push_back(num);
                }
                if (comma == std::string_view::npos) break;
                r = comma + 1;
            }
            if (partial.size() * values.size() > kMaxExpansion)
                in.fail("'" + std::string(item) + "' expands to too many names", "at most 2^20 names");
            std::vector<std::string> next;
            for (const auto& p : partial)
                for (const auto& v : values) next.push_back(p + v);
            partial = std::move(next);
            i = close + 1;
        }
        for (auto& p : partial) out.push_back(std::move(p));
    }
    return out;
}

struct SwitchLine {
    std::string name;
    std::vector<std::string> switches, nodes;
    int line = 0;
};

SwitchLine parse_line(const TextLines& in, std::string_view text) {
    SwitchLine s;
    s.line = in.line_number();
    for (auto w : io::words(text)) {
        auto eq = w.find('=');
        if (eq == std::string_view::npos || eq == 0 || eq + 1 == w.size())
            in.fail("expected Key=Value, found '" + std::string(w) + "'", "write e.g. SwitchName=s0 Nodes=node[1-16]");
        std::string key = std::string(w.substr(0, eq));
        for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        auto value = w.substr(eq + 1);
        if (key == "switchname") s.name = std::string(value);
        else if (key == "switches") s.switches = expand_hostlist(in, value);
        else if (key == "nodes") s.nodes = expand_hostlist(in, value);
        else if (key == "linkspeed") {
            std::uint64_t v = 0;
            if (!io::parse_uint(value, v, UINT32_MAX))
                in.fail("LinkSpeed '" + std::string(value) + "' is not a whole number", "LinkSpeed is a relative number");
            if (v == 0) in.fail("LinkSpeed=0: a link without speed", "LinkSpeed is a relative number >= 1, or leave it out");
        } else
            in.fail("unknown key '" + std::string(w.substr(0, eq)) + "'",
                    "the tree plugin knows SwitchName, Switches, Nodes, LinkSpeed");
    }
    if (s.name.empty()) in.fail("the line has no SwitchName", "start it with SwitchName=NAME");
    return s;
}

/// Up/down forwarding: for each receiver, the switches above it descend toward it, the
/// others climb toward the nearest one above it.
Routing up_down(const std::string& path, const Network& net, const std::map<int, std::vector<int>>& parents,
                const std::map<int, std::vector<int>>& children) {
    std::map<int, std::map<int, int>> out;
    const auto switches = net.switches();
    auto has_host = [&](int sw) {
        for (int l : net.out_links(sw))
            if (net.is_host(net.link(l).to)) return true;
        return false;
    };
    for (int h : net.hosts()) {
        std::map<int, int> down;  // switch above h -> hops down to h
        std::function<void(int, int)> mark = [&](int sw, int hops) {
            auto it = down.find(sw);
            if (it != down.end() && it->second <= hops) return;
            down[sw] = hops;
            auto p = parents.find(sw);
            if (p != parents.end())
                for (int up : p->second) mark(up, hops + 1);
        };
        for (int l : net.out_links(h)) mark(net.link(l).to, 1);
        for (int sw : switches) {
            if (auto d = down.find(sw); d != down.end()) {
                if (auto direct = net.link_between(sw, h)) {
                    out[sw][h] = *direct;
                    continue;
                }
                int best = -1;
                for (int c : children.count(sw) ? children.at(sw) : std::vector<int>{})
                    if (auto dc = down.find(c); dc != down.end() && dc->second == d->second - 1 && best < 0) best = c;
                if (best >= 0) out[sw][h] = *net.link_between(sw, best);
            }
        }
        // Climb: the parent with the fewest hops to a switch above h (memoised).
        std::map<int, int> climb;  // switch -> total hops to h going up then down
        std::function<int(int)> cost = [&](int sw) -> int {
            if (auto d = down.find(sw); d != down.end()) return d->second;
            if (auto c = climb.find(sw); c != climb.end()) return c->second;
            int best = -1, via = -1;
            if (auto p = parents.find(sw); p != parents.end())
                for (int up : p->second) {
                    int c = cost(up);
                    if (c >= 0 && (best < 0 || c + 1 < best)) {
                        best = c + 1;
                        via = up;
                    }
                }
            climb[sw] = best;
            if (via >= 0) out[sw][h] = *net.link_between(sw, via);
            return best;
        };
        for (int sw : switches)
            if (cost(sw) < 0 && has_host(sw))
                throw InputError(path,
                                 "node '" + net.node(h).name + "' cannot be reached from switch '" + net.node(sw).name + "'",
                                 "join all switches under common parents (one tree)");
    }
    return Routing::forwarding(std::move(out));
}

/// Runs a Network mutation and re-labels its error with the file and line.
template <class F>
void located(const std::string& where, F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        throw InputError(where, e.what());
    }
}

/// The up/down routing needs a tree (or a DAG of switches): a cycle has no "up".
void require_acyclic(const std::string& path, const Network& net, const std::map<int, std::vector<int>>& children) {
    std::vector<int> state(static_cast<std::size_t>(net.node_count()), 0);
    std::function<void(int)> visit = [&](int sw) {
        state[sw] = 1;
        if (auto c = children.find(sw); c != children.end())
            for (int child : c->second) {
                if (state[child] == 1)
                    throw InputError(path,
                                     "switches '" + net.node(sw).name + "' and '" + net.node(child).name +
                                         "' are each other's ancestors (a cycle)",
                                     "a tree lists every switch below its parents only");
                if (state[child] == 0) visit(child);
            }
        state[sw] = 2;
    };
    for (int sw : net.switches())
        if (state[sw] == 0) visit(sw);
}

}  // namespace

Network read_slurm_topology(const std::string& path) {
    TextLines in(path);
    std::vector<SwitchLine> lines;
    std::map<std::string, int> switch_line;
    for (std::string raw; in.next(raw);) {
        auto text = io::trim(std::string_view(raw).substr(0, raw.find('#')));
        if (text.empty()) continue;
        lines.push_back(parse_line(in, text));
        if (auto [it, fresh] = switch_line.emplace(lines.back().name, in.line_number()); !fresh)
            in.fail("switch '" + lines.back().name + "' is already defined on line " + std::to_string(it->second),
                    "define every switch once");
    }
    if (lines.empty()) throw InputError(path, "the file defines no switch", "add lines such as 'SwitchName=s0 Nodes=node[1-16]'");
    Network net(std::filesystem::path(path).stem().string());
    for (const auto& l : lines) located(path + ":" + std::to_string(l.line), [&] { net.add_switch(l.name); });
    std::map<int, std::vector<int>> parents, children;
    std::map<std::string, int> host_line;
    for (const auto& l : lines) {
        const int sw = *net.find_node(l.name);
        const std::string where = path + ":" + std::to_string(l.line);
        for (const auto& c : l.switches) {
            auto child = net.find_node(c);
            if (!child || net.is_host(*child))
                throw InputError(where, "switch '" + c + "' is not defined", "add a SwitchName=" + c + " line");
            if (*child == sw) throw InputError(where, "switch '" + c + "' lists itself", "list its child switches");
            if (std::find(children[sw].begin(), children[sw].end(), *child) != children[sw].end())
                throw InputError(where, "switch '" + c + "' is listed twice", "list each child once");
            children[sw].push_back(*child);
            parents[*child].push_back(sw);
            located(where, [&] { net.add_cable(sw, *child); });
        }
        for (const auto& n : l.nodes) {
            if (auto [it, fresh] = host_line.emplace(n, l.line); !fresh)
                throw InputError(where, "node '" + n + "' is already attached on line " + std::to_string(it->second),
                                 "attach every node to one switch");
            if (net.find_node(n)) throw InputError(where, "'" + n + "' is both a switch and a node", "rename one of them");
            located(where, [&] { net.add_cable(net.add_host(n), sw); });
        }
    }
    if (net.hosts().empty())
        throw InputError(path, "no switch lists any Nodes=", "attach the compute nodes to the leaf switches");
    check_fabric_size(net, path);  // before the up/down tables: hosts x switches work
    require_acyclic(path, net, children);
    net.set_routing(up_down(path, net, parents, children));
    return net;
}

}  // namespace liquid
