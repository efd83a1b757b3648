// Discrete-event executor of the optical cross-connect model (thesis ch. 3 and §4.1-4.3.3).
// The rules it enforces are listed in include/liquid/optical/executor.hpp. It knows nothing
// about the algorithms or their closed forms: it only replays actions under the rules.
#include "optical/broadcast/executor.hpp"

#include <fmt/core.h>
#include <algorithm>
#include <array>
#include <deque>
#include <numeric>
#include <queue>

#include "liquid/base/error.hpp"

namespace liquid::optical {

std::string to_string(ViolationKind k) {
    switch (k) {
        case ViolationKind::Collision: return "collision";
        case ViolationKind::SendWhileReconfiguring: return "send_while_reconfiguring";
        case ViolationKind::ReconfigureWhileSending: return "reconfigure_while_sending";
        case ViolationKind::DarkLink: return "dark_link";
        case ViolationKind::NotPermutation: return "not_permutation";
        case ViolationKind::MulticastTooLarge: return "multicast_too_large";
        case ViolationKind::FuLostMessage: return "fu_lost_message";
        case ViolationKind::HostLacksMessage: return "host_lacks_message";
        case ViolationKind::NeverRan: return "never_ran";
        case ViolationKind::MissingDelivery: return "missing_delivery";
    }
    return "unknown";
}

int ExecutionReport::max_messages_per_node() const {
    return messages_sent.empty() ? 0 : *std::max_element(messages_sent.begin(), messages_sent.end());
}

double ExecutionReport::mean_messages_per_node() const {
    if (messages_sent.empty()) return 0.0;
    double sum = std::accumulate(messages_sent.begin(), messages_sent.end(), 0.0);
    return sum / static_cast<double>(messages_sent.size());
}

namespace {

constexpr Time kUnknown = -1;
constexpr int kMaxMulticast = 8;

// Events at one instant run in this order: links are released and messages delivered
// before anything new starts, and the FU has priority over the host's NIC (§3.5.1).
// The fan-in check runs after every configuration change ending at that instant, so a
// global change applied link by link is judged as the whole it is (§3.5).
enum EventKind : int { tx_end = 0, config_end = 1, fan_in_check = 2, fu_try = 3, host_wake = 4 };

struct Event {
    Time time;
    int kind;
    std::int64_t seq;
    int node;
    std::int64_t ref;  // transmission slot or configuration generation
    bool operator>(const Event& o) const {
        if (time != o.time) return time > o.time;
        if (kind != o.kind) return kind > o.kind;
        return seq > o.seq;
    }
};

struct Transmission {
    int sender = -1;
    int message = -1;
    int ttl = 0;
    bool from_host = false;
    bool automatic = false;  // started by the FU on arrival (TTL), not by the host
    bool corrupt = false;    // sent on a link being reconfigured: lost (§2.2)
    Time start = 0, end = 0;
    int count = 0;
    std::array<int, kMaxMulticast> receivers{};
    std::array<bool, kMaxMulticast> destroyed{};
};

struct PendingForward {
    int message;
    int ttl;
};

struct PendingChange {
    bool exchange = false;
    int other = -1;
    std::vector<int> targets;
    std::int64_t generation = 0;
};

class Executor {
public:
    Executor(const ModelParams& p, const Program& prog)
        : p_(p), prog_(prog), n_(prog.nodes), m_(static_cast<int>(prog.originator.size())) {
        check_input();
        auto nn = static_cast<std::size_t>(n_);
        config_ = Configuration(n_);
        changing_until_.assign(nn, 0);
        tx_busy_until_.assign(nn, 0);
        rx_busy_until_.assign(nn, 0);
        rx_current_.assign(nn, -1);
        tx_current_.assign(nn, -1);
        host_busy_until_.assign(nn, 0);
        next_action_.assign(nn, 0);
        fu_last_.assign(nn, -1);
        fu_queue_.resize(nn);
        in_count_.assign(nn, 0);
        pending_.resize(nn);
        waiters_.resize(nn);
        action_end_.resize(nn);
        for (int v = 0; v < n_; ++v)
            action_end_[static_cast<std::size_t>(v)].assign(prog.actions[static_cast<std::size_t>(v)].size(), kUnknown);
        auto cells = nn * static_cast<std::size_t>(m_);
        base_.assign(cells, kUnknown);
        overlapped_.assign(cells, 0);
        seen_.assign(cells, 0);
        report_.algorithm = prog.algorithm;
        report_.messages_sent.assign(nn, 0);
    }

