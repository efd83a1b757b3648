// Graphviz DOT export: `liquid network ... --format dot | dot -Tsvg > fabric.svg`.
// Hosts are ellipses, switches boxes; one undirected edge per cable (parallel cables stay
// separate edges), a one-way link is an arrow. Edge tooltips carry the link names.
#include "io/cables.hpp"
#include "liquid/io/network_export.hpp"

namespace liquid {

namespace {

std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

}  // namespace

void write_dot(std::ostream& out, const Network& net) {
    out << "graph " << quoted(net.name()) << " {\n";
    out << "  graph [overlap=false, splines=true];\n";
    out << "  node [fontsize=10];\n";
    for (const auto& n : net.nodes())
        out << "  " << quoted(n.name)
            << (n.kind == NodeKind::Host ? " [shape=ellipse];\n" : " [shape=box, style=filled, fillcolor=lightgrey];\n");
    for (const auto& c : io::pair_cables(net)) {
        const Link& k = net.link(c.forward);
        std::string tip = k.name + (c.backward >= 0 ? " / " + net.link(c.backward).name : "");
        out << "  " << quoted(net.node(k.from).name) << " -- " << quoted(net.node(k.to).name) << " [tooltip=" << quoted(tip)
            << (c.backward < 0 ? ", dir=forward" : "") << "];\n";
    }
    out << "}\n";
}

}  // namespace liquid
