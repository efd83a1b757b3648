// Constructors for the actions and triggers of a Program (thesis §4.2 notation).
#include "optical/broadcast/program.hpp"

namespace liquid::optical {

Action set_configuration(std::vector<int> targets, int stage) {
    Action a;
    a.kind = ActionKind::SetConfiguration;
    a.targets = std::move(targets);
    a.stage = stage;
    return a;
}

Action exchange_with(int other, int stage) {
    Action a;
    a.kind = ActionKind::Exchange;
    a.targets = {other};
    a.stage = stage;
    return a;
}

Action send_message(int message, int ttl, int stage) {
    Action a;
    a.kind = ActionKind::Send;
    a.message = message;
    a.ttl = ttl;
    a.stage = stage;
    return a;
}

Action forward_message(int message, int ttl, int stage) {
    Action a;
    a.kind = ActionKind::Forward;
    a.message = message;
    a.ttl = ttl;
    a.stage = stage;
    return a;
}

Trigger host_has(int message) { return Trigger{TriggerKind::HostHas, message, 0, 0}; }
Trigger header_known(int message) { return Trigger{TriggerKind::HeaderKnown, message, 0, 0}; }
Trigger after_action(int node, int index) { return Trigger{TriggerKind::AfterAction, 0, node, index}; }

}  // namespace liquid::optical
