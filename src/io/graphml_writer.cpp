// GraphML export: a directed graph, one edge per directed link, with the data keys
// read_graphml understands (node "kind"; edge "name" and "rate"; graph "name" and "rate").
// GraphML carries no routes: re-reading gives shortest-path routing.
#include "liquid/io/network_export.hpp"
#include "liquid/io/xml_escape.hpp"

namespace liquid {

void write_graphml(std::ostream& out, const Network& net) {
    const auto old_precision = out.precision(15);  // rates survive the round trip
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
           "  <key id=\"gname\" for=\"graph\" attr.name=\"name\" attr.type=\"string\"/>\n"
           "  <key id=\"grate\" for=\"graph\" attr.name=\"rate\" attr.type=\"double\"/>\n"
           "  <key id=\"kind\" for=\"node\" attr.name=\"kind\" attr.type=\"string\"/>\n"
           "  <key id=\"name\" for=\"edge\" attr.name=\"name\" attr.type=\"string\"/>\n"
           "  <key id=\"rate\" for=\"edge\" attr.name=\"rate\" attr.type=\"double\"/>\n";
    out << "  <graph id=\"G\" edgedefault=\"directed\">\n";
    out << "    <data key=\"gname\">" << xml_escape(net.name()) << "</data>\n";
    out << "    <data key=\"grate\">" << net.default_rate() << "</data>\n";
    for (const auto& n : net.nodes())
        out << "    <node id=\"" << xml_escape(n.name) << "\"><data key=\"kind\">"
            << (n.kind == NodeKind::Host ? "host" : "switch") << "</data></node>\n";
    for (int l = 0; l < net.link_count(); ++l) {
        const Link& k = net.link(l);
        out << "    <edge source=\"" << xml_escape(net.node(k.from).name) << "\" target=\"" << xml_escape(net.node(k.to).name)
            << "\"><data key=\"name\">" << xml_escape(k.name) << "</data>";
        if (k.rate > 0) out << "<data key=\"rate\">" << k.rate << "</data>";
        out << "</edge>\n";
    }
    out << "  </graph>\n</graphml>\n";
    out.precision(old_precision);
}

}  // namespace liquid
