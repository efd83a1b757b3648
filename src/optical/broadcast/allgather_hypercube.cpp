// All-to-all broadcast on a hypercube (thesis §6.2.1): in stage s every node sets its link
// to its neighbour across dimension s (one global change per stage) and sends, from its
// host, every message it holds: 2^s of them. log2 N changes, N-1 messages per node.
#include "allgather_programs.hpp"
#include "liquid/base/error.hpp"

namespace liquid::optical::detail {

Program hypercube_allgather_program(const ModelParams& p) {
    const int n = p.nodes;
    if (n & (n - 1))
        throw InputError("N", std::to_string(n) + " nodes is not a power of two", "the hypercube needs N = 2^k (§3.5)");
    Program prog("hypercube", n);
    for (int i = 0; i < n; ++i) prog.originator.push_back(i);
    prog.all_to_all = true;
    for (int i = 0; i < n; ++i)
        for (int s = 0; (1 << s) < n; ++s) {
            prog.add(i, set_configuration({i ^ (1 << s)}, s));
            // The 2^s messages of i's subcube, i ^ x for x < 2^s, in the order they arrived.
            for (int x = 0; x < (1 << s); ++x) {
                Action send = send_message(i ^ x, 0, s);
                send.triggers = {host_has(i ^ x)};
                prog.add(i, send);
            }
        }
    return prog;
}

}  // namespace liquid::optical::detail
