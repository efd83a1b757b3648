#include "liquid/sim/metrics.hpp"
#include "sim/wormhole.hpp"

#include <algorithm>

namespace liquid::sim {

double SimResult::utilisation(int l) const { return makespan > 0 ? links[static_cast<std::size_t>(l)].carrying / makespan : 0.0; }

SimResult summarize(const Wormhole& model, const Workload& w, RunStatus status) {
    SimResult r;
    r.status = status;
    r.messages = w.message_count();
    r.total_bytes = w.total_bytes;
    r.events = model.events();
    r.links.assign(static_cast<std::size_t>(w.link_count()), LinkUsage{});
    for (int l = 0; l < w.link_count(); ++l)
        r.links[static_cast<std::size_t>(l)].held = model.link_held()[static_cast<std::size_t>(l)];
    for (int m = 0; m < w.message_count(); ++m) {
        const MessageRecord& rec = model.records()[static_cast<std::size_t>(m)];
        const SimMessage& msg = w.messages[static_cast<std::size_t>(m)];
        r.makespan = std::max(r.makespan, rec.done);
        r.blocked_total += rec.blocked;
        r.blocked_max = std::max(r.blocked_max, rec.blocked);
        if (rec.blocked > 0) ++r.blocked_messages;
        if (rec.done >= 0)
            for (int i = 0; i < msg.hops; ++i) r.links[static_cast<std::size_t>(w.path(m)[i])].carrying += msg.stream_time;
    }
    r.liquid_time = liquid_time(w);
    if (r.liquid_time > 0) r.liquid_throughput = w.total_bytes / r.liquid_time;
    if (status == RunStatus::Done && r.makespan > 0) {
        r.throughput = w.total_bytes / r.makespan;
        r.ratio = r.liquid_time / r.makespan;
    }
    if (status == RunStatus::Deadlock) r.diagnostic = "cyclic wait: " + model.describe_cycle(w.message_names, w.link_names);
    else if (status == RunStatus::EventLimit) r.diagnostic = "event budget of the simulation exhausted";
    return r;
}

}  // namespace liquid::sim
