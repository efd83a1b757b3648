// `liquid network SPEC` prints a generated network as JSON; `liquid traffic ...` prints a
// traffic as a link-set file or as traffic JSON. Both feed the file formats of the README.
#include <fmt/core.h>
#include <iostream>

#include "command.hpp"
#include "input.hpp"
#include "output.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/io/traffic_file.hpp"
#include "liquid/io/traffic_json.hpp"
#include "liquid/testbed/network_spec.hpp"

namespace liquid::app {
namespace {

const RegisterCommand reg_network{{"network", "print a generated network (or re-print a network file) as JSON",
    [](CLI::App& cmd) {
        auto spec = std::make_shared<std::string>();
        cmd.add_option("spec", *spec, network_spec_help())->required();
        cmd.callback([spec] { print_json(network_to_json(load_network(*spec))); });
    }}};

const RegisterCommand reg_traffic{{"traffic", "print a traffic as a link-set file (default) or as traffic JSON",
    [](CLI::App& cmd) {
        auto o = std::make_shared<TrafficOptions>();
        auto format = std::make_shared<std::string>("traffic");
        add_traffic_options(cmd, *o);
        cmd.add_option("--format", *format, "traffic (link-set) or json")->check(CLI::IsMember({"traffic", "json"}));
        cmd.callback([o, format] {
            LoadedTraffic in = load_traffic(*o);
            if (*format == "traffic") { write_traffic(std::cout, in.traffic); return; }
            if (!in.network) throw InputError("--format json", "a link-set traffic has no network", "use --format traffic");
            print_json(traffic_to_json(in.traffic, *in.network));
        });
    }}};

}  // namespace
}  // namespace liquid::app