    ExecutionReport run() {
        for (int msg = 0; msg < m_; ++msg) {
            int o = prog_.originator[static_cast<std::size_t>(msg)];
            record_delivery(o, msg, 0, true);
            seen_[cell(o, msg)] = 1;
            fu_last_[static_cast<std::size_t>(o)] = -1;  // the FU sees it only once it is sent
        }
        for (int v = 0; v < n_; ++v) push(0, host_wake, v, 0);
        while (!queue_.empty()) {
            Event e = queue_.top();
            queue_.pop();
            ++report_.events;
            switch (e.kind) {
                case tx_end: on_tx_end(e); break;
                case config_end: on_config_end(e); break;
                case fan_in_check: check_fan_in(e.time); break;
                case fu_try: on_fu_try(e.node, e.time); break;
                case host_wake: on_host_wake(e.node, e.time); break;
            }
        }
        finish();
        return std::move(report_);
    }

private:
    // ---- input checks: malformed programs are input errors, wrong ones are violations ----
    void check_input() const {
        if (n_ < 1) throw InputError("program " + prog_.algorithm, "has no nodes");
        if (static_cast<int>(prog_.actions.size()) != n_)
            throw InputError("program " + prog_.algorithm, "action lists do not match the node count");
        for (int o : prog_.originator)
            if (o < 0 || o >= n_) throw InputError("program " + prog_.algorithm, "originator out of range");
        for (int v = 0; v < n_; ++v)
            for (const auto& a : prog_.actions[static_cast<std::size_t>(v)]) check_action(v, a);
    }

    void check_action(int v, const Action& a) const {
        auto bad = [&](const std::string& what) {
            throw InputError(fmt::format("program {} node {}", prog_.algorithm, v), what);
        };
        for (int t : a.targets)
            if (t < 0 || t >= n_) bad(fmt::format("target {} out of range", t));
        if ((a.kind == ActionKind::Send || a.kind == ActionKind::Forward) && (a.message < 0 || a.message >= m_))
            bad(fmt::format("unknown message {}", a.message));
        if (a.kind == ActionKind::Exchange && a.targets.size() != 1) bad("an exchange needs exactly one partner");
        if (a.targets.size() > kMaxMulticast) bad("more than 8 receivers");
        for (const auto& t : a.triggers) {
            if ((t.kind == TriggerKind::HostHas || t.kind == TriggerKind::HeaderKnown) && (t.message < 0 || t.message >= m_))
                bad(fmt::format("trigger on unknown message {}", t.message));
            if (t.kind == TriggerKind::AfterAction &&
                (t.node < 0 || t.node >= n_ || t.index < 0 ||
                 t.index >= static_cast<int>(prog_.actions[static_cast<std::size_t>(t.node)].size())))
                bad("trigger on a nonexistent action");
        }
    }

    // ---- event queue ----
    void push(Time t, int kind, int node, std::int64_t ref) { queue_.push(Event{t, kind, seq_++, node, ref}); }

    void violate(ViolationKind k, Time t, int node, int other, int message, std::string detail) {
        ++report_.violation_count;
        if (k == ViolationKind::Collision) ++report_.collisions;
        if (report_.violations.size() < kMaxRecordedViolations)
            report_.violations.push_back(Violation{k, t, node, other, message, std::move(detail)});
    }

    std::size_t cell(int v, int msg) const {
        return static_cast<std::size_t>(v) * static_cast<std::size_t>(m_) + static_cast<std::size_t>(msg);
    }

