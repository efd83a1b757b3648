// libFuzzer harness: the traffic JSON reader (io/traffic_json) over an inline network or,
// without one, the two-switch example (no file access: a named network file is not read).
// Oracle: accepted traffics round-trip through traffic JSON and link-set files and their
// schedules verify.
#include <string>

#include "liquid/base/error.hpp"
#include "liquid/io/json_input.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/io/traffic_json.hpp"
#include "liquid/net/generators.hpp"
#include "oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    static const liquid::Network two_switch = liquid::make_two_switch();
    try {
        const auto j = liquid::io::parse_json_text(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json");
        const bool inline_net = j.is_object() && j.contains("network") && j["network"].is_object();
        const liquid::Network net = inline_net ? liquid::network_from_json(j["network"], "fuzz.json: /network") : two_switch;
        if (net.hosts().size() > 64) return 0;
        const liquid::Traffic traffic = liquid::traffic_from_json(j, net, "fuzz.json");
        liquid::fuzz::require(liquid::traffic_json_round_trip(traffic, net), "traffic JSON round trip");
        liquid::fuzz::require(liquid::link_set_round_trip(traffic), "link-set round trip");
        liquid::fuzz::check_schedules(traffic);
    } catch (const liquid::InputError&) {
    }
    return 0;
}
