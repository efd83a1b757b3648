// Algorithm 1, naive configuration change (thesis §4.4.1): node 0 sets its link to each
// other node in turn and sends from its host. No forwarding.
#include "broadcast_programs.hpp"

namespace liquid::optical::detail {

Program naive_configuration_program(const ModelParams& p) {
    Program prog("naive-configuration", p.nodes);
    prog.originator = {0};
    for (int i = 1; i < p.nodes; ++i) {
        prog.add(0, set_configuration({i}, i - 1));
        prog.add(0, send_message(0, 0, i - 1));
    }
    return prog;
}

}  // namespace liquid::optical::detail
