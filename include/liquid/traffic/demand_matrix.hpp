#pragma once
// A traffic from a matrix of bytes between hosts (a demand matrix, an MPI_Alltoallv count
// matrix times the datatype size): one transfer per nonzero off-diagonal entry, named
// "<sender>-<receiver>" like every pattern, carrying that many bytes.
#include <cstdint>
#include <vector>

#include "liquid/net/network.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid {

/// bytes[i][j]: from hosts[i] to hosts[j]. Throws InputError on a wrong shape, a negative
/// entry or a matrix without any transfer.
Traffic traffic_from_bytes(const Network& net, const std::vector<int>& hosts,
                           const std::vector<std::vector<std::int64_t>>& bytes);

}  // namespace liquid
