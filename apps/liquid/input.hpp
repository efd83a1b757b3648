#pragma once
// The traffic input shared by analyze, schedule and simulate:
//   --traffic FILE.traffic                       link-set traffic, no network
//   --network FILE.json|SPEC [--pattern NAME ...] a pattern over a network
//   --traffic-json FILE                          traffic over a network (JSON)
//   --network SPEC --demand FILE.csv             a matrix of bytes between its hosts
// With none of them: the papers' two-switch example, all-to-all.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "liquid/net/network.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::app {

struct TrafficOptions {
    std::string traffic_file, network, pattern = "all-to-all", traffic_json, senders, receivers, demand;
    bool include_self = false;
    std::uint64_t seed = 1;
    int count = 0;
    double size = 0;  // 0 = pattern default (1 byte, or the file's sizes)
};

struct LoadedTraffic {
    std::optional<Network> network;  // absent for .traffic files
    Traffic traffic;
    std::string source;    // one line saying where the traffic came from
    double link_rate = 0;  // bytes/s of the network's default rate (0 if unknown)
    bool demand = false;   // from --demand: sizes are the user's bytes
};

/// Rates (bytes/s) of the traffic's links: the network's, or the default network rate for
/// every link of a link-set traffic.
std::vector<double> traffic_link_rates(const LoadedTraffic& in);

/// Adds the options above to a subcommand.
void add_traffic_options(CLI::App& cmd, TrafficOptions& opts);
/// Loads the traffic the options name; throws InputError on bad input.
LoadedTraffic load_traffic(const TrafficOptions& opts);
/// The files the options read (traffic, traffic JSON, network JSON or the files of an
/// import spec), so a command can refuse to write its output over one of them.
std::vector<std::string> traffic_input_files(const TrafficOptions& opts);

}  // namespace liquid::app
