// libFuzzer harness: the Slurm topology.conf reader (io/slurm_topology_reader). Oracle (check_network): accepted networks
// round-trip through network JSON; small ones' all-to-all traffic round-trips and its schedules verify.
#include "input_file.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/network_import.hpp"
#include "oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    static const liquid::fuzz::InputFile file(".conf");
    liquid::Network net;
    try {
        net = liquid::read_slurm_topology(file.write({reinterpret_cast<const char*>(data), size}));
    } catch (const liquid::InputError&) {
        return 0;
    }
    liquid::fuzz::check_network(net);
    return 0;
}
