// Algorithm 5, smart forwarding in a ring with no idle nodes (thesis §4.4.5).
// A global ring configuration i -> i+1; broadcast(left, right) lets `left`'s message run
// down the ring while `left` reconfigures to `middle` = (left + right + k) / 2 and forwards
// there; by then the ring chain has reached left + k, which continues as the left end of
// [left+k, middle) while `middle` is the left end of [middle, right). The thesis's listing
// shows only the first recursive call; the second, broadcast(middle, right), is implied by
// its figure 4.2 and the choice of `middle` (equal halves), so we make it explicit.
// Each chain stops (TTL) just before the next segment's first node. The ring link
// middle-1 -> middle stays configured while left -> middle is too, so the configuration is
// not a permutation: the program runs under the bus rule (§2.2), never two receptions at once.
#include "broadcast_programs.hpp"

namespace liquid::optical::detail {

namespace {

class SmartRingPlanner {
public:
    SmartRingPlanner(Program& prog, int k) : prog_(prog), k_(k) {}

    /// Plans segment [a, b) whose left end `a` holds the message; returns the last node
    /// the ring chain starting at `a` reaches.
    int plan(int a, int b, int depth) {
        if (b - a < k_ + 2) return b - 1;  // the chain alone covers a+1 .. b-1
        int middle = (a + b + k_) / 2;     // a + k < middle <= b - 1
        int chain_end = plan(a + k_, middle, depth + 1);
        int middle_end = plan(middle, b, depth + 1);
        Action cset = set_configuration({middle}, depth + 1);
        if (a != 0) cset.triggers = {header_known(0)};
        jumps_.push_back({a, cset, forward_message(0, middle_end - middle, depth + 1)});
        return chain_end;
    }

    void emit() {
        for (auto& j : jumps_) {
            prog_.add(j.node, j.cset);
            prog_.add(j.node, j.forward);
        }
    }

private:
    struct Jump {
        int node;
        Action cset;
        Action forward;
    };
    Program& prog_;
    int k_;
    std::vector<Jump> jumps_;
};

}  // namespace

Program smart_ring_program(const ModelParams& p, int k) {
    const int n = p.nodes;
    Program prog("smart-ring", n);
    prog.originator = {0};
    prog.rule = ConfigurationRule::Bus;
    for (int i = 0; i < n; ++i) prog.add(i, set_configuration({(i + 1) % n}, 0));
    SmartRingPlanner planner(prog, k);
    int chain_end = planner.plan(0, n, 0);
    prog.add(0, send_message(0, chain_end - 1, 1));  // node 1 receives, then chain_end-1 hops
    planner.emit();                                  // the root's jump follows its send; every other node has one jump at most
    return prog;
}

}  // namespace liquid::optical::detail
