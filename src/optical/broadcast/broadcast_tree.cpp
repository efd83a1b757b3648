// Algorithm 3, naive forwarding in a tree (thesis §4.4.3). Heap-numbered binary tree:
// first a global configuration i -> 2i+1; the FU forwards every arrival to the left son at
// once (TTL = length of the all-left chain below), then the host, once it has seen the
// header, sets i -> 2i+2 and re-forwards the FU's buffered packet to the right son.
#include "broadcast_programs.hpp"

namespace liquid::optical::detail {

namespace {

/// Automatic forwards after `v` receives: the left sons 2v+1, 2(2v+1)+1, ... below N.
int left_chain(int v, int n) {
    int hops = 0;
    for (long w = 2L * v + 1; w < n; w = 2 * w + 1) ++hops;
    return hops;
}

int depth(int v) {
    int d = 0;
    for (long w = v + 1; w > 1; w /= 2) ++d;
    return d;
}

}  // namespace

Program tree_forwarding_program(const ModelParams& p) {
    const int n = p.nodes;
    Program prog("tree", n);
    prog.originator = {0};
    for (int i = 0; i < n; ++i)
        if (2L * i + 1 < n) prog.add(i, set_configuration({2 * i + 1}, 0));  // line 1
    prog.add(0, send_message(0, left_chain(1, n), 1));
    for (int i = 0; i < n; ++i) {
        if (2L * i + 2 >= n) continue;
        Action cset = set_configuration({2 * i + 2}, depth(i) + 1);  // line 5
        if (i != 0) cset.triggers = {header_known(0)};
        prog.add(i, cset);
        prog.add(i, forward_message(0, left_chain(2 * i + 2, n), depth(i) + 1));  // line 6
    }
    return prog;
}

}  // namespace liquid::optical::detail
