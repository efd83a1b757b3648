// libFuzzer harness: the network spec parser ("fat-tree:4,2", "torus:4x4" ...). Specs
// whose numbers multiply to more than 256 are skipped (valid ones build fabrics of
// thousands of switches, seconds per run); every other spec is built or refused with an
// InputError, and built networks of at most 64 nodes round-trip through network JSON.
#include <string>

#include "liquid/base/error.hpp"
#include "liquid/testbed/network_spec.hpp"
#include "oracle.hpp"

namespace {

/// Product of the decimal numbers in `spec` (saturating), to skip generating big fabrics.
long long size_hint(const std::string& spec) {
    long long product = 1, cur = -1;
    for (char c : spec + ".") {
        if (c >= '0' && c <= '9') {
            cur = cur < 0 ? c - '0' : (cur > 1000000 ? cur : cur * 10 + (c - '0'));
        } else if (cur >= 0) {
            product = product > 1000000 || cur > 1000000 ? 1000001 : product * (cur == 0 ? 1 : cur);
            cur = -1;
        }
    }
    return product;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    const std::string spec(reinterpret_cast<const char*>(data), size);
    if (spec.size() > 64 || size_hint(spec) > 256) return 0;
    try {
        const liquid::Network net = liquid::make_network(spec);
        if (net.node_count() <= 64) liquid::fuzz::require(liquid::network_json_round_trip(net), "network JSON round trip");
    } catch (const liquid::InputError&) {
    }
    return 0;
}
