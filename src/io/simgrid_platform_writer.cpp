// SimGrid platform export: the network as SimGrid sees it (platform DTD version 4.1), so
// SMPI runs a program on the same links with the same routes as liquid. One zone with
// Full routing; one SHARED link per directed link (each direction its own link, so i→j
// and j→i do not share bandwidth, as on a full-duplex cable); one route per ordered host
// pair listing exactly the links liquid's routing gives, in order. SimGrid would otherwise
// compute its own shortest paths and lose the fabric's routing (LFTs, up/down, explicit
// paths).
#include <fmt/format.h>

#include "liquid/base/error.hpp"
#include "liquid/io/network_export.hpp"
#include "liquid/io/xml_escape.hpp"

namespace liquid {
namespace {

// The routes of `src` to every other host; a pair the routing cannot serve (e.g. a
// send-only host of the two-switch example) gets an empty route and is not written.
std::vector<std::vector<int>> routes_of(const Network& net, int src, const std::vector<int>& dsts) {
    try {
        return net.routing().routes_from(net, src, dsts);
    } catch (const InputError&) {
        std::vector<std::vector<int>> routes(dsts.size());
        for (std::size_t i = 0; i < dsts.size(); ++i) {
            try {
                routes[i] = net.route(src, dsts[i]);
            } catch (const InputError&) {
                routes[i].clear();
            }
        }
        return routes;
    }
}

}  // namespace

int write_simgrid_platform(std::ostream& out, const Network& net, const SimgridOptions& options) {
    out << "<?xml version='1.0'?>\n"
           "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
           "<platform version=\"4.1\">\n";
    out << fmt::format("  <zone id=\"{}\" routing=\"Full\">\n", xml_escape(net.name()));
    const std::vector<int> hosts = net.hosts();
    for (int h : hosts)
        out << fmt::format("    <host id=\"{}\" speed=\"{}f\"/>\n", xml_escape(net.node(h).name), options.host_speed_flops);
    // Shortest round-trip formatting keeps every rate exact (bytes per second).
    for (int l = 0; l < net.link_count(); ++l)
        out << fmt::format("    <link id=\"{}\" bandwidth=\"{}Bps\" latency=\"{}s\" sharing_policy=\"SHARED\"/>\n",
                           xml_escape(net.link(l).name), net.link_rate(l), options.latency_s);
    int unrouted = 0;
    for (int src : hosts) {
        std::vector<int> dsts;
        for (int dst : hosts)
            if (dst != src) dsts.push_back(dst);
        const std::vector<std::vector<int>> routes = routes_of(net, src, dsts);
        for (std::size_t i = 0; i < dsts.size(); ++i) {
            if (routes[i].empty()) {
                ++unrouted;
                continue;
            }
            out << fmt::format("    <route src=\"{}\" dst=\"{}\" symmetrical=\"NO\">", xml_escape(net.node(src).name),
                               xml_escape(net.node(dsts[i]).name));
            for (int l : routes[i]) out << fmt::format("<link_ctn id=\"{}\"/>", xml_escape(net.link(l).name));
            out << "</route>\n";
        }
    }
    out << "  </zone>\n</platform>\n";
    return unrouted;
}

}  // namespace liquid
