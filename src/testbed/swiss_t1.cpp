// Swiss-T1 allocations, their traffics and the fast duration formula (report §8.1).
#include "liquid/testbed/swiss_t1.hpp"

#include <algorithm>
#include <map>

#include "liquid/base/error.hpp"
#include "liquid/traffic/patterns.hpp"

namespace liquid::testbed {

namespace {

void require_valid(const Allocation& a) {
    for (int s = 0; s < kSwitches; ++s)
        if (a.nodes[static_cast<std::size_t>(s)] < 0 || a.nodes[static_cast<std::size_t>(s)] > kNodesPerSwitch)
            throw InputError(
                "allocation",
                "switch s" + std::to_string(s) + " holds " + std::to_string(a.nodes[static_cast<std::size_t>(s)]) + " nodes",
                "allocate 0..4 nodes per switch");
}

/// Position of every switch node among the network's switches (-1 for hosts).
std::vector<int> switch_positions(const Network& t1) {
    std::vector<int> pos(static_cast<std::size_t>(t1.node_count()), -1);
    const std::vector<int> switches = t1.switches();
    for (std::size_t i = 0; i < switches.size(); ++i) pos[static_cast<std::size_t>(switches[i])] = static_cast<int>(i);
    return pos;
}

/// Hosts of each switch, found from each host's single transmit link (host -> switch).
std::array<std::vector<int>, kSwitches> hosts_by_switch(const Network& t1) {
    const std::vector<int> pos = switch_positions(t1);
    if (t1.switches().size() != static_cast<std::size_t>(kSwitches))
        throw InputError("network " + t1.name(), "has " + std::to_string(t1.switches().size()) + " switches",
                         "the Swiss-T1 testbed needs 8 switches of 4 nodes (use make_swiss_t1())");
    std::array<std::vector<int>, kSwitches> hosts;
    for (int h : t1.hosts()) {
        const auto& out = t1.out_links(h);
        if (out.size() != 1 || pos[static_cast<std::size_t>(t1.link(out[0]).to)] < 0)
            throw InputError("network " + t1.name(), "host " + t1.node(h).name + " is not cabled to exactly one switch",
                             "use the Swiss-T1 network (make_swiss_t1())");
        hosts[static_cast<std::size_t>(pos[static_cast<std::size_t>(t1.link(out[0]).to)])].push_back(h);
    }
    for (int s = 0; s < kSwitches; ++s)
        if (hosts[static_cast<std::size_t>(s)].size() != static_cast<std::size_t>(kNodesPerSwitch))
            throw InputError(
                "network " + t1.name(),
                "switch " + std::to_string(s) + " has " + std::to_string(hosts[static_cast<std::size_t>(s)].size()) + " hosts",
                "the Swiss-T1 testbed needs 4 nodes per switch");
    return hosts;
}

}  // namespace

int Allocation::total() const {
    int n = 0;
    for (int k : nodes) n += k;
    return n;
}

int Allocation::switches_used() const {
    return static_cast<int>(std::count_if(nodes.begin(), nodes.end(), [](int k) { return k > 0; }));
}

std::string Allocation::label() const {
    std::string s;
    for (int k : nodes) s += static_cast<char>('0' + k);
    return s;
}

std::uint64_t Allocation::index() const {
    std::uint64_t idx = 0;
    for (int s = kSwitches - 1; s >= 0; --s)
        idx = idx * (kNodesPerSwitch + 1) + static_cast<std::uint64_t>(nodes[static_cast<std::size_t>(s)]);
    return idx;
}

Allocation allocation_from_index(std::uint64_t index) {
    if (index >= kAllocationCount)
        throw InputError("allocation index", std::to_string(index) + " is out of range", "use 0..390624");
    Allocation a;
    for (int s = 0; s < kSwitches; ++s) {
        a.nodes[static_cast<std::size_t>(s)] = static_cast<int>(index % (kNodesPerSwitch + 1));
        index /= kNodesPerSwitch + 1;
    }
    return a;
}

Allocation parse_allocation(const std::string& label) {
    const char* fix = "write eight digits 0..4, switch s0 first, e.g. 40300000";
    if (label.size() != static_cast<std::size_t>(kSwitches))
        throw InputError("allocation '" + label + "'", "needs 8 digits, got " + std::to_string(label.size()), fix);
    Allocation a;
    for (int s = 0; s < kSwitches; ++s) {
        const char c = label[static_cast<std::size_t>(s)];
        if (c < '0' || c > '0' + kNodesPerSwitch)
            throw InputError("allocation '" + label + "'", std::string("digit '") + c + "' is not 0..4", fix);
        a.nodes[static_cast<std::size_t>(s)] = c - '0';
    }
    return a;
}

std::vector<int> allocation_hosts(const Network& t1, const Allocation& a) {
    require_valid(a);
    const auto by_switch = hosts_by_switch(t1);
    std::vector<int> hosts;
    for (int s = 0; s < kSwitches; ++s) {
        const auto& on = by_switch[static_cast<std::size_t>(s)];
        hosts.insert(hosts.end(), on.begin(), on.begin() + a.nodes[static_cast<std::size_t>(s)]);
    }
    return hosts;
}

Traffic allocation_traffic(const Network& t1, const Allocation& a, double size) {
    const std::vector<int> hosts = allocation_hosts(t1, a);
    if (hosts.empty()) throw InputError("allocation " + a.label(), "allocates no node", "allocate at least one node");
    // Each node has a transmitting and a receiving processor, so a node also sends to
    // itself (over its own tx and rx links): n² transfers (report §8.1).
    return all_to_all(t1, hosts, hosts, /*include_self=*/true, size);
}

AllocationLoads::AllocationLoads(const Network& t1) : switch_of_host_(static_cast<std::size_t>(t1.node_count()), -1) {
    hosts_of_switch_ = hosts_by_switch(t1);
    for (int s = 0; s < kSwitches; ++s)
        for (int h : hosts_of_switch_[static_cast<std::size_t>(s)]) switch_of_host_[static_cast<std::size_t>(h)] = s;
    const std::vector<int> pos = switch_positions(t1);
    auto inter_switch = [&](int l) {
        return pos[static_cast<std::size_t>(t1.link(l).from)] >= 0 && pos[static_cast<std::size_t>(t1.link(l).to)] >= 0;
    };
    // The formula assumes switch-level routing: every host of switch i reaches every host
    // of switch j over the same inter-switch links. Check it on every host pair.
    std::map<int, std::vector<std::pair<int, int>>> by_link;
    for (int i = 0; i < kSwitches; ++i)
        for (int j = 0; j < kSwitches; ++j) {
            if (i == j) continue;
            std::vector<int> first;
            for (int src : hosts_of_switch_[static_cast<std::size_t>(i)])
                for (int dst : hosts_of_switch_[static_cast<std::size_t>(j)]) {
                    std::vector<int> links;
                    for (int l : t1.route(src, dst))
                        if (inter_switch(l)) links.push_back(l);
                    if (first.empty()) first = links;
                    else if (links != first)
                        throw InputError(
                            "network " + t1.name(),
                            "routes from switch " + std::to_string(i) + " to " + std::to_string(j) + " differ between hosts",
                            "the testbed needs switch-level static routing");
                }
            for (int l : first) by_link[l].emplace_back(i, j);
        }
    for (auto& [l, pairs] : by_link) pairs_.emplace_back(l, std::move(pairs));
}

int AllocationLoads::duration(const Allocation& a) const {
    // A node's transmit link carries its n transfers (to every allocated node, itself
    // included) and its receive link n as well; inter-switch links carry a_i·a_j per
    // routed switch pair (report §8.1).
    int lambda = a.total();
    for (const auto& [link, pairs] : pairs_) {
        int load = 0;
        for (const auto& [i, j] : pairs) load += a.nodes[static_cast<std::size_t>(i)] * a.nodes[static_cast<std::size_t>(j)];
        lambda = std::max(lambda, load);
    }
    return lambda;
}

int AllocationLoads::skeleton(const Allocation& a) const {
    const int n = a.total(), lambda = duration(a);
    if (lambda == n) return n * n;
    auto count = [&](int i) { return a.nodes[static_cast<std::size_t>(i)]; };
    std::array<std::array<bool, kSwitches>, kSwitches> crosses{};
    for (const auto& [link, pairs] : pairs_) {
        int load = 0;
        for (const auto& [i, j] : pairs) load += count(i) * count(j);
        if (load == lambda)
            for (const auto& [i, j] : pairs) crosses[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = true;
    }
    int size = 0;
    for (int i = 0; i < kSwitches; ++i)
        for (int j = 0; j < kSwitches; ++j)
            if (crosses[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]) size += count(i) * count(j);
    return size;
}

}  // namespace liquid::testbed
