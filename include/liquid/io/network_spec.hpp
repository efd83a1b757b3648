#pragma once
// The network-spec dispatcher: `--network SPEC` names a generator ("torus:4x4",
// "swiss-t1", ...), an imported fabric ("ibnetdiscover:topo.txt,lfts.dump", ...) or a
// network JSON file. It lives in io, the lowest module that sees every network source
// (the net generators, the Swiss-T1 K-ring, the fabric readers), so every module above io
// (traffic files, the MPI interposer, the commands) resolves specs the same way. To add a
// spec, add one row to the table in src/io/network_spec.cpp.
#include <string>
#include <vector>

#include "liquid/net/network.hpp"

namespace liquid {

/// A parsed spec "name[:args]".
struct NetworkSpec {
    std::string text;  // the whole spec, for messages
    std::string name;  // before ':'
    std::string args;  // after ':' ("" when absent)
    /// The args as whole numbers separated by 'x' (when present) or ','; throws
    /// InputError unless there are lo..hi of them.
    std::vector<int> numbers(std::size_t lo, std::size_t hi) const;
};

/// One row of the dispatch table.
struct NetworkSpecForm {
    const char* name;   // "torus"
    const char* usage;  // "torus:AxB[xC]" in the help text ("" = alias, not listed)
    Network (*build)(const NetworkSpec& spec);
};

/// Every spec form, in help order.
const std::vector<NetworkSpecForm>& network_spec_forms();

/// Builds a network from a spec "name[:args]", e.g. "two-switch", "swiss-t1",
/// "crossbar:8", "fat-tree:4,3", "torus:4x4", "mesh:4x4x2", "hypercube:5", "ccc:3",
/// "chordal-ring:16,4". Throws InputError naming the spec and the accepted forms.
Network make_network(const std::string& spec);
const std::string& network_spec_help();

/// A network JSON file if `ref` names an existing file, else a spec (make_network).
Network load_network(const std::string& ref);

}  // namespace liquid
