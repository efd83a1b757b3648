// The congestion graph as a DIMACS colouring instance (see export_formats.hpp).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "liquid/base/time_budget.hpp"
#include "liquid/sched/export_formats.hpp"
#include "liquid/traffic/congestion_edges.hpp"
#include "liquid/traffic/incidence.hpp"

namespace liquid::sched {
namespace {

/// The transfers congesting with each transfer, one at a time, from the sparse incidence:
/// a bitset congestion graph holds n² bits (128 GB for the million transfers of a 1 024-host
/// all-to-all, which used to exhaust the machine's memory), this the incidence both ways
/// and a mark per transfer.
class LaterNeighbours {
public:
    explicit LaterNeighbours(const Traffic& traffic)
        : links_(transfer_links(traffic)), users_(link_users(traffic)), mark_(static_cast<std::size_t>(traffic.size()), 0) {}

    /// The transfers v > u that share a link with u, ascending.
    const std::vector<int>& of(int u) {
        out_.clear();
        ++query_;
        for (int l : links_.row(u))
            for (int v : users_.row(l))
                if (v > u && mark_[static_cast<std::size_t>(v)] != query_) {
                    mark_[static_cast<std::size_t>(v)] = query_;
                    out_.push_back(v);
                }
        std::sort(out_.begin(), out_.end());
        return out_;
    }

private:
    Incidence links_, users_;
    std::vector<std::uint64_t> mark_;  // per transfer: the last query that listed it
    std::vector<int> out_;
    std::uint64_t query_ = 0;
};

}  // namespace

void write_dimacs_graph(std::ostream& out, const Traffic& traffic) {
    const std::uint64_t edges = count_congestion_edges(traffic);  // the header comes first
    LaterNeighbours neighbours(traffic);
    out << "c liquid: congestion graph (one vertex per transfer, an edge where two transfers share a link);\n"
           "c its chromatic number is the optimal schedule length. Vertex v = transfer v-1:\n";
    write_transfer_comments(out, traffic, "c");
    out << "p edge " << traffic.size() << ' ' << edges << '\n';
    for (int u = 0; u < traffic.size(); ++u) {
        if (u % 256 == 0) throw_if_stop_requested();
        for (int v : neighbours.of(u)) out << "e " << u + 1 << ' ' << v + 1 << '\n';
    }
}

}  // namespace liquid::sched
