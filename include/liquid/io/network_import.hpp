#pragma once
// Reading networks from other tools' files (docs/fabrics.md, "Your own fabric"). Each reader
// throws InputError naming file:line on malformed input.
//   ibnetdiscover  topology + LFT files    InfiniBand, routes from OpenSM's dump or ibroute
//                  (or routing=shortest)  (shortest paths only when asked for)
//   slurm          topology.conf           Slurm tree plugin: tree network, up/down routing
//   booksim        anynet file             BookSim2 anynet: shortest-path routing
//   graphml        file.graphml            GraphML (e.g. topology zoos): shortest-path routing
#include <string>
#include <vector>

#include "liquid/net/network.hpp"

namespace liquid {

Network read_slurm_topology(const std::string& path);
Network read_booksim_anynet(const std::string& path);
/// Nodes whose "kind" (or "type") data is "host" become hosts; if no node says so, every
/// node is a switch with one host "h_<node>" attached (a topology zoo lists routers only).
Network read_graphml(const std::string& path);

/// Largest imported fabric: hosts and switches (each), and links. Beyond these, or beyond
/// 2^24 (switch, host) pairs (the generators' bound), an import fails with an InputError naming the
/// file before any routing work starts.
inline constexpr int kMaxImportedNodes = 65536;
inline constexpr int kMaxImportedLinks = 1 << 21;

/// Throws InputError naming `file` when `net` exceeds the limits above. import_network()
/// calls it after reading; a reader that builds routing tables calls it before them.
void check_fabric_size(const Network& net, const std::string& file);

/// The import formats, for help texts and errors.
const std::vector<std::string>& import_formats();
const std::string& import_help();
/// Reads `files` in `format` (one of import_formats()); InputError if unknown.
Network import_network(const std::string& format, const std::vector<std::string>& files);
/// "FORMAT:FILE[,FILE...]" with FORMAT one of import_formats() (the --network form). In a
/// file name, "\," is a comma and "\\" a backslash: graphml:my\,file.graphml names my,file.graphml.
Network import_network_spec(const std::string& spec);
/// The files an import spec names (escapes resolved); empty when `spec` does not start with
/// an import format. InputError on an empty file name or a dangling backslash.
std::vector<std::string> import_spec_files(const std::string& spec);

}  // namespace liquid
