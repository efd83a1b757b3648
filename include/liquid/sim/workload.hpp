#pragma once
// Workload: a traffic lowered to what the simulator needs on its hot path — per message
// an ordered path of link indices, its streaming time and a dense sender slot — plus the
// rate of every link. Built once per traffic; executors and models only read it.
#include <string>
#include <vector>

#include "liquid/net/network.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::sim {

struct SimMessage {
    int first = 0;           // offset of the path in Workload::path_links
    int hops = 0;            // number of links on the path
    double size = 0;         // bytes
    double stream_time = 0;  // size / slowest link rate of the path
    int sender = -1;         // dense sender slot (0..senders-1); -1 = no host known
    int receiver = -1;       // dense receiver slot; -1 = no host known
};

struct Workload {
    std::vector<double> link_rate;     // bytes/s per link of the traffic's link universe
    std::vector<int> path_links;       // all paths, concatenated
    std::vector<SimMessage> messages;  // one per transfer, same index
    std::vector<int> sender_host;      // host node index of each sender slot
    std::vector<int> receiver_host;    // host node index of each receiver slot
    double total_bytes = 0;
    std::vector<std::string> message_names;  // diagnostics only, never on the hot path
    std::vector<std::string> link_names;

    int message_count() const { return static_cast<int>(messages.size()); }
    int link_count() const { return static_cast<int>(link_rate.size()); }
    int sender_count() const { return static_cast<int>(sender_host.size()); }
    const int* path(int m) const { return path_links.data() + messages[static_cast<std::size_t>(m)].first; }
};

/// Every link at `rate` bytes/s (link-set traffics, which carry no rates).
std::vector<double> uniform_rates(int links, double rate);
/// Network::link_rate of every link (traffic link indices are the network's).
std::vector<double> network_rates(const Network& net);

/// Lowers a traffic. The path of a transfer is its travel-order `path`; a link-set
/// traffic has none, so its links are taken in ascending index order (a global order,
/// which also makes hold-and-wait deadlock impossible). Sender and receiver slots are
/// the distinct src / dst hosts in ascending host index. Throws InputError when a rate is
/// not positive or the rate vector does not cover the traffic's links.
Workload make_workload(const Traffic& traffic, const std::vector<double>& link_rate);

/// Λ in time: max over links l of Σ stream_time over the messages using l (a link carries
/// one message at a time, each for its streaming time). No execution can finish
/// earlier, so total_bytes / liquid_time is the liquid throughput in bytes/s; with
/// identical sizes s and rates r it is #transfers / Λ · r (report §3).
double liquid_time(const Workload& w);

}  // namespace liquid::sim
