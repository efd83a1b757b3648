// `liquid network SPEC` prints a generated network as JSON (or DOT, GraphML, BookSim2
// anynet); `liquid network --from FORMAT FILE...` imports a fabric from another tool's
// files.
#include <fmt/core.h>
#include <iostream>

#include "command.hpp"
#include "input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/network_export.hpp"
#include "liquid/io/network_import.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/io/network_spec.hpp"
#include "output.hpp"

namespace liquid::app {
namespace {

struct NetworkOptions {
    std::string spec, format = "json";
    std::vector<std::string> from;  // FORMAT FILE...
};

void print_network(const Network& net, const std::string& format) {
    if (format == "json") return print_json(network_to_json(net));
    if (format == "dot") return write_dot(std::cout, net);
    if (format == "graphml") return write_graphml(std::cout, net);
    if (int merged = write_booksim_anynet(std::cout, net); merged > 0)
        fmt::print(stderr,
                   "liquid: note: {} parallel or one-way cables became single BookSim2 channels (anynet keeps one per pair)\n",
                   merged);
}

const RegisterCommand reg_network{
    {"network", "print a network (generated, a network file, or imported with --from) as JSON, DOT, GraphML or BookSim2 anynet",
     [](CLI::App& cmd) {
         auto o = std::make_shared<NetworkOptions>();
         cmd.add_option("spec", o->spec, network_spec_help() + "; or an import: " + import_help());
         cmd.add_option("--from", o->from,
                        "import FORMAT FILE...: ibnetdiscover TOPOLOGY LFTS... (or routing=shortest), slurm FILE, booksim FILE, "
                        "graphml FILE")
             ->expected(2, 65);
         cmd.add_option("--format", o->format, "output: json, booksim (BookSim2 anynet), dot (Graphviz), graphml")
             ->check(CLI::IsMember({"json", "booksim", "dot", "graphml"}))
             ->capture_default_str();
         cmd.callback([o] {
             if (o->spec.empty() == o->from.empty())
                 throw InputError("liquid network", "give either a SPEC or --from FORMAT FILE...", import_help());
             Network net = o->from.empty()
                               ? load_network(o->spec)
                               : import_network(o->from.front(), std::vector<std::string>(o->from.begin() + 1, o->from.end()));
             print_network(net, o->format);
         });
     }}};

}  // namespace
}  // namespace liquid::app
