// The congestion graph as a DIMACS colouring instance (see export_formats.hpp).
#include "liquid/base/stop.hpp"
#include "liquid/sched/export_formats.hpp"
#include "liquid/traffic/analysis.hpp"

namespace liquid::sched {

void write_dimacs_graph(std::ostream& out, const Traffic& traffic) {
    const CongestionGraph g(traffic);
    out << "c liquid: congestion graph (one vertex per transfer, an edge where two transfers share a link);\n"
           "c its chromatic number is the optimal schedule length. Vertex v = transfer v-1:\n";
    write_transfer_comments(out, traffic, "c");
    out << "p edge " << g.vertex_count() << ' ' << g.edge_count() << '\n';
    for (int u = 0; u < g.vertex_count(); ++u) {
        if (u % 256 == 0) throw_if_stopped();
        g.neighbours(u).for_each([&](std::size_t v) {
            if (static_cast<int>(v) > u) out << "e " << u + 1 << ' ' << v + 1 << '\n';
        });
    }
}

}  // namespace liquid::sched
