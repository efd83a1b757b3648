// libFuzzer harness: the InfiniBand importer (io/ibnetdiscover_reader,
// io/forwarding_table_reader, io/infiniband_network). The input is an ibnetdiscover
// topology, optionally followed by a line "%%" and linear forwarding tables (OpenSM's LFT
// dump or concatenated ibroute output); without tables the network gets shortest-path
// routing. Oracle (check_network): accepted networks round-trip through network JSON;
// small ones' all-to-all traffic round-trips and its schedules verify.
#include <string_view>
#include <vector>

#include "input_file.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/infiniband.hpp"
#include "oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    static const liquid::fuzz::InputFile topology_file(".topology"), tables_file(".lfts");
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t split = input.find("\n%%\n");
    liquid::Network net;
    try {
        const liquid::IbTopology topo = liquid::read_ibnetdiscover(topology_file.write(input.substr(0, split)));
        std::vector<liquid::IbForwardingTable> tables;
        if (split != std::string_view::npos)
            tables = liquid::read_forwarding_tables({tables_file.write(input.substr(split + 4))});
        net = liquid::ib_network(topo, tables);
    } catch (const liquid::InputError&) {
        return 0;
    }
    liquid::fuzz::check_network(net);
    return 0;
}
