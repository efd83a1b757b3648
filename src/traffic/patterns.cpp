#include "liquid/traffic/patterns.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>

#include "liquid/base/error.hpp"
#include "liquid/base/parallel_for.hpp"
#include "liquid/base/rng.hpp"
#include "liquid/base/time_budget.hpp"

namespace liquid {

namespace {

std::vector<std::string> link_names_of(const Network& net) {
    std::vector<std::string> names;
    names.reserve(static_cast<std::size_t>(net.link_count()));
    for (const auto& l : net.links()) names.push_back(l.name);
    return names;
}

void require_hosts(const Network& net, const std::vector<int>& set, const char* role) {
    if (set.empty()) throw InputError(std::string("pattern ") + role, "the set is empty", "name at least one host");
    for (int h : set)
        if (h < 0 || h >= net.node_count() || !net.is_host(h))
            throw InputError(std::string("pattern ") + role, "node is not a host", "list host names only");
}

/// The transfers all_to_all makes: every (sender, receiver) pair, less a host's pair with
/// itself unless include_self.
long long pair_count(const Network& net, const std::vector<int>& senders, const std::vector<int>& receivers, bool include_self) {
    long long pairs = static_cast<long long>(senders.size()) * static_cast<long long>(receivers.size());
    if (include_self) return pairs;
    std::vector<int> receives(static_cast<std::size_t>(net.node_count()), 0);
    for (int r : receivers) ++receives[static_cast<std::size_t>(r)];
    for (int s : senders) pairs -= receives[static_cast<std::size_t>(s)];
    return pairs;
}

void require_size(long long transfers, const std::string& pattern) {
    if (transfers > kMaxPatternTransfers)
        throw InputError("pattern " + pattern,
                         "it would generate " + std::to_string(transfers) + " transfers, more than the limit of " +
                             std::to_string(kMaxPatternTransfers),
                         "choose fewer senders or receivers, or a smaller count");
}

Traffic permutation(const Network& net, std::vector<int> senders, std::vector<int> receivers, std::uint64_t seed, double size) {
    if (senders.size() != receivers.size())
        throw InputError("pattern permutation", "senders and receivers differ in number", "give as many receivers as senders");
    Rng rng(seed);
    liquid::shuffle(receivers.begin(), receivers.end(), rng);
    std::vector<std::pair<int, int>> pairs;
    for (std::size_t i = 0; i < senders.size(); ++i) pairs.emplace_back(senders[i], receivers[i]);
    return traffic_from_pairs(net, pairs, size);
}

Traffic uniform_random(const Network& net, const std::vector<int>& senders, const std::vector<int>& receivers, int count,
                       std::uint64_t seed, double size) {
    if (count < 0) throw InputError("pattern random", "the count is negative", "give a count >= 1 (0 = one per sender)");
    if (count == 0) count = static_cast<int>(senders.size());
    require_size(count, "random");
    Rng rng(seed);
    const auto ns = static_cast<std::uint32_t>(senders.size()), nr = static_cast<std::uint32_t>(receivers.size());
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < count; ++i) {
        const std::uint32_t s = rng.below(ns);  // sender first: the order of the draws is part of the seed's meaning
        pairs.emplace_back(senders[s], receivers[rng.below(nr)]);
    }
    return traffic_from_pairs(net, pairs, size);
}

Traffic from_demand(const Network& net, const PatternSpec& spec) {
    const auto& d = spec.demand;
    if (d.size() != spec.senders.size())
        throw InputError(
            "pattern demand",
            "the matrix has " + std::to_string(d.size()) + " rows for " + std::to_string(spec.senders.size()) + " senders",
            "give one row per sender");
    long long total = 0;
    for (std::size_t i = 0; i < d.size(); ++i) {
        if (d[i].size() != spec.receivers.size())
            throw InputError("pattern demand row " + std::to_string(i), "wrong number of columns",
                             "give one column per receiver");
        for (int v : d[i]) {
            if (v < 0) throw InputError("pattern demand row " + std::to_string(i), "negative entry", "use counts >= 0");
            total += v;
            require_size(total, "demand");
        }
    }
    if (total == 0)
        throw InputError("pattern demand", "every entry is 0: the traffic has no transfer", "ask for at least one message");
    std::vector<std::pair<int, int>> pairs;
    for (std::size_t i = 0; i < d.size(); ++i) {
        for (std::size_t j = 0; j < d[i].size(); ++j) {
            for (int k = 0; k < d[i][j]; ++k) pairs.emplace_back(spec.senders[i], spec.receivers[j]);
        }
    }
    return traffic_from_pairs(net, pairs, spec.size);
}

}  // namespace

