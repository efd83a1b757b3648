#include "liquid/sim/workload.hpp"

#include <algorithm>
#include <limits>

#include "liquid/base/error.hpp"

namespace liquid::sim {
namespace {

// Dense slots for the distinct hosts, in ascending host index, so that sender i and
// receiver i are the same node in a symmetric exchange (round-robin relies on it).
std::vector<int> distinct_hosts(const Traffic& t, bool senders) {
    std::vector<int> hosts;
    for (const Transfer& x : t.transfers()) {
        int h = senders ? x.src : x.dst;
        if (h >= 0) hosts.push_back(h);
    }
    std::sort(hosts.begin(), hosts.end());
    hosts.erase(std::unique(hosts.begin(), hosts.end()), hosts.end());
    return hosts;
}

int slot_of(const std::vector<int>& hosts, int h) {
    if (h < 0) return -1;
    return static_cast<int>(std::lower_bound(hosts.begin(), hosts.end(), h) - hosts.begin());
}

}  // namespace

std::vector<double> uniform_rates(int links, double rate) {
    return std::vector<double>(static_cast<std::size_t>(std::max(links, 0)), rate);
}

std::vector<double> network_rates(const Network& net) {
    std::vector<double> r(static_cast<std::size_t>(net.link_count()));
    for (int l = 0; l < net.link_count(); ++l) r[static_cast<std::size_t>(l)] = net.link_rate(l);
    return r;
}

Workload make_workload(const Traffic& traffic, const std::vector<double>& link_rate) {
    if (static_cast<int>(link_rate.size()) < traffic.link_count())
        throw InputError("simulation",
                         "the network defines rates for " + std::to_string(link_rate.size()) + " links but the traffic uses " +
                             std::to_string(traffic.link_count()),
                         "simulate a traffic built over this network");
    for (double r : link_rate)
        if (!(r > 0)) throw InputError("--rate", "link rates must be positive", "give a rate in bytes/s, e.g. 86e6");
    Workload w;
    w.link_rate.assign(link_rate.begin(), link_rate.begin() + traffic.link_count());
    w.link_names = traffic.link_names();
    w.sender_host = distinct_hosts(traffic, true);
    w.receiver_host = distinct_hosts(traffic, false);
    w.messages.reserve(static_cast<std::size_t>(traffic.size()));
    for (const Transfer& x : traffic.transfers()) {
        if (!(x.size > 0)) throw InputError("transfer " + x.name, "message size must be positive", "give a size in bytes");
        SimMessage m;
        m.first = static_cast<int>(w.path_links.size());
        if (!x.path.empty()) w.path_links.insert(w.path_links.end(), x.path.begin(), x.path.end());
        else x.links.for_each([&](std::size_t l) { w.path_links.push_back(static_cast<int>(l)); });
        m.hops = static_cast<int>(w.path_links.size()) - m.first;
        double slowest = std::numeric_limits<double>::infinity();
        for (int i = m.first; i < m.first + m.hops; ++i)
            slowest = std::min(slowest, w.link_rate[static_cast<std::size_t>(w.path_links[static_cast<std::size_t>(i)])]);
        m.size = x.size;
        m.stream_time = x.size / slowest;
        m.sender = slot_of(w.sender_host, x.src);
        m.receiver = slot_of(w.receiver_host, x.dst);
        w.total_bytes += x.size;
        w.messages.push_back(m);
        w.message_names.push_back(x.name);
    }
    return w;
}

double liquid_time(const Workload& w) {
    std::vector<double> busy(w.link_rate.size(), 0.0);
    for (int m = 0; m < w.message_count(); ++m) {
        const SimMessage& msg = w.messages[static_cast<std::size_t>(m)];
        for (int i = 0; i < msg.hops; ++i) {
            busy[static_cast<std::size_t>(w.path(m)[i])] += msg.stream_time;
        }
    }
    return busy.empty() ? 0.0 : *std::max_element(busy.begin(), busy.end());
}

}  // namespace liquid::sim
