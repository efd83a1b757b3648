#pragma once
// A route of a network as the names of its links, for readable expectations.
#include <string>
#include <vector>

#include "liquid/net/network.hpp"

namespace liquid::test {

inline std::vector<std::string> route_names(const Network& net, const std::string& from, const std::string& to) {
    std::vector<std::string> names;
    for (int l : net.route(*net.find_node(from), *net.find_node(to))) names.push_back(net.link(l).name);
    return names;
}

}  // namespace liquid::test
