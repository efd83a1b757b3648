// The reconstructed Swiss-T1 K-ring (swiss_t1_network.hpp).
#include "liquid/net/swiss_t1_network.hpp"

#include <array>
#include <map>
#include <string>

#include "liquid/base/error.hpp"

namespace liquid {

namespace {

constexpr int kSwitches = 8;
constexpr int kNodesPerSwitch = 4;

/// Intermediate switch of each uncabled ordered switch pair (source, destination): the
/// reconstruction table. Cabled pairs (odd difference) route directly.
struct Via {
    int from, to, via;
};
constexpr std::array<Via, 24> kReconstructedRoutes{{
    {0, 2, 1}, {0, 4, 3}, {0, 6, 5},  //
    {1, 3, 4}, {1, 5, 4}, {1, 7, 0},  //
    {2, 0, 3}, {2, 4, 5}, {2, 6, 7},  //
    {3, 1, 2}, {3, 5, 4}, {3, 7, 6},  //
    {4, 0, 7}, {4, 2, 1}, {4, 6, 1},  //
    {5, 1, 0}, {5, 3, 2}, {5, 7, 0},  //
    {6, 0, 1}, {6, 2, 3}, {6, 4, 5},  //
    {7, 1, 2}, {7, 3, 0}, {7, 5, 4},  //
}};

}  // namespace

std::pair<int, int> swiss_t1_route_pair(int k) {
    // Pairs in from-major order; for each source the same-parity destinations ascending.
    const int from = k / 3, skip = k % 3;
    int to = from % 2, seen = 0;
    for (;; to += 2)
        if (to != from && seen++ == skip) break;
    return {from, to};
}

SwissT1Routes swiss_t1_reconstructed_routes() {
    SwissT1Routes r{};
    for (std::size_t k = 0; k < r.size(); ++k) r[k] = kReconstructedRoutes[k].via;
    return r;
}

Network make_swiss_t1() { return make_swiss_t1(swiss_t1_reconstructed_routes()); }

Network make_swiss_t1(const SwissT1Routes& routes) {
    Network net("swiss-t1", 86e6);
    std::array<int, kSwitches * kNodesPerSwitch> nodes{};
    std::array<int, kSwitches> sw{};
    for (int n = 0; n < kSwitches * kNodesPerSwitch; ++n) nodes[n] = net.add_host("n" + std::to_string(n));
    for (int s = 0; s < kSwitches; ++s) sw[s] = net.add_switch("s" + std::to_string(s));
    for (int n = 0; n < kSwitches * kNodesPerSwitch; ++n)
        net.add_link("tx" + std::to_string(n), nodes[n], sw[n / kNodesPerSwitch]);
    for (int n = 0; n < kSwitches * kNodesPerSwitch; ++n)
        net.add_link("rx" + std::to_string(n), sw[n / kNodesPerSwitch], nodes[n]);
    for (int i = 0; i < kSwitches; ++i)
        for (int j = i + 1; j < kSwitches; j += 2) {  // odd differences: K4,4 = C8(1,3)
            const std::string a = "s" + std::to_string(i), b = "s" + std::to_string(j);
            net.add_link(a + b, sw[i], sw[j]);
            net.add_link(b + a, sw[j], sw[i]);
        }
    std::map<int, std::map<int, int>> next;
    for (int k = 0; k < static_cast<int>(routes.size()); ++k) {
        const auto [from, to] = swiss_t1_route_pair(k);
        const int via = routes[static_cast<std::size_t>(k)];
        if (via < 0 || via >= kSwitches || (via - from) % 2 == 0)
            throw InputError("Swiss-T1 route " + std::to_string(from) + "->" + std::to_string(to),
                             "intermediate switch " + std::to_string(via) + " is not cabled to both ends",
                             "use a switch of the other parity (0..7)");
        next[sw[from]][sw[to]] = sw[via];
    }
    net.set_routing(Routing::table(next));
    return net;
}

}  // namespace liquid
