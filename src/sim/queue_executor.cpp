// Queue executors (queue_executor.hpp): per-sender queues, no global synchronisation.
#include "liquid/sim/queue_executor.hpp"
#include "sim/wormhole.hpp"

#include <algorithm>

#include "liquid/base/error.hpp"
#include "liquid/base/names.hpp"
#include "liquid/base/rng.hpp"

namespace liquid::sim {
namespace {

void order_round_robin(const Workload& w, std::vector<std::vector<int>>& queues) {
    const int receivers = std::max<int>(1, static_cast<int>(w.receiver_host.size()));
    for (std::size_t s = 0; s < queues.size(); ++s) {
        auto step = [&](int m) {
            int r = w.messages[static_cast<std::size_t>(m)].receiver;
            return ((r - static_cast<int>(s)) % receivers + receivers) % receivers;
        };
        std::stable_sort(queues[s].begin(), queues[s].end(), [&](int a, int b) { return step(a) < step(b); });
    }
}

}  // namespace

std::vector<std::vector<int>> sender_queues(const Workload& w, Method order, std::uint64_t seed) {
    if (!is_sending_order(order))
        throw InputError("queue executor", std::string("method ") + method_name(order) + " is not a sending order",
                         "use round-robin, random or fifo");
    std::vector<std::vector<int>> queues(static_cast<std::size_t>(w.sender_count()));
    for (int m = 0; m < w.message_count(); ++m) {
        int s = w.messages[static_cast<std::size_t>(m)].sender;
        if (s < 0)
            throw InputError("queue executor", "transfer " + w.message_names[static_cast<std::size_t>(m)] + " has no sender host",
                             "per-sender queues need a traffic over a network (--network or --traffic-json); "
                             "a link-set traffic can only be run as a schedule");
        queues[static_cast<std::size_t>(s)].push_back(m);
    }
    if (order == Method::RoundRobin) order_round_robin(w, queues);
    if (order == Method::Random) {
        Rng rng(seed);
        for (auto& q : queues) liquid::shuffle(q.begin(), q.end(), rng);
    }
    return queues;
}

SimResult run_queues(const Workload& w, const std::vector<std::vector<int>>& queues, const SimOptions& options) {
    Wormhole model(w, options);
    std::size_t handed = 0;
    for (const auto& q : queues)
        for (int m : q) {
            if (m < 0 || m >= w.message_count() || w.messages[static_cast<std::size_t>(m)].sender < 0)
                throw InputError("queue executor", "message index " + std::to_string(m) + " cannot be queued",
                                 "queue the workload's messages");
            model.submit(m, 0.0);  // the host runs its queue in hand-over order
            ++handed;
        }
    if (handed != static_cast<std::size_t>(w.message_count()))
        throw InputError(
            "queue executor",
            "the queues hold " + std::to_string(handed) + " messages for " + std::to_string(w.message_count()) + " transfers",
            "queue every transfer once");
    RunStatus status = model.run([](int, double) {});
    return summarize(model, w, status);
}

}  // namespace liquid::sim
