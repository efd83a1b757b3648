// libFuzzer harness: the network JSON reader (io/network_json). Oracle: accepted networks
// round-trip through network JSON; their all-to-all traffic round-trips through link-set
// and traffic JSON and its schedules verify.
#include <string>

#include "liquid/io/json_input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/traffic/patterns.hpp"
#include "oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    liquid::Network net;
    try {
        net = liquid::network_from_json(liquid::io::parse_json_text(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json"),
                                        "fuzz.json");
    } catch (const liquid::InputError&) {
        return 0;
    }
    liquid::fuzz::require(liquid::network_json_round_trip(net), "network JSON round trip");
    if (net.hosts().size() > 12) return 0;
    liquid::Traffic traffic;
    try {
        traffic = liquid::make_pattern(net, liquid::PatternSpec{});
    } catch (const liquid::InputError&) {
        return 0;  // e.g. a host with no route
    }
    if (traffic.empty()) return 0;
    liquid::fuzz::require(liquid::link_set_round_trip(traffic), "link-set round trip");
    liquid::fuzz::require(liquid::traffic_json_round_trip(traffic, net), "traffic JSON round trip");
    liquid::fuzz::check_schedules(traffic);
    return 0;
}
