// All-to-all broadcast on an M-ary tree (thesis §6.2.2), heap-numbered: the sons of v are
// M*v+1 .. M*v+M.
// Gather: one global change points every node at its father (M sons share a father, so
// the configuration is not a permutation: bus rule, §2.2). A node, once it holds its whole
// subtree, sends those messages from its host to its father; brothers take turns (the next
// brother starts when the previous one's last send ends, a control-network barrier, §3.5),
// so the father never receives two messages at once.
// Scatter: when the root holds everything, a second global change points every inner node
// at its sons (an M-way multicast) and every leaf at nothing; the root sends all N messages
// and the FUs forward them down (TTL = height - 1). A leaf above the deepest level drops
// its forward on its dark output.
#include <vector>

#include "allgather_programs.hpp"

namespace liquid::optical::detail {

namespace {

struct Tree {
    int n, m;
    int father(int v) const { return (v - 1) / m; }
    std::vector<int> sons(int v) const {
        std::vector<int> s;
        for (long c = static_cast<long>(m) * v + 1; c <= static_cast<long>(m) * v + m && c < n; ++c)
            s.push_back(static_cast<int>(c));
        return s;
    }
    int depth(int v) const {
        int d = 0;
        for (; v > 0; v = father(v)) ++d;
        return d;
    }
    /// v's subtree in preorder: the order in which v's host receives and re-sends it.
    void preorder(int v, std::vector<int>& out) const {
        out.push_back(v);
        for (int c : sons(v)) preorder(c, out);
    }
};

}  // namespace

Program tree_allgather_program(const ModelParams& p) {
    const int n = p.nodes;
    const Tree tree{n, std::max(2, p.multicast)};
    Program prog("tree", n);
    for (int i = 0; i < n; ++i) prog.originator.push_back(i);
    prog.all_to_all = true;
    prog.rule = ConfigurationRule::Bus;

    std::vector<std::vector<int>> order(static_cast<std::size_t>(n));
    std::vector<int> last_send(static_cast<std::size_t>(n), -1);  // index of v's last gather send
    for (int v = 0; v < n; ++v) tree.preorder(v, order[static_cast<std::size_t>(v)]);
    for (int v = 1; v < n; ++v) prog.add(v, set_configuration({tree.father(v)}, 0));
    for (int v = 1; v < n; ++v) {
        const auto& mine = order[static_cast<std::size_t>(v)];
        auto sons = tree.sons(v);
        for (std::size_t j = 0; j < mine.size(); ++j) {
            Action send = send_message(mine[j], 0, 1);
            send.triggers = {host_has(mine[j])};
            if (j == 0) {
                int brother = v - 1;  // planned already: brothers are consecutive in heap order
                bool has_elder_brother = (v - 1) % tree.m != 0;
                if (has_elder_brother)
                    send.triggers.push_back(after_action(brother, last_send[static_cast<std::size_t>(brother)]));
                if (!sons.empty()) send.triggers.push_back(host_has(order[static_cast<std::size_t>(sons.back())].back()));
            }
            last_send[static_cast<std::size_t>(v)] = prog.add(v, send);
        }
    }
    // The gather ends when the root's youngest son has sent its last message.
    auto root_sons = tree.sons(0);
    Trigger gathered = after_action(root_sons.back(), last_send[static_cast<std::size_t>(root_sons.back())]);
    int height = 0;
    for (int v = 0; v < n; ++v) height = std::max(height, tree.depth(v));
    for (int v = 0; v < n; ++v) {
        Action cset = set_configuration(tree.sons(v), 2);
        cset.triggers = {gathered};
        prog.add(v, cset);
    }
    for (int msg = 0; msg < n; ++msg) {
        Action send = send_message(msg, height - 1, 3);
        send.triggers = {host_has(msg)};
        prog.add(0, send);
    }
    return prog;
}

}  // namespace liquid::optical::detail
