// The table-driven network-spec dispatcher (network_spec.hpp).
#include "liquid/testbed/network_spec.hpp"

#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "liquid/base/error.hpp"
#include "liquid/io/network_import.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/testbed/swiss_t1_network.hpp"

namespace liquid {

namespace {

void require(bool ok, const std::string& spec, const std::string& problem) {
    if (!ok) throw InputError("network " + spec, problem, network_spec_help());
}

}  // namespace

std::vector<int> NetworkSpec::numbers(std::size_t lo, std::size_t hi) const {
    std::vector<int> nums;
    std::string tok;
    std::istringstream in(args);
    const char sep = args.find('x') != std::string::npos ? 'x' : ',';
    require(args.empty() || args.back() != sep, text, "a parameter is missing after '" + std::string(1, sep) + "'");
    while (std::getline(in, tok, sep)) {
        try {
            std::size_t used = 0;
            nums.push_back(std::stoi(tok, &used));
            require(used == tok.size(), text, "'" + tok + "' is not a whole number");
        } catch (const std::logic_error&) {
            require(false, text, "'" + tok + "' is not a whole number");
        }
    }
    require(nums.size() >= lo && nums.size() <= hi, text, "wrong number of parameters");
    return nums;
}

const std::vector<NetworkSpecForm>& network_spec_forms() {
    static const std::vector<NetworkSpecForm> forms{
        {"two-switch", "two-switch", [](const NetworkSpec& s) { s.numbers(0, 0); return make_two_switch(); }},
        {"swiss-t1", "swiss-t1", [](const NetworkSpec& s) { s.numbers(0, 0); return make_swiss_t1(); }},
        {"kring", "", [](const NetworkSpec& s) { s.numbers(0, 0); return make_swiss_t1(); }},
        {"crossbar", "crossbar:N", [](const NetworkSpec& s) { return make_crossbar(s.numbers(1, 1)[0]); }},
        {"fat-tree", "fat-tree:K,N",
         [](const NetworkSpec& s) {
             auto n = s.numbers(2, 2);
             return make_fat_tree(n[0], n[1]);
         }},
        {"torus", "torus:AxB[xC]", [](const NetworkSpec& s) { return make_torus(s.numbers(1, 3), true); }},
        {"mesh", "mesh:AxB[xC]", [](const NetworkSpec& s) { return make_torus(s.numbers(1, 3), false); }},
        {"hypercube", "hypercube:D", [](const NetworkSpec& s) { return make_hypercube(s.numbers(1, 1)[0]); }},
        {"ccc", "ccc:D", [](const NetworkSpec& s) { return make_cube_connected_cycles(s.numbers(1, 1)[0]); }},
        {"chordal-ring", "chordal-ring:N,W",
         [](const NetworkSpec& s) {
             auto n = s.numbers(2, 2);
             return make_chordal_ring(n[0], n[1]);
         }},
        // Fabrics imported from other tools' files (README "Your own fabric").
        {"ibnetdiscover", "ibnetdiscover:TOPOLOGY[,LFTS...]", [](const NetworkSpec& s) { return import_network_spec(s.text); }},
        {"slurm", "slurm:topology.conf", [](const NetworkSpec& s) { return import_network_spec(s.text); }},
        {"booksim", "booksim:ANYNET_FILE", [](const NetworkSpec& s) { return import_network_spec(s.text); }},
        {"graphml", "graphml:FILE", [](const NetworkSpec& s) { return import_network_spec(s.text); }},
    };
    return forms;
}

const std::string& network_spec_help() {
    static const std::string help = [] {
        std::string h = "network specs: ";
        for (const auto& f : network_spec_forms())
            if (*f.usage) h += std::string(f.usage) + ", ";
        return h + "or a network JSON file";
    }();
    return help;
}

Network make_network(const std::string& spec) {
    const auto colon = spec.find(':');
    NetworkSpec s{spec, spec.substr(0, colon), colon == std::string::npos ? "" : spec.substr(colon + 1)};
    for (const auto& f : network_spec_forms())
        if (s.name == f.name) return f.build(s);
    throw InputError("network " + spec, "unknown network", network_spec_help());
}

Network load_network(const std::string& ref) {
    if (std::filesystem::exists(ref)) return read_network_json(ref);
    return make_network(ref);
}

}  // namespace liquid
