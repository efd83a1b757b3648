// Algorithm 4, smart forwarding in a tree with no idle nodes (thesis §4.4.4). Every
// informed node sets a new configuration and forwards in every stage, so the informed set
// doubles each stage and the broadcast takes log2 N stages.
//
// Targets follow the thesis's table 4.4.4 (which its pseudo-code garbles): with 4^j nodes
// 0..4^j-1 informed before stage 2j, node i owns the block {3i+4^j, 3i+4^j+1, 3i+4^j+2};
//   stage 2j  : i -> 3i + 4^j
//   stage 2j+1: i -> 3i + 4^j + 2, and the node 3i + 4^j reached in stage 2j -> 3i + 4^j + 1.
// (0->1; 0->3 1->2; 0->4 1->7 2->10 3->13; 0->6 ... 4->5 7->8 ...: the table exactly.)
// When N = 2*4^j (log2 N odd) the blocks would overrun N in the last stage; there node i
// sends to i + 4^j instead — our generalisation, same stage cost.
#include <vector>

#include "broadcast_programs.hpp"

namespace liquid::optical::detail {

namespace {

struct StageSend {
    int from;
    int to;
};

std::vector<StageSend> stage_sends(int stage, long n) {
    std::vector<StageSend> sends;
    const long quarter = 1L << (stage / 2 * 2);  // 4^j
    if (stage % 2 == 0) {
        bool last_odd_stage = 2 * quarter >= n;
        for (long i = 0; i < quarter && i < n; ++i) {
            long to = last_odd_stage ? i + quarter : 3 * i + quarter;
            if (to < n) sends.push_back({static_cast<int>(i), static_cast<int>(to)});
        }
    } else {
        for (long i = 0; i < quarter; ++i) {
            long block = 3 * i + quarter;
            if (block + 2 < n) sends.push_back({static_cast<int>(i), static_cast<int>(block + 2)});
            if (block + 1 < n) sends.push_back({static_cast<int>(block), static_cast<int>(block + 1)});
        }
    }
    return sends;
}

}  // namespace

Program smart_tree_program(const ModelParams& p) {
    const int n = p.nodes;
    Program prog("smart-tree", n);
    prog.originator = {0};
    std::vector<bool> active(static_cast<std::size_t>(n), false);
    for (int stage = 0; (1L << stage) < n; ++stage) {
        for (auto [from, to] : stage_sends(stage, n)) {
            Action cset = set_configuration({to}, stage);
            if (from != 0 && !active[static_cast<std::size_t>(from)]) cset.triggers = {header_known(0)};
            active[static_cast<std::size_t>(from)] = true;
            prog.add(from, cset);
            // The root's first copy comes from its host; every other copy is re-sent by the
            // FU from its buffer of the last packet (§3.5.1).
            bool first_from_root = from == 0 && stage == 0;
            prog.add(from, first_from_root ? send_message(0, 0, stage) : forward_message(0, 0, stage));
        }
    }
    return prog;
}

}  // namespace liquid::optical::detail
