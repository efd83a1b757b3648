#include "liquid/traffic/demand_matrix.hpp"

#include <string>

#include "liquid/base/error.hpp"
#include "liquid/traffic/patterns.hpp"

namespace liquid {

Traffic traffic_from_bytes(const Network& net, const std::vector<int>& hosts,
                           const std::vector<std::vector<std::int64_t>>& bytes) {
    if (bytes.size() != hosts.size())
        throw InputError("demand matrix", std::to_string(bytes.size()) + " rows for " + std::to_string(hosts.size()) + " hosts",
                         "give one row per host");
    std::vector<std::pair<int, int>> pairs;
    std::vector<double> sizes;
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        if (bytes[i].size() != hosts.size())
            throw InputError("demand matrix row " + std::to_string(i + 1),
                             std::to_string(bytes[i].size()) + " columns for " + std::to_string(hosts.size()) + " hosts",
                             "give one column per host");
        for (std::size_t j = 0; j < hosts.size(); ++j) {
            if (bytes[i][j] < 0)
                throw InputError("demand matrix row " + std::to_string(i + 1) + " column " + std::to_string(j + 1),
                                 "the byte count is negative", "give counts >= 0");
            if (i == j || bytes[i][j] == 0) continue;  // the diagonal is local, not network traffic
            pairs.emplace_back(hosts[i], hosts[j]);
            sizes.push_back(static_cast<double>(bytes[i][j]));
        }
    }
    if (pairs.empty()) throw InputError("demand matrix", "every off-diagonal entry is 0: no transfer", "give at least one byte");
    return traffic_from_pairs(net, pairs, sizes);
}

}  // namespace liquid
