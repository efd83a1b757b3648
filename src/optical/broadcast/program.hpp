#pragma once
// An algorithm, as the executor runs it: for every node an ordered list of actions that the
// node's host performs (thesis §4.2: "send a message / forward a message, request a
// configuration set or do nothing"), each gated by triggers. Automatic forwarding by the
// forwarding unit (FU) is not an action: it follows from a message's TTL (§3.5.1).
#include <string>
#include <vector>

#include "liquid/optical/broadcast/model.hpp"

namespace liquid::optical {

enum class ActionKind {
    SetConfiguration,  // CSet(node, targets): the node's output link changes for Tc
    Exchange,          // CEx(node, targets[0]): both output links change for Tc
    Send,              // the host transmits `message` (S*Tb); receivers as configured
    Forward,           // the FU re-sends its buffered `message` (S*Tf), §3.5.1
};

enum class TriggerKind {
    HostHas,      // the node's host holds `message` (whole message delivered)
    HeaderKnown,  // the node's OS has seen the header of `message` (§4.3.3)
    AfterAction,  // action `index` of node `node` has finished (control-network sync, §3.5)
};

struct Trigger {
    TriggerKind kind;
    int message = 0;  // host_has, header_known
    int node = 0;     // after_action
    int index = 0;    // after_action
};

struct Action {
    ActionKind kind = ActionKind::Send;
    std::vector<int> targets;       // set_configuration: new alpha_i; exchange: {j}
    int message = 0;                // send / forward
    int ttl = 0;                    // automatic forwards left after the first receiver (§3.5.1)
    std::vector<Trigger> triggers;  // all must hold before the action starts
    Time not_before = 0;            // absolute earliest start (global synchronisation pulse)
    int stage = 0;                  // the algorithm's stage number, for reports only
};

/// A complete run: the actions of every node, who originates which message, and which
/// (node, message) deliveries the collective must achieve.
struct Program {
    std::string algorithm;
    int nodes = 0;
    std::vector<std::vector<Action>> actions;  // actions[node], performed in order
    std::vector<int> originator;               // originator[message] = node holding it at t=0
    bool all_to_all = false;                   // false: every node must receive message 0 (broadcast)
                                               // true: every node must receive every message (all-gather)
    ConfigurationRule rule = ConfigurationRule::Permutation;

    explicit Program(std::string name = "", int n = 0)
        : algorithm(std::move(name)), nodes(n), actions(static_cast<std::size_t>(n)) {}

    /// Appends an action to `node`'s list and returns its index there.
    int add(int node, Action a) {
        auto& list = actions[static_cast<std::size_t>(node)];
        list.push_back(std::move(a));
        return static_cast<int>(list.size()) - 1;
    }
};

// Small constructors keep the algorithm files readable.
Action set_configuration(std::vector<int> targets, int stage = 0);
Action exchange_with(int other, int stage = 0);
Action send_message(int message, int ttl, int stage = 0);
Action forward_message(int message, int ttl, int stage = 0);
Trigger host_has(int message);
Trigger header_known(int message);
Trigger after_action(int node, int index);

}  // namespace liquid::optical