std::vector<int> sending_hosts(const Network& net) {
    std::vector<int> v;
    for (int h : net.hosts())
        if (!net.out_links(h).empty()) v.push_back(h);
    return v;
}

std::vector<int> receiving_hosts(const Network& net) {
    std::vector<char> has_in(static_cast<std::size_t>(net.node_count()), 0);
    for (const auto& l : net.links()) has_in[l.to] = 1;
    std::vector<int> v;
    for (int h : net.hosts())
        if (has_in[h]) v.push_back(h);
    return v;
}

const std::vector<std::string>& pattern_names() {
    static const std::vector<std::string> names{"all-to-all", "half-to-half", "permutation", "random", "demand"};
    return names;
}

namespace {

/// The pairs grouped by one end (the sender or the receiver): per node, the indices of its
/// pairs in order, and the nodes in the order of their first pair.
struct PairGroups {
    std::vector<std::vector<std::size_t>> of;  // per node
    std::vector<int> nodes;
};

/// Groups by the end `end_of(pair)` names.
template <class End>
PairGroups group_pairs(const Network& net, const std::vector<std::pair<int, int>>& pairs, End end_of) {
    PairGroups g{std::vector<std::vector<std::size_t>>(static_cast<std::size_t>(net.node_count())), {}};
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const int node = end_of(pairs[i]);
        auto& mine = g.of[static_cast<std::size_t>(node)];
        if (mine.empty()) g.nodes.push_back(node);
        mine.push_back(i);
    }
    return g;
}

PairGroups pairs_by_sender(const Network& net, const std::vector<std::pair<int, int>>& pairs) {
    return group_pairs(net, pairs, [](const std::pair<int, int>& p) { return p.first; });
}

PairGroups pairs_by_receiver(const Network& net, const std::vector<std::pair<int, int>>& pairs) {
    return group_pairs(net, pairs, [](const std::pair<int, int>& p) { return p.second; });
}

/// The route of every pair, computed per sender (one search serves all its receivers) or,
/// for table routings, per receiver (one next-hop lookup per switch serves all its
/// senders), in parallel over the groups (routing only reads the network). On an error the
/// pairs are routed again in order, so that the first bad pair is the one reported whatever
/// the thread count.
std::vector<std::vector<int>> routes_of(const Network& net, const std::vector<std::pair<int, int>>& pairs,
                                        const PairGroups& by_sender) {
    std::vector<std::vector<int>> routes(pairs.size());
    const Routing& routing = net.routing();
    const bool by_receiver = routing.routes_by_receiver();
    const PairGroups by_dst = by_receiver ? pairs_by_receiver(net, pairs) : PairGroups{};
    const PairGroups& groups = by_receiver ? by_dst : by_sender;
    try {
        parallel_for(groups.nodes.size(), 0, [&](std::size_t k) {
            throw_if_out_of_budget();  // routes come before any result: --time-limit ends them
            const int node = groups.nodes[k];
            const auto& mine = groups.of[static_cast<std::size_t>(node)];
            std::vector<int> others;
            others.reserve(mine.size());
            for (std::size_t i : mine) others.push_back(by_receiver ? pairs[i].first : pairs[i].second);
            auto found = by_receiver ? routing.routes_to(net, node, others) : routing.routes_from(net, node, others);
            for (std::size_t j = 0; j < mine.size(); ++j) routes[mine[j]] = std::move(found[j]);
        });
    } catch (const InputError&) {
        for (const auto& [s, r] : pairs) (void)net.route(s, r);
        throw;
    }
    return routes;
}