    // ---- deliveries to the host (§4.3.3, §4.1 assumption 4) ----
    // `bus_free` is when the FU stops using the node's bus for this message; `overlapped`
    // means the host received it at the sender's host rate while it arrived.
    void record_delivery(int v, int msg, Time bus_free, bool overlapped) {
        auto c = cell(v, msg);
        if (base_[c] != kUnknown && base_[c] <= bus_free) return;
        base_[c] = bus_free;
        overlapped_[c] = overlapped ? 1 : 0;
        if (next_action_[static_cast<std::size_t>(v)] < prog_.actions[static_cast<std::size_t>(v)].size()) {
            push(header_time(v, msg), host_wake, v, 0);
            push(host_time(v, msg), host_wake, v, 0);
        }
    }
    Time host_time(int v, int msg) const {
        auto c = cell(v, msg);
        if (base_[c] == kUnknown) return kUnknown;
        return base_[c] + (overlapped_[c] ? 0 : p_.delivery_time());
    }
    Time header_time(int v, int msg) const {
        auto c = cell(v, msg);
        if (base_[c] == kUnknown) return kUnknown;
        return base_[c] + (overlapped_[c] ? 0 : p_.header_time());
    }

    // ---- transmissions ----
    Transmission& alloc_tx(std::int64_t& slot) {
        if (!free_slots_.empty()) {
            slot = free_slots_.back();
            free_slots_.pop_back();
        } else {
            slot = static_cast<std::int64_t>(txs_.size());
            txs_.emplace_back();
        }
        auto& tx = txs_[static_cast<std::size_t>(slot)];
        tx = Transmission{};
        return tx;
    }

    /// Starts a transmission of `msg` on v's output link. Returns false if nothing was sent
    /// (dark link), true otherwise (even if the transmission is corrupt).
    bool start_tx(int v, int msg, int ttl, bool from_host, bool automatic, Time t) {
        auto vi = static_cast<std::size_t>(v);
        if (config_.receivers[vi].empty() && changing_until_[vi] <= t) {
            if (automatic) {  // TTL left but no output: the light goes nowhere, harmlessly
                ++report_.dropped_forwards;
                return false;
            }
            violate(ViolationKind::DarkLink, t, v, -1, msg, "transmission on a link that was never configured");
            return false;
        }
        std::int64_t slot = 0;
        Transmission& tx = alloc_tx(slot);
        tx.sender = v;
        tx.message = msg;
        tx.ttl = ttl;
        tx.from_host = from_host;
        tx.automatic = automatic;
        tx.start = t;
        tx.end = t + (from_host ? p_.send_time() : p_.forward_time());
        if (changing_until_[vi] > t) {
            tx.corrupt = true;
            violate(ViolationKind::SendWhileReconfiguring, t, v, -1, msg,
                    fmt::format("link {} is being reconfigured until {} ps", v, changing_until_[vi]));
        } else {
            const auto& rx = config_.receivers[vi];
            tx.count = static_cast<int>(rx.size());
            for (int i = 0; i < tx.count; ++i) tx.receivers[static_cast<std::size_t>(i)] = rx[static_cast<std::size_t>(i)];
            for (int i = 0; i < tx.count; ++i) check_reception(slot, i);
        }
        fu_last_[vi] = msg;  // every outgoing packet passes the FU buffers (§3.5.1)
        tx_busy_until_[vi] = tx.end;
        tx_current_[vi] = slot;
        ++report_.messages_sent[vi];
        ++report_.transmissions;
        push(tx.end, tx_end, v, slot);
        return true;
    }

    /// One reception at a time (§2.2): an overlap destroys both messages.
    void check_reception(std::int64_t slot, int i) {
        auto& tx = txs_[static_cast<std::size_t>(slot)];
        int r = tx.receivers[static_cast<std::size_t>(i)];
        auto ri = static_cast<std::size_t>(r);
        if (rx_busy_until_[ri] > tx.start && rx_current_[ri] >= 0) {
            auto& other = txs_[static_cast<std::size_t>(rx_current_[ri])];
            for (int j = 0; j < other.count; ++j)
                if (other.receivers[static_cast<std::size_t>(j)] == r) other.destroyed[static_cast<std::size_t>(j)] = true;
            tx.destroyed[static_cast<std::size_t>(i)] = true;
            violate(ViolationKind::Collision, tx.start, r, tx.sender, tx.message,
                    fmt::format("node {} received from {} and {} at once", r, other.sender, tx.sender));
            if (tx.end <= rx_busy_until_[ri]) return;
        }
        rx_busy_until_[ri] = std::max(rx_busy_until_[ri], tx.end);
        rx_current_[ri] = slot;
    }

