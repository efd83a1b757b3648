// `liquid traffic ...` prints a traffic as a link-set file or as traffic JSON.
#include <iostream>

#include "command.hpp"
#include "command_budget.hpp"
#include "input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/traffic_file.hpp"
#include "liquid/io/traffic_json.hpp"
#include "output.hpp"

namespace liquid::app {
namespace {

const RegisterCommand reg_traffic{
    {"traffic", "print a traffic as a link-set file (default) or as traffic JSON", [](CLI::App& cmd) {
         auto o = std::make_shared<TrafficOptions>();
         auto format = std::make_shared<std::string>("traffic");
         auto limits = std::make_shared<BudgetOptions>();
         add_traffic_options(cmd, *o);
         cmd.add_option("--format", *format, "traffic (link-set) or json")->check(CLI::IsMember({"traffic", "json"}));
         add_budget_options(cmd, *limits);
         cmd.callback([o, format, limits] {
             const CommandBudget budget(*limits);
             LoadedTraffic in = load_traffic(*o);
             if (*format == "traffic") {
                 write_traffic(std::cout, in.traffic);
                 return;
             }
             if (!in.network) throw InputError("--format json", "a link-set traffic has no network", "use --format traffic");
             print_json(traffic_to_json(in.traffic, *in.network));
         });
     }}};

}  // namespace
}  // namespace liquid::app
