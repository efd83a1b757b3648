#pragma once
// Engine of the sim module (private: the executors and the flit cross-check use it).
// The link-reservation model of a wormhole / cut-through fabric (report §2.1).
//
// Rules, all deterministic:
//  * A message handed to its sender waits until the sender is idle: a host sends one
//    message at a time, in the order messages were handed to it. It then spends the
//    software overhead and its head requests the first link of the path.
//  * The head acquires the links of its path in travel order. A busy link blocks it
//    while it keeps every link already acquired (hold-and-wait, report §2.1: "occupied
//    channels are not released"). Each acquired hop costs hop_latency before the head
//    can request the next one.
//  * Tie rule: a free link goes to the waiting request with the earliest request time,
//    then the lowest message (transfer) index. Requests and releases at one instant are
//    collected before any grant at that instant; a request made at the same instant
//    after a zero-latency grant competes in the next round of that instant.
//  * Once the whole path is held the message streams for size / (slowest rate on the
//    path). The tail leaves hop i of k at end - (k-1-i)·hop_latency (the worm is packed
//    behind a blocked head, so it drains at one hop per latency), and that link is free.
//  * A host receives one message at a time because its receive link is the last hop of
//    every path to it (the generators give each host one cable).
// Deadlock: with hold-and-wait a cyclic wait is possible. When no event is left but a
// message is unfinished, every unfinished message waits for a link held by another
// one; run() then returns Deadlock and deadlock_cycle() names the cycle. Nothing hangs.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "liquid/sim/metrics.hpp"
#include "liquid/sim/options.hpp"
#include "liquid/sim/workload.hpp"
#include "sim/event_queue.hpp"

namespace liquid::sim {

/// What happened to one message.
struct MessageRecord {
    double arrive = -1;  // handed to the sender
    double inject = -1;  // head requests the first link (after sender wait + overhead)
    double held = -1;    // whole path acquired, streaming starts
    double done = -1;    // last byte delivered
    double blocked = 0;  // time the head spent waiting for busy links
};

/// One step of a cyclic wait: `message` holds links and waits for `link`, held by the
/// next step's message.
struct WaitStep {
    int message = -1;
    int link = -1;
};

class Wormhole {
public:
    Wormhole(const Workload& workload, const SimOptions& options);

    /// Hands message `msg` to its sender at time `time` (>= the current time).
    void submit(int msg, double time);

    using DoneFn = std::function<void(int msg, double time)>;
    /// Runs until no event is left; on_done may submit further messages.
    RunStatus run(const DoneFn& on_done);

    const std::vector<MessageRecord>& records() const { return records_; }
    /// Seconds each link was held by some message (acquired, not yet released).
    const std::vector<double>& link_held() const { return held_time_; }
    std::uint64_t events() const { return events_; }
    double now() const { return now_; }
    /// The cyclic wait found by a Deadlock run (empty otherwise).
    const std::vector<WaitStep>& deadlock_cycle() const { return cycle_; }
    /// "x1 holds l3 and waits for l4 held by x2; ..." with the workload's indices mapped
    /// through the given names (transfer names, link names).
    std::string describe_cycle(const std::vector<std::string>& message_names, const std::vector<std::string>& link_names) const;

private:
    struct Waiter {
        double time;
        int msg;
    };
    struct LinkState {
        int holder = -1;
        double since = 0;
        std::vector<Waiter> waiters;  // min-heap on (time, msg)
        bool dirty = false;
    };
    struct HostState {
        bool busy = false;
        std::vector<int> queue;  // FIFO of handed messages
        std::size_t head = 0;
    };

    void handle(const Event& e);
    void start_on_host(int msg, double t);
    void host_idle(int sender, double t);
    void request(int msg, int hop, double t);
    void release(int link, double t);
    void grant_dirty_links();
    void grant(int link, const Waiter& w);
    void find_cycle();

    const Workload& w_;
    SimOptions o_;
    EventQueue queue_;
    std::vector<LinkState> links_;
    std::vector<HostState> hosts_;
    std::vector<MessageRecord> records_;
    std::vector<int> waiting_hop_;  // hop a message's head waits for, -1 if none
    std::vector<double> held_time_;
    std::vector<int> dirty_;
    std::vector<WaitStep> cycle_;
    const DoneFn* on_done_ = nullptr;
    std::uint64_t events_ = 0;
    double now_ = 0;
};

/// Collects the metrics of a finished (or stopped) run, with the diagnostic of a
/// deadlock (the cyclic wait) or an exhausted event budget.
SimResult summarize(const Wormhole& model, const Workload& w, RunStatus status);

}  // namespace liquid::sim
