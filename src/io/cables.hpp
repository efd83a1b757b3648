#pragma once
// Pairs a network's directed links back into cables for the formats that draw or list
// undirected connections (DOT, BookSim2 anynet): link a->b pairs with the first unpaired
// link b->a, so parallel cables stay parallel; a link with no partner is one-way.
#include <vector>

#include "liquid/net/network.hpp"

namespace liquid::io {

struct Cable {
    int forward = -1;   // link a->b
    int backward = -1;  // link b->a, or -1 for a one-way link
};

std::vector<Cable> pair_cables(const Network& net);

}  // namespace liquid::io