/// For each pair, how many equal pairs come before it (0 for the first of a kind), counted
/// per sender in one array of the network's nodes (no hash map of a million pairs).
std::vector<int> copy_numbers(const Network& net, const std::vector<std::pair<int, int>>& pairs, const PairGroups& by) {
    std::vector<int> copy(pairs.size(), 0), seen(static_cast<std::size_t>(net.node_count()), 0);
    const auto receiver = [&](std::size_t i) { return static_cast<std::size_t>(pairs[i].second); };
    for (int s : by.nodes) {
        const auto& mine = by.of[static_cast<std::size_t>(s)];
        for (std::size_t i : mine) copy[i] = seen[receiver(i)]++;
        for (std::size_t i : mine) seen[receiver(i)] = 0;
    }
    return copy;
}

}  // namespace

Traffic traffic_from_pairs(const Network& net, const std::vector<std::pair<int, int>>& pairs, double size) {
    return traffic_from_pairs(net, pairs, std::vector<double>(pairs.size(), size));
}

Traffic traffic_from_pairs(const Network& net, const std::vector<std::pair<int, int>>& pairs, const std::vector<double>& sizes) {
    const PairGroups by = pairs_by_sender(net, pairs);
    std::vector<std::vector<int>> routes = routes_of(net, pairs, by);
    const std::vector<int> copy = copy_numbers(net, pairs, by);
    Traffic traffic(link_names_of(net));
    traffic.set_lattice(net.lattice());
    traffic.reserve(pairs.size());
    traffic.add_many(pairs.size(), [&](std::size_t i) {
        const auto [s, r] = pairs[i];
        std::string name = net.node(s).name + "-" + net.node(r).name;
        if (copy[i] > 0) name += "." + std::to_string(copy[i] + 1);
        return NewTransfer{std::move(name), std::move(routes[i]), s, r, sizes[i]};
    });
    return traffic;
}

Traffic all_to_all(const Network& net, const std::vector<int>& senders, const std::vector<int>& receivers, bool include_self,
                   double size) {
    std::vector<std::pair<int, int>> pairs;
    pairs.reserve(senders.size() * receivers.size());
    for (int s : senders)
        for (int r : receivers)
            if (s != r || include_self) pairs.emplace_back(s, r);
    return traffic_from_pairs(net, pairs, size);
}

Traffic make_pattern(const Network& net, const PatternSpec& spec) {
    std::vector<int> senders = spec.senders, receivers = spec.receivers;
    if (spec.name == "half-to-half" && senders.empty() && receivers.empty()) {
        const std::vector<int> hosts = net.hosts();
        senders.assign(hosts.begin(), hosts.begin() + static_cast<long>(hosts.size() / 2));
        receivers.assign(hosts.begin() + static_cast<long>(hosts.size() / 2), hosts.end());
    }
    if (senders.empty()) senders = sending_hosts(net);
    if (receivers.empty()) receivers = receiving_hosts(net);
    require_hosts(net, senders, "senders");
    require_hosts(net, receivers, "receivers");
    if (spec.name == "all-to-all" || spec.name == "half-to-half") {
        require_size(pair_count(net, senders, receivers, spec.include_self), spec.name);
        return all_to_all(net, senders, receivers, spec.include_self, spec.size);
    }
    if (spec.name == "permutation") return permutation(net, senders, receivers, spec.seed, spec.size);
    if (spec.name == "random") return uniform_random(net, senders, receivers, spec.count, spec.seed, spec.size);
    if (spec.name == "demand") {
        PatternSpec full = spec;
        full.senders = senders;
        full.receivers = receivers;
        return from_demand(net, full);
    }
    std::string known;
    for (const auto& n : pattern_names()) known += (known.empty() ? "" : ", ") + n;
    throw InputError("pattern", "unknown pattern '" + spec.name + "'", "use one of: " + known);
}

}  // namespace liquid
