// libFuzzer harness: the network spec parser ("fat-tree:4,2", "torus:4x4" ...). Specs
// whose numbers multiply to more than 256 are skipped (valid ones build fabrics of
// thousands of switches, seconds per run); every other spec is built or refused with an
// InputError, and built networks of at most 64 nodes round-trip through network JSON.
#include <algorithm>
#include <string>

#include "liquid/base/error.hpp"
#include "liquid/io/network_spec.hpp"
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

/// k^n of "k,n" (saturating above 10^6; 0 unless exactly two numbers with one comma, which
/// the parser refuses anyway). Parsed by hand: std::stoll throws on ",31" ("6,,31").
long long fat_tree_hosts(const std::string& args) {
    const auto comma = args.find(',');
    if (comma == std::string::npos || args.size() > 12) return 0;
    const std::string first = args.substr(0, comma), second = args.substr(comma + 1);
    auto number = [](const std::string& digits) {
        long long v = digits.empty() ? -1 : 0;
        for (char c : digits) v = (c < '0' || c > '9' || v < 0) ? -1 : v * 10 + (c - '0');
        return v;
    };
    const long long k = number(first), n = number(second);
    if (k < 0 || n < 0) return 0;
    long long hosts = 1;
    for (long long i = 0; i < n && hosts <= 1000000; ++i) hosts *= std::max(k, 1LL);
    return hosts;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    const std::string spec(reinterpret_cast<const char*>(data), size);
    if (spec.size() > 64 || size_hint(spec) > 256) return 0;
    // A fat tree's size is exponential in its second number: k^n hosts (fat-tree:3,7 is
    // 2 187 hosts, seconds under ASan), so bound k^n itself.
    if (spec.rfind("fat-tree:", 0) == 0 && fat_tree_hosts(spec.substr(9)) > 256) return 0;
    try {
        const liquid::Network net = liquid::make_network(spec);
        if (net.node_count() <= 64) liquid::fuzz::require(liquid::network_json_round_trip(net), "network JSON round trip");
    } catch (const liquid::InputError&) {
    }
    return 0;
}
