// All-to-all broadcast on a ring (thesis §6.2.3): one configuration i -> i+1; each node
// sends its own message once with TTL N-2 and the FUs forward every message N-2 more hops,
// delivering a copy to each host on the way. One change, N-1 transmissions per node.
#include "allgather_programs.hpp"

namespace liquid::optical::detail {

Program ring_allgather_program(const ModelParams& p) {
    const int n = p.nodes;
    Program prog("ring", n);
    for (int i = 0; i < n; ++i) prog.originator.push_back(i);
    prog.all_to_all = true;
    for (int i = 0; i < n; ++i) {
        prog.add(i, set_configuration({(i + 1) % n}, 0));
        prog.add(i, send_message(i, n - 2, 1));
    }
    return prog;
}

}  // namespace liquid::optical::detail
