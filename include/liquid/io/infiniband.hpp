#pragma once
// InfiniBand fabrics as a subnet manager routed them (docs/fabrics.md, "Your own fabric"):
//  - the topology `ibnetdiscover` prints (also ibsim's hand-written topology files),
//  - the linear forwarding tables (LFTs), from OpenSM's `opensm-lfts.dump` or from
//    `ibroute <lid>` of every switch, concatenated,
// turned into a Network whose routing follows the LFTs port by port. Every switch port
// with a cable is its own pair of directed links, so parallel cables stay distinct.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "liquid/net/network.hpp"

namespace liquid {

struct IbPort {
    std::string peer_id;  // the peer's quoted node id
    int peer = -1;        // index into IbTopology::nodes
    int peer_port = 0;
    int line = 0;       // where the cable is listed
    std::string speed;  // e.g. "4xEDR" from ibnetdiscover's comment, if any
};

struct IbNode {
    bool is_switch = false;
    std::string id;           // the quoted node id, e.g. "S-0000000000200007"
    std::uint64_t guid = 0;   // node GUID (0 if the file gives none)
    std::string description;  // node description from the comment, else empty
    int lid = 0;              // switch: base LID of port 0; CA: LID of its first port
    int port_count = 0;
    int line = 0;
    std::map<int, IbPort> ports;   // connected ports only
    std::map<int, int> port_lids;  // CA ports: LID per port
};

struct IbTopology {
    std::string file;
    std::vector<IbNode> nodes;
};

/// One switch's LFT: destination LID -> output port (0 = the switch itself).
struct IbForwardingTable {
    std::uint64_t guid = 0;
    int lid = 0;
    std::string description;
    std::string where;  // "file:line" of its header
    std::map<int, int> port_of_lid;
};

/// Parses ibnetdiscover output (or an ibsim topology file). Throws InputError with
/// file:line on malformed input, duplicate nodes, ports or cables whose ends disagree.
IbTopology read_ibnetdiscover(const std::string& path);

/// Parses OpenSM's LFT dump or concatenated `ibroute` output (either file kind; several
/// files may be given, a switch may appear only once). Throws InputError with file:line.
std::vector<IbForwardingTable> read_forwarding_tables(const std::vector<std::string>& paths);

/// The network of `topo`: hosts are the CAs (named by node description, else GUID),
/// switches by description (made unique with the GUID if needed). With tables, routing is
/// Kind::Forwarding and every host pair is traced now: a LID with no entry, a port leading
/// nowhere or a loop is an InputError naming the switch, LID and port. Without tables,
/// shortest-path routing.
Network ib_network(const IbTopology& topo, const std::vector<IbForwardingTable>& tables);

}  // namespace liquid
