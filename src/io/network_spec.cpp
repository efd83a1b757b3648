// The table-driven network-spec dispatcher (network_spec.hpp).
#include "liquid/io/network_spec.hpp"

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "liquid/base/error.hpp"
#include "liquid/base/name_check.hpp"
#include "liquid/io/network_import.hpp"
#include "liquid/io/network_json.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/net/swiss_t1_network.hpp"

namespace liquid {

namespace {

void require(bool ok, const std::string& spec, const std::string& problem) {
    if (!ok) throw InputError("network " + printable_name(spec), problem, network_spec_help());
}

}  // namespace

// Plain character checks, no std::stoi: "+4", " 4", "4 " and "-1" are not numbers
// here, and no parameter overflows an int (at most 9 digits).
std::vector<int> NetworkSpec::numbers(std::size_t lo, std::size_t hi) const {
    std::vector<int> nums;
    if (!args.empty()) {
        const char sep = args.find('x') != std::string::npos ? 'x' : ',';
        std::size_t start = 0;
        while (true) {
            const std::size_t end = std::min(args.find(sep, start), args.size());
            const std::string tok = args.substr(start, end - start);
            require(!tok.empty(), text, "a parameter is missing around '" + std::string(1, sep) + "'");
            for (char c : tok)
                require(c >= '0' && c <= '9', text, "'" + printable_name(tok) + "' is not a whole number (digits only)");
            require(tok.size() <= 9, text, "'" + tok + "' is too large (at most 9 digits)");
            nums.push_back(std::stoi(tok));
            if (end == args.size()) break;
            start = end + 1;
        }
    }
    require(nums.size() >= lo && nums.size() <= hi, text,
            lo == hi ? "expected " + std::to_string(lo) + " parameter(s), got " + std::to_string(nums.size())
                     : "expected " + std::to_string(lo) + " to " + std::to_string(hi) + " parameters, got " +
                           std::to_string(nums.size()));
    return nums;
}

const std::vector<NetworkSpecForm>& network_spec_forms() {
    static const std::vector<NetworkSpecForm> forms{
        {"two-switch", "two-switch",
         [](const NetworkSpec& s) {
             s.numbers(0, 0);
             return make_two_switch();
         }},
        {"swiss-t1", "swiss-t1",
         [](const NetworkSpec& s) {
             s.numbers(0, 0);
             return make_swiss_t1();
         }},
        {"kring", "",
         [](const NetworkSpec& s) {
             s.numbers(0, 0);
             return make_swiss_t1();
         }},
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
        // Fabrics imported from other tools' files (docs/fabrics.md, "Your own fabric").
        {"ibnetdiscover", "ibnetdiscover:TOPOLOGY,LFTS|routing=shortest",
         [](const NetworkSpec& s) { return import_network_spec(s.text); }},
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
    if (spec.empty()) throw InputError("network", "the network spec is empty", network_spec_help());
    const auto colon = spec.find(':');
    if (colon != std::string::npos && colon + 1 == spec.size())
        throw InputError("network " + printable_name(spec), "nothing follows ':'",
                         "drop the ':' or give the parameters; " + network_spec_help());
    NetworkSpec s{spec, spec.substr(0, colon), colon == std::string::npos ? "" : spec.substr(colon + 1)};
    for (const auto& f : network_spec_forms())
        if (s.name == f.name) return f.build(s);
    throw InputError("network " + printable_name(spec), "unknown network", network_spec_help());
}

Network load_network(const std::string& ref) {
    if (std::filesystem::exists(ref)) return read_network_json(ref);
    return make_network(ref);
}

}  // namespace liquid
