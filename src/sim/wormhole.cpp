// The link-reservation model (see wormhole.hpp for the rules and the tie rule).
#include "sim/wormhole.hpp"
#include "liquid/base/time_budget.hpp"

#include <algorithm>

#include "liquid/base/names.hpp"

namespace liquid::sim {
namespace {

// Waiter heap order: earliest request time first, then lowest message index.
struct LaterRequest {
    template <class W>
    bool operator()(const W& x, const W& y) const {
        if (x.time != y.time) return x.time > y.time;
        return x.msg > y.msg;
    }
};

std::uint64_t automatic_event_limit(const Workload& w) {
    // Per message: arrive, one request per hop, one release per hop, complete.
    std::uint64_t n = 1024;
    for (const SimMessage& m : w.messages) n += 4 * (2 * static_cast<std::uint64_t>(m.hops) + 2);
    return n;
}

}  // namespace

namespace {
constexpr NameTable<RunStatus, 3> kStatuses{{
    {RunStatus::Done, "done"},
    {RunStatus::Deadlock, "deadlock"},
    {RunStatus::EventLimit, "event-limit"},
}};
}  // namespace

const char* status_name(RunStatus s) { return name_of(kStatuses, s); }

Wormhole::Wormhole(const Workload& workload, const SimOptions& options)
    : w_(workload), o_(options), links_(static_cast<std::size_t>(workload.link_count())),
      hosts_(static_cast<std::size_t>(workload.sender_count())), records_(static_cast<std::size_t>(workload.message_count())),
      waiting_hop_(static_cast<std::size_t>(workload.message_count()), -1),
      held_time_(static_cast<std::size_t>(workload.link_count()), 0.0) {
    if (o_.event_limit == 0) o_.event_limit = automatic_event_limit(workload);
    queue_.reserve(static_cast<std::size_t>(workload.message_count()) * 2 + 16);
}

void Wormhole::submit(int msg, double time) { queue_.push(time, EventKind::Arrive, msg); }

RunStatus Wormhole::run(const DoneFn& on_done) {
    on_done_ = &on_done;
    while (!queue_.empty()) {
        now_ = queue_.top().time;
        // Rounds at one instant: collect every event of the instant, then grant; a
        // zero-latency grant schedules the next request at the same instant, which is
        // collected in the following round.
        while (!queue_.empty() && queue_.top().time == now_) {
            while (!queue_.empty() && queue_.top().time == now_) {
                if (++events_ > o_.event_limit) return RunStatus::EventLimit;
                if ((events_ & 4095U) == 0) throw_if_out_of_budget();
                handle(queue_.pop());
            }
            grant_dirty_links();
        }
    }
    for (const MessageRecord& r : records_)
        if (r.arrive >= 0 && r.done < 0) {
            find_cycle();
            return RunStatus::Deadlock;
        }
    return RunStatus::Done;
}

void Wormhole::handle(const Event& e) {
    switch (e.kind) {
        case EventKind::Arrive: {
            records_[static_cast<std::size_t>(e.a)].arrive = e.time;
            int s = w_.messages[static_cast<std::size_t>(e.a)].sender;
            if (s < 0) {
                start_on_host(e.a, e.time);  // no host known: nothing to serialise on
                break;
            }
            HostState& h = hosts_[static_cast<std::size_t>(s)];
            h.queue.push_back(e.a);
            if (!h.busy) host_idle(s, e.time);
            break;
        }
        case EventKind::Request: request(e.a, e.b, e.time); break;
        case EventKind::Release: release(w_.path(e.a)[e.b], e.time); break;
        case EventKind::Complete: {
            const SimMessage& m = w_.messages[static_cast<std::size_t>(e.a)];
            records_[static_cast<std::size_t>(e.a)].done = e.time;
            // Zero hop latency: the whole worm leaves at once, so release here instead of
            // scheduling one event per hop.
            if (o_.hop_latency_s == 0)
                for (int i = 0; i < m.hops; ++i) release(w_.path(e.a)[i], e.time);
            if (m.sender >= 0) host_idle(m.sender, e.time);
            (*on_done_)(e.a, e.time);
            break;
        }
    }
}

void Wormhole::start_on_host(int msg, double t) {
    double inject = t + o_.message_overhead_s;
    records_[static_cast<std::size_t>(msg)].inject = inject;
    queue_.push(inject, EventKind::Request, msg, 0);
}

// The sender finished (or got its first message): start the next queued one, if any.
void Wormhole::host_idle(int sender, double t) {
    HostState& h = hosts_[static_cast<std::size_t>(sender)];
    if (h.head < h.queue.size()) {
        h.busy = true;
        start_on_host(h.queue[h.head++], t);
    } else {
        h.busy = false;
    }
}

void Wormhole::request(int msg, int hop, double t) {
    auto link = static_cast<std::size_t>(w_.path(msg)[hop]);
    waiting_hop_[static_cast<std::size_t>(msg)] = hop;
    LinkState& L = links_[link];
    L.waiters.push_back(Waiter{t, msg});
    std::push_heap(L.waiters.begin(), L.waiters.end(), LaterRequest{});
    if (!L.dirty) {
        L.dirty = true;
        dirty_.push_back(static_cast<int>(link));
    }
}

void Wormhole::release(int link, double t) {
    LinkState& L = links_[static_cast<std::size_t>(link)];
    held_time_[static_cast<std::size_t>(link)] += t - L.since;
    L.holder = -1;
    if (!L.dirty && !L.waiters.empty()) {
        L.dirty = true;
        dirty_.push_back(link);
    }
}

void Wormhole::grant_dirty_links() {
    for (int link : dirty_) {
        LinkState& L = links_[static_cast<std::size_t>(link)];
        L.dirty = false;
        if (L.holder >= 0 || L.waiters.empty()) continue;
        std::pop_heap(L.waiters.begin(), L.waiters.end(), LaterRequest{});
        Waiter w = L.waiters.back();
        L.waiters.pop_back();
        grant(link, w);
    }
    dirty_.clear();
}

void Wormhole::grant(int link, const Waiter& w) {
    LinkState& L = links_[static_cast<std::size_t>(link)];
    L.holder = w.msg;
    L.since = now_;
    auto mi = static_cast<std::size_t>(w.msg);
    MessageRecord& rec = records_[mi];
    rec.blocked += now_ - w.time;
    int hop = waiting_hop_[mi];
    waiting_hop_[mi] = -1;
    const SimMessage& m = w_.messages[mi];
    const double h = o_.hop_latency_s;
    if (hop + 1 < m.hops) {
        queue_.push(now_ + h, EventKind::Request, w.msg, hop + 1);
        return;
    }
    // Whole path held: stream. The worm is packed behind the head, so its tail leaves
    // hop i of k at end - (k-1-i)·h (clamped for worms shorter than the path).
    rec.held = now_;
    const double end = now_ + m.stream_time;
    queue_.push(end, EventKind::Complete, w.msg);
    if (h > 0)
        for (int i = 0; i < m.hops; ++i) queue_.push(std::max(now_, end - (m.hops - 1 - i) * h), EventKind::Release, w.msg, i);
}

void Wormhole::find_cycle() {
    cycle_.clear();
    int start = -1;
    for (std::size_t m = 0; m < waiting_hop_.size() && start < 0; ++m)
        if (waiting_hop_[m] >= 0 && records_[m].done < 0) start = static_cast<int>(m);
    if (start < 0) return;
    // Follow "waits for a link held by" until a message repeats: every waiting message's
    // link is held (a free link with waiters is always granted), and its holder cannot
    // be streaming (it would have a pending Complete), so the walk stays on waiters.
    std::vector<int> seen_at(waiting_hop_.size(), -1);
    std::vector<WaitStep> walk;
    int m = start;
    while (m >= 0 && seen_at[static_cast<std::size_t>(m)] < 0) {
        seen_at[static_cast<std::size_t>(m)] = static_cast<int>(walk.size());
        int hop = waiting_hop_[static_cast<std::size_t>(m)];
        if (hop < 0) return;  // cannot happen; never loop on a broken invariant
        int link = w_.path(m)[hop];
        walk.push_back(WaitStep{m, link});
        m = links_[static_cast<std::size_t>(link)].holder;
    }
    if (m < 0) return;
    cycle_.assign(walk.begin() + seen_at[static_cast<std::size_t>(m)], walk.end());
}

std::string Wormhole::describe_cycle(const std::vector<std::string>& message_names,
                                     const std::vector<std::string>& link_names) const {
    auto name = [](const std::vector<std::string>& names, int i) {
        return i >= 0 && static_cast<std::size_t>(i) < names.size() ? names[static_cast<std::size_t>(i)]
                                                                    : "#" + std::to_string(i);
    };
    std::string s;
    for (std::size_t i = 0; i < cycle_.size(); ++i) {
        const WaitStep& st = cycle_[i];
        const WaitStep& next = cycle_[(i + 1) % cycle_.size()];
        if (!s.empty()) s += "; ";
        s += name(message_names, st.message) + " waits for " + name(link_names, st.link) + " held by " +
             name(message_names, next.message);
    }
    return s;
}

}  // namespace liquid::sim
