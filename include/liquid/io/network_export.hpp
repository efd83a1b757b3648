#pragma once
// Writing a network for the tools users already run (docs/fabrics.md, "Your own fabric"):
//  - DOT (Graphviz): hosts as ellipses, switches as boxes, one edge per cable
//    (parallel cables stay separate edges, labelled with their link names);
//  - GraphML: nodes with a "kind" (host/switch), one directed edge per link with its
//    name and rate; read_graphml reads it back to the same network;
//  - BookSim2 anynet: routers and nodes numbered in declaration order. The format keeps
//    one channel per router pair and no routing table (BookSim computes shortest paths
//    with its min_anynet routing), so parallel cables become one channel.
#include <ostream>

#include "liquid/net/network.hpp"

namespace liquid {

void write_dot(std::ostream& out, const Network& net);
void write_graphml(std::ostream& out, const Network& net);
/// Returns how many parallel cables were merged into one channel (the format's limit).
int write_booksim_anynet(std::ostream& out, const Network& net);

}  // namespace liquid
