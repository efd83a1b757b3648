// Algorithm 2, naive forwarding in a ring (thesis §4.4.2): one global configuration
// i -> i+1, then node 0 sends once and every FU forwards (TTL N-2 stops it at node N-1).
#include "broadcast_programs.hpp"

namespace liquid::optical::detail {

Program ring_forwarding_program(const ModelParams& p) {
    Program prog("ring", p.nodes);
    prog.originator = {0};
    for (int i = 0; i < p.nodes; ++i) prog.add(i, set_configuration({(i + 1) % p.nodes}, 0));
    prog.add(0, send_message(0, p.nodes - 2, 1));
    return prog;
}

}  // namespace liquid::optical::detail
