#pragma once
// Writing a network for the tools users already run (docs/fabrics.md, "Your own fabric"):
//  - DOT (Graphviz): hosts as ellipses, switches as boxes, one edge per cable
//    (parallel cables stay separate edges, labelled with their link names);
//  - GraphML: nodes with a "kind" (host/switch), one directed edge per link with its
//    name and rate; read_graphml reads it back to the same network;
//  - BookSim2 anynet: routers and nodes numbered in declaration order. The format keeps
//    one channel per router pair and no routing table (BookSim computes shortest paths
//    with its min_anynet routing), so parallel cables become one channel;
//  - SimGrid platform (DTD 4.1) for SMPI: one SHARED link per directed link, one route per
//    ordered host pair listing exactly the links of liquid's route (zone routing "Full").
#include <ostream>

#include "liquid/net/network.hpp"

namespace liquid {

void write_dot(std::ostream& out, const Network& net);
void write_graphml(std::ostream& out, const Network& net);
/// Returns how many parallel cables were merged into one channel (the format's limit).
int write_booksim_anynet(std::ostream& out, const Network& net);

struct SimgridOptions {
    double latency_s = 1e-6;        // of every link
    double host_speed_flops = 1e9;  // of every host (SMPI's computation model)
};
/// Returns how many ordered host pairs have no route (the routing cannot serve them:
/// they get no <route>, so SMPI refuses a message between them).
int write_simgrid_platform(std::ostream& out, const Network& net, const SimgridOptions& options = {});

}  // namespace liquid