    void on_tx_end(const Event& e) {
        Transmission tx = txs_[static_cast<std::size_t>(e.ref)];
        for (int i = 0; i < tx.count; ++i) {
            int r = tx.receivers[static_cast<std::size_t>(i)];
            if (rx_current_[static_cast<std::size_t>(r)] == e.ref) rx_current_[static_cast<std::size_t>(r)] = -1;
            if (!tx.corrupt && !tx.destroyed[static_cast<std::size_t>(i)]) arrive(r, tx.message, tx.ttl, tx.from_host, e.time);
        }
        free_slots_.push_back(e.ref);
        if (tx_current_[static_cast<std::size_t>(tx.sender)] == e.ref) tx_current_[static_cast<std::size_t>(tx.sender)] = -1;
        if (tx.automatic) record_delivery(tx.sender, tx.message, e.time, false);
        push(e.time, fu_try, tx.sender, 0);
        if (has_pending_actions(tx.sender)) push(e.time, host_wake, tx.sender, 0);
    }

    /// A message reaches node r's FU. With TTL left the FU forwards it (and holds the bus).
    void arrive(int r, int msg, int ttl, bool from_host, Time t) {
        auto c = cell(r, msg);
        if (seen_[c]) ++report_.duplicate_receptions;
        seen_[c] = 1;
        fu_last_[static_cast<std::size_t>(r)] = msg;
        if (ttl > 0) {
            fu_queue_[static_cast<std::size_t>(r)].push_back(PendingForward{msg, ttl - 1});
            push(t, fu_try, r, 0);
        } else {
            record_delivery(r, msg, t, from_host);
        }
    }

    void on_fu_try(int v, Time t) {
        auto vi = static_cast<std::size_t>(v);
        auto& q = fu_queue_[vi];
        while (!q.empty() && tx_busy_until_[vi] <= t) {
            PendingForward f = q.front();
            q.pop_front();
            if (!start_tx(v, f.message, f.ttl, false, true, t)) record_delivery(v, f.message, t, false);
        }
    }

    // ---- configuration changes (§3.3, §3.5) ----
    void start_change(int v, const Action& a, Time t) {
        std::vector<int> links{v};
        if (a.kind == ActionKind::Exchange) links.push_back(a.targets[0]);
        else check_targets(v, a.targets, t);
        for (int l : links) {
            auto li = static_cast<std::size_t>(l);
            if (tx_busy_until_[li] > t) {
                violate(ViolationKind::ReconfigureWhileSending, t, l, v, -1,
                        fmt::format("link {} carries a transmission until {} ps", l, tx_busy_until_[li]));
                if (tx_current_[li] >= 0) txs_[static_cast<std::size_t>(tx_current_[li])].corrupt = true;  // lost
            }
            changing_until_[li] = std::max(changing_until_[li], t + p_.tc);
        }
        auto& pend = pending_[static_cast<std::size_t>(v)];
        pend.exchange = a.kind == ActionKind::Exchange;
        pend.other = pend.exchange ? a.targets[0] : -1;
        pend.targets = a.targets;
        pend.generation = ++generation_;
        intervals_.emplace_back(t, t + p_.tc);
        ++report_.local_configuration_sets;
        push(t + p_.tc, config_end, v, pend.generation);
    }

    void check_targets(int v, const std::vector<int>& targets, Time t) {
        std::vector<int> sorted = targets;
        std::sort(sorted.begin(), sorted.end());
        bool repeated = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
        bool self = std::find(sorted.begin(), sorted.end(), v) != sorted.end();
        if (static_cast<int>(targets.size()) > p_.multicast || repeated || self)
            violate(ViolationKind::MulticastTooLarge, t, v, -1, -1,
                    fmt::format("{} receivers (M = {}){}{}", targets.size(), p_.multicast, repeated ? ", repeated receiver" : "",
                                self ? ", sends to itself" : ""));
    }

    void on_config_end(const Event& e) {
        auto& pend = pending_[static_cast<std::size_t>(e.node)];
        if (pend.generation != e.ref) return;  // superseded by a later change of the same link
        int v = e.node;
        if (pend.exchange) {
            set_receivers(v, config_.receivers[static_cast<std::size_t>(pend.other)], true);
            // set_receivers(v) already replaced v's list; swap the saved copy into `other`.
            set_receivers(pend.other, saved_, false);
        } else {
            set_receivers(v, pend.targets, false);
        }
        pend.generation = 0;
        if (!fan_in_dirty_.empty() && !fan_in_check_pending_) {
            fan_in_check_pending_ = true;
            push(e.time, fan_in_check, v, 0);
        }
    }

