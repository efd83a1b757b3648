// libFuzzer harness: the link-set traffic reader (io/traffic_file). Oracle: accepted
// files round-trip through write_traffic and their schedules verify.
#include <sstream>
#include <string>

#include "liquid/base/error.hpp"
#include "liquid/io/traffic_file.hpp"
#include "oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    liquid::Traffic traffic;
    try {
        traffic = liquid::parse_traffic(in, "fuzz.traffic");
    } catch (const liquid::InputError&) {
        return 0;
    }
    liquid::fuzz::require(liquid::link_set_round_trip(traffic), "link-set round trip");
    liquid::fuzz::check_schedules(traffic);
    return 0;
}
