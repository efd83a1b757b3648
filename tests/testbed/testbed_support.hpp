#pragma once
// Shared by the testbed tests: the Swiss-T1 network, built once, and the representative of
// an allocation label with its transfers, duration and liquid ratio computed.
#include <string>

#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/testbed/experiment.hpp"

namespace liquid::testbed::test {

inline const Network& t1() {
    static const Network net = make_swiss_t1();
    return net;
}

inline Representative rep_of(const std::string& label) {
    Representative r;
    r.allocation = parse_allocation(label);
    r.transfers = r.allocation.total() * r.allocation.total();
    r.duration = AllocationLoads(t1()).duration(r.allocation);
    r.liquid_ratio = double(r.transfers) / r.duration;
    return r;
}

}  // namespace liquid::testbed::test
