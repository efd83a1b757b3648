// Constructors for the actions and triggers of a Program (thesis §4.2 notation).
#include "liquid/optical/broadcast/program.hpp"

namespace liquid::optical {

Action set_configuration(std::vector<int> targets, int stage) {
    Action a;
    a.kind = ActionKind::set_configuration;
    a.targets = std::move(targets);
    a.stage = stage;
    return a;
}

Action exchange_with(int other, int stage) {
    Action a;
    a.kind = ActionKind::exchange;
    a.targets = {other};
    a.stage = stage;
    return a;
}

Action send_message(int message, int ttl, int stage) {
    Action a;
    a.kind = ActionKind::send;
    a.message = message;
    a.ttl = ttl;
    a.stage = stage;
    return a;
}

Action forward_message(int message, int ttl, int stage) {
    Action a;
    a.kind = ActionKind::forward;
    a.message = message;
    a.ttl = ttl;
    a.stage = stage;
    return a;
}

Trigger host_has(int message) { return Trigger{TriggerKind::host_has, message, 0, 0}; }
Trigger header_known(int message) { return Trigger{TriggerKind::header_known, message, 0, 0}; }
Trigger after_action(int node, int index) { return Trigger{TriggerKind::after_action, 0, node, index}; }

}  // namespace liquid::optical