    /// Replaces alpha_v, keeping the per-receiver sender counts. `save` keeps the old list
    /// in saved_ (for CEx).
    void set_receivers(int v, std::vector<int> rx, bool save) {
        auto& cur = config_.receivers[static_cast<std::size_t>(v)];
        for (int r : cur) --in_count_[static_cast<std::size_t>(r)];
        if (save) saved_ = cur;
        cur = std::move(rx);
        for (int r : cur) {
            int c = ++in_count_[static_cast<std::size_t>(r)];
            if (c > 1) fan_in_dirty_.push_back(r);
            else if (max_fan_in_seen_ < 1) max_fan_in_seen_ = 1;
        }
    }

    void check_fan_in(Time t) {
        fan_in_check_pending_ = false;
        std::sort(fan_in_dirty_.begin(), fan_in_dirty_.end());
        fan_in_dirty_.erase(std::unique(fan_in_dirty_.begin(), fan_in_dirty_.end()), fan_in_dirty_.end());
        for (int r : fan_in_dirty_) {
            if (in_count_[static_cast<std::size_t>(r)] > max_fan_in_seen_)
                max_fan_in_seen_ = in_count_[static_cast<std::size_t>(r)];
            if (in_count_[static_cast<std::size_t>(r)] > 1 && prog_.rule == ConfigurationRule::Permutation)
                violate(ViolationKind::NotPermutation, t, r, -1, -1,
                        fmt::format("{} senders are configured towards node {}", in_count_[static_cast<std::size_t>(r)], r));
        }
        fan_in_dirty_.clear();
    }

    // ---- the host: actions in order, each when its triggers hold ----
    bool has_pending_actions(int v) const {
        return next_action_[static_cast<std::size_t>(v)] < prog_.actions[static_cast<std::size_t>(v)].size();
    }

    /// Earliest time all triggers of `a` hold, kUnknown if one cannot be dated yet.
    Time trigger_time(int v, const Action& a) {
        Time ready = a.not_before;
        for (const auto& tr : a.triggers) {
            Time at = kUnknown;
            switch (tr.kind) {
                case TriggerKind::HostHas: at = host_time(v, tr.message); break;
                case TriggerKind::HeaderKnown: at = header_time(v, tr.message); break;
                case TriggerKind::AfterAction: {
                    at = action_end_[static_cast<std::size_t>(tr.node)][static_cast<std::size_t>(tr.index)];
                    auto& w = waiters_[static_cast<std::size_t>(tr.node)];
                    if (at == kUnknown && (w.empty() || w.back() != v)) w.push_back(v);
                    break;
                }
            }
            if (at == kUnknown) return kUnknown;
            ready = std::max(ready, at);
        }
        return ready;
    }

    void on_host_wake(int v, Time t) {
        auto vi = static_cast<std::size_t>(v);
        if (has_pending_actions(v) && host_busy_until_[vi] <= t) {
            std::size_t idx = next_action_[vi];
            const Action& a = prog_.actions[vi][idx];
            Time ready = trigger_time(v, a);
            if (ready == kUnknown) return;  // a delivery or an action end will wake us
            if (ready > t) {
                push(ready, host_wake, v, 0);
                return;
            }
            bool transmits = a.kind == ActionKind::Send || a.kind == ActionKind::Forward;
            if (transmits && tx_busy_until_[vi] > t) {  // the NIC waits for the FU (§3.5.1)
                push(tx_busy_until_[vi], host_wake, v, 0);
                return;
            }
            Time end = perform(v, a, t);
            finish_action(v, idx, end);
            // One action per wake: the next one waits for the wake finish_action queued at
            // `end`, behind any configuration that ends at that same instant (Tc = 0).
            return;
        }
    }

