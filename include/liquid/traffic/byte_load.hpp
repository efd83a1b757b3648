#pragma once
// The byte load of a traffic whose transfers carry unequal sizes over links of given
// rates: bytes(l) per link, the time each link needs, bytes(l) / rate(l), and the bound
// T* = max over links of that time (the weighted duration Λ; no schedule of the traffic,
// however its transfers are split, delivers in less). Equal sizes on equal rates give
// T* = Λ · size / rate.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "liquid/net/network.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid {

struct ByteLoad {
    std::vector<double> bytes;     // per link
    std::vector<double> time_s;    // per link: bytes / rate
    double bound_s = 0;            // T* = max time_s
    std::vector<int> bottlenecks;  // links whose time is T* (relative tolerance 1e-12), ascending
};

/// The byte load of `traffic` over links of rates `rates` (bytes/s, one per link, > 0).
ByteLoad byte_load(const Traffic& traffic, const std::vector<double>& rates);

/// Rates (bytes/s) of the traffic's links: the network's link rates when the traffic is
/// built over `net` (same link universe), else `default_rate` for every link.
std::vector<double> link_rates(const Network& net);
std::vector<double> uniform_link_rates(const Traffic& traffic, double rate);

/// The rate at which transfer `x` moves: its slowest link's.
double transfer_rate(const Traffic& traffic, const std::vector<double>& rates, int x);

/// True when two transfers differ in size.
bool has_unequal_sizes(const Traffic& traffic);

/// Throws InputError naming `where` when a size is not a whole number of bytes (sizes are
/// never rounded) or when a rate is not a positive finite number.
void check_byte_sizes(const Traffic& traffic, const std::vector<double>& rates, const std::string& where);

/// Sizes as whole bytes (after check_byte_sizes).
std::int64_t transfer_bytes(const Transfer& t);

}  // namespace liquid
