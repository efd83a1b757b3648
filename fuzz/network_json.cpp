// libFuzzer harness: the network JSON reader (io/network_json). Oracle (check_network):
// accepted networks round-trip through network JSON; their all-to-all traffic round-trips
// through link-set and traffic JSON and its schedules verify.
#include <string>

#include "liquid/base/error.hpp"
#include "liquid/io/json_input.hpp"
#include "liquid/io/network_json.hpp"
#include "oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    liquid::Network net;
    try {
        net = liquid::network_from_json(
            liquid::io::parse_json_text(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json"), "fuzz.json");
    } catch (const liquid::InputError&) {
        return 0;
    }
    liquid::fuzz::check_network(net);
    return 0;
}