    /// Starts action `a` of node v at t and returns when the host is free again.
    Time perform(int v, const Action& a, Time t) {
        auto vi = static_cast<std::size_t>(v);
        switch (a.kind) {
            case ActionKind::SetConfiguration:
            case ActionKind::Exchange: start_change(v, a, t); return t + p_.tc;
            case ActionKind::Send:
                if (host_time(v, a.message) == kUnknown || host_time(v, a.message) > t) {
                    violate(ViolationKind::HostLacksMessage, t, v, -1, a.message, "send of a message the host does not hold");
                    return t;
                }
                return start_tx(v, a.message, a.ttl, true, false, t) ? tx_busy_until_[vi] : t;
            case ActionKind::Forward:
                if (fu_last_[vi] != a.message) {
                    violate(ViolationKind::FuLostMessage, t, v, -1, a.message,
                            "the FU keeps only the last packet (§3.5.1) and that is another message");
                    return t;
                }
                return start_tx(v, a.message, a.ttl, false, false, t) ? tx_busy_until_[vi] : t;
        }
        return t;
    }

    void finish_action(int v, std::size_t idx, Time end) {
        auto vi = static_cast<std::size_t>(v);
        action_end_[vi][idx] = end;
        host_busy_until_[vi] = end;
        ++next_action_[vi];
        push(end, host_wake, v, 0);
        for (int w : waiters_[vi]) push(end, host_wake, w, 0);
        waiters_[vi].clear();
    }

    // ---- the result ----
    void finish() {
        for (int v = 0; v < n_; ++v)
            if (has_pending_actions(v))
                violate(ViolationKind::NeverRan, 0, v, -1, -1,
                        fmt::format("{} action(s) of node {} never started (triggers never held)",
                                    prog_.actions[static_cast<std::size_t>(v)].size() - next_action_[static_cast<std::size_t>(v)],
                                    v));
        int last_message = prog_.all_to_all ? m_ : std::min(m_, 1);
        for (int msg = 0; msg < last_message; ++msg)
            for (int v = 0; v < n_; ++v) {
                Time h = host_time(v, msg);
                if (h == kUnknown) violate(ViolationKind::MissingDelivery, 0, v, -1, msg, "never received");
                else report_.completion = std::max(report_.completion, h);
            }
        report_.configuration_changes = count_global_changes();
        report_.max_fan_in = max_fan_in_seen_;
    }

    /// Overlapping configuration periods form one global change costing one Tc (§3.5).
    int count_global_changes() {
        std::sort(intervals_.begin(), intervals_.end());
        int groups = 0;
        Time reach = -1, group_start = -1;
        for (auto [s, e] : intervals_) {
            // Back-to-back changes are two; simultaneous ones (even with Tc = 0) are one.
            if (s >= reach && s != group_start) {
                ++groups;
                group_start = s;
            }
            reach = std::max(reach, e);
        }
        return groups;
    }

    const ModelParams& p_;
    const Program& prog_;
    int n_, m_;
    Configuration config_;
    std::vector<Time> changing_until_, tx_busy_until_, rx_busy_until_, host_busy_until_;
    std::vector<std::int64_t> rx_current_, tx_current_;
    std::vector<std::size_t> next_action_;
    std::vector<int> fu_last_;
    std::vector<std::deque<PendingForward>> fu_queue_;
    std::vector<int> in_count_;
    std::vector<int> fan_in_dirty_;
    std::vector<int> saved_;
    int max_fan_in_seen_ = 0;
    bool fan_in_check_pending_ = false;
    std::vector<PendingChange> pending_;
    std::int64_t generation_ = 0;
    std::vector<std::vector<int>> waiters_;
    std::vector<std::vector<Time>> action_end_;
    std::vector<Time> base_;
    std::vector<std::uint8_t> overlapped_, seen_;
    std::vector<Transmission> txs_;
    std::vector<std::int64_t> free_slots_;
    std::vector<std::pair<Time, Time>> intervals_;
    std::priority_queue<Event, std::vector<Event>, std::greater<Event>> queue_;
    std::int64_t seq_ = 0;
    ExecutionReport report_;
};

}  // namespace

ExecutionReport execute(const ModelParams& params, const Program& program) {
    validate(params);
    if (program.nodes != params.nodes)
        throw InputError("program " + program.algorithm,
                         fmt::format("built for {} nodes but the model has {}", program.nodes, params.nodes));
    return Executor(params, program).run();
}

}  // namespace liquid::optical
