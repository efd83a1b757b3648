#pragma once
// The round loop shared by the CCC and multi-ring models (thesis §5.3). Private header.
// A Model supplies: kQueues (one queue per outgoing arc of a node); nodes();
// on_arrival(Message&, node) -> arc index (and sets Message::next); select(round, queues,
// senders, rng); multicast_set(node, buffer) -> span; on_spawn(event, round);
// on_send(node, Message&); begin_round(round) -> true when the routing changed (then every
// queued message is routed again from where it waits).
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "liquid/base/error.hpp"
#include "liquid/optical/p2p/simulator.hpp"
#include "optical/p2p/collision_check.hpp"

namespace liquid::optical::p2p::detail {

struct Message {
    std::uint64_t seq;  // arrival order at the current node (FIFO across a node's queues)
    std::uint32_t dst;
    std::uint32_t created;  // round of creation
    std::uint32_t next;     // next hop, chosen on arrival at the current node
    std::uint16_t hops;
    std::uint8_t phase;  // routing state, for models that need one
    std::uint8_t flags;  // kMeasured | kToHotspot
};
inline constexpr std::uint8_t kMeasured = 1;   // created after warm-up, before the last measured round
inline constexpr std::uint8_t kToHotspot = 2;  // addressed to the hot spot of its creation round

/// FIFO of messages without per-element allocation. Messages live in the queues
/// themselves (no pool indexed by id): a hop moves 32 bytes from the end of one node's
/// queue to the end of another's instead of chasing an id into a large random-access pool.
class Fifo {
public:
    bool empty() const { return head_ == items_.size(); }
    std::size_t size() const { return items_.size() - head_; }
    const Message& front() const { return items_[head_]; }
    void push(const Message& m) { items_.push_back(m); }
    void pop() {
        if (++head_ == items_.size()) {
            items_.clear();
            head_ = 0;
        } else if (head_ >= 4096 && 2 * head_ >= items_.size()) {
            items_.erase(items_.begin(), items_.begin() + std::ptrdiff_t(head_));
            head_ = 0;
        }
    }

private:
    std::vector<Message> items_;
    std::size_t head_ = 0;
};

struct Sender {
    std::uint32_t node;
    std::uint8_t queue_mask;  // which of the node's queues may send this round
};

template <class Model>
class RoundEngine {
public:
    static constexpr int K = Model::kQueues;

    RoundEngine(Model& model, const TrafficSpec& traffic, const RunSpec& run, const Progress& progress)
        : model_(model), run_(run), progress_(progress), n_(model.nodes()), events_(n_, traffic, run.seed), rng_(run.seed),
          check_(n_), queues_(std::size_t(n_) * K) {
        if (run.rounds < 2) throw InputError("rounds", "need at least 2 rounds");
        warmup_ = run.warmup ? run.warmup : run.rounds / 5;
        if (warmup_ >= run.rounds)
            throw InputError("warmup", "warm-up (" + std::to_string(warmup_) + ") must be shorter than the run (" +
                                           std::to_string(run.rounds) + " rounds)");
        drain_ = run.drain_limit ? run.drain_limit : run.rounds;
        const std::uint32_t mmir = run.mmir ? run.mmir : std::numeric_limits<std::uint32_t>::max();
        arc_budget_ = run.mmir_scope == MmirScope::Arc ? mmir : std::numeric_limits<std::uint32_t>::max();
        node_budget_ = run.mmir_scope == MmirScope::Node ? mmir : std::numeric_limits<std::uint32_t>::max();
    }

    SimResult run() {
        const auto start = std::chrono::steady_clock::now();
        const std::uint64_t expected = run_.rounds;
        std::uint64_t t = 0;
        for (;; ++t) {
            if (t >= run_.rounds && (outstanding_ == 0 || t >= run_.rounds + drain_)) break;
            if (model_.begin_round(t)) reroute_all();
            events_.begin_round(t);
            spawn(t);
            move(t);
            if (t >= warmup_ && t < run_.rounds) sample_queues();
            if (progress_ && (t & 255) == 255) progress_(std::min<std::uint64_t>(t + 1, expected), expected);
        }
        if (progress_) progress_(expected, expected);
        SimResult r;
        r.nodes = n_;
        r.seed = run_.seed;
        r.rounds_run = t;
        r.created = created_;
        r.measured = measured_;
        r.delivered = delivered_;
        r.undelivered = outstanding_;
        r.saturated = outstanding_ > 0;
        fill_latency(r);
        r.hot_delivered = hot_delivered_;
        r.hot_mean_rounds = hot_delivered_ ? double(hot_latency_sum_) / double(hot_delivered_) : 0.0;
        r.hotspot_moves = events_.moves();
        r.mean_queue = queue_samples_ ? queue_sum_ / double(queue_samples_) / double(n_) : 0.0;
        r.max_queue = max_queue_;
        r.transmissions = transmissions_;
        r.mean_batch = transmissions_ ? double(batch_sum_) / double(transmissions_) : 0.0;
        r.max_batch = max_batch_;
        r.collisions = check_.collisions();
        r.overlaps = check_.overlaps();
        r.misroutes = check_.misroutes();
        r.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return r;
    }

private:
    void spawn(std::uint64_t t) {
        const bool measure = t >= warmup_ && t < run_.rounds;
        const std::uint32_t k = events_.events_this_round(rng_);
        for (std::uint32_t e = 0; e < k; ++e) {
            const SendEvent ev = events_.draw(rng_);
            model_.on_spawn(ev, t);
            Message m{};
            m.dst = ev.dst;
            m.created = std::uint32_t(t);
            m.phase = 1;
            m.flags = std::uint8_t((measure ? kMeasured : 0) | (ev.dst == events_.hotspot() ? kToHotspot : 0));
            ++created_;
            ++in_flight_;
            if (measure) {
                ++measured_;
                ++outstanding_;
            }
            enqueue(ev.src, m);
        }
    }

    void move(std::uint64_t t) {
        senders_.clear();
        model_.select(t, queues_, senders_, rng_);
        check_.begin_round();
        std::array<std::uint32_t, 3> buffer{};
        for (const Sender& s : senders_) {
            std::uint32_t sent = 0;
            std::array<std::uint32_t, K> per_arc{};
            Fifo* q = &queues_[std::size_t(s.node) * K];
            while (sent < node_budget_) {
                int best = -1;  // oldest arrival among the eligible arcs with budget left
                std::uint64_t best_seq = std::numeric_limits<std::uint64_t>::max();
                for (int i = 0; i < K; ++i)
                    if (((s.queue_mask >> i) & 1) && per_arc[i] < arc_budget_ && !q[i].empty() && q[i].front().seq < best_seq) {
                        best = i;
                        best_seq = q[i].front().seq;
                    }
                if (best < 0) break;
                Message m = q[best].front();
                q[best].pop();
                ++per_arc[best];
                if (sent == 0) check_.transmit(s.node, model_.multicast_set(s.node, buffer));
                const std::uint32_t r = m.next;
                check_.address(s.node, r);
                model_.on_send(s.node, m);
                ++m.hops;
                ++sent;
                if (r == m.dst) deliver(m, t);
                else staged_.push_back({m, r});
            }
            if (sent) {
                ++transmissions_;
                batch_sum_ += sent;
                max_batch_ = std::max(max_batch_, sent);
            }
        }
        check_.end_round();
        for (auto& [m, node] : staged_) enqueue(node, m);  // one hop per round
        staged_.clear();
    }

    void enqueue(std::uint32_t node, Message& m) {
        m.seq = seq_++;
        const int q = model_.on_arrival(m, node);
        queues_[std::size_t(node) * K + std::size_t(q)].push(m);
    }

    /// After a configuration change: route every waiting message again from its node,
    /// keeping each node's arrival order.
    void reroute_all() {
        std::vector<Message> waiting;
        for (std::uint32_t v = 0; v < n_; ++v) {
            waiting.clear();
            for (int i = 0; i < K; ++i) {
                Fifo& q = queues_[std::size_t(v) * K + std::size_t(i)];
                for (; !q.empty(); q.pop()) waiting.push_back(q.front());
            }
            std::sort(waiting.begin(), waiting.end(), [](const auto& a, const auto& b) { return a.seq < b.seq; });
            for (auto& m : waiting) queues_[std::size_t(v) * K + std::size_t(model_.on_arrival(m, v))].push(m);
        }
    }

    void deliver(const Message& m, std::uint64_t t) {
        --in_flight_;
        if (m.flags & kMeasured) {
            const std::uint64_t latency = t - m.created + 1;  // a send issued in its creation round takes 1
            if (latency >= histogram_.size()) histogram_.resize(latency + 1, 0);
            ++histogram_[latency];
            if (m.flags & kToHotspot) {
                ++hot_delivered_;
                hot_latency_sum_ += latency;
            }
            hop_sum_ += m.hops;
            ++delivered_;
            --outstanding_;
        }
    }

    void sample_queues() {
        queue_sum_ += double(in_flight_);
        ++queue_samples_;
        for (std::uint32_t v = 0; v < n_; ++v) {
            std::size_t len = 0;
            for (int i = 0; i < K; ++i) len += queues_[std::size_t(v) * K + std::size_t(i)].size();
            max_queue_ = std::max<std::uint32_t>(max_queue_, std::uint32_t(len));
        }
    }

    void fill_latency(SimResult& r) const {
        if (delivered_ == 0) return;
        std::uint64_t sum = 0;
        for (std::size_t l = 0; l < histogram_.size(); ++l) sum += l * histogram_[l];
        r.mean_rounds = double(sum) / double(delivered_);
        r.mean_hops = double(hop_sum_) / double(delivered_);
        auto percentile = [&](double p) {
            const auto target = std::uint64_t(p * double(delivered_ - 1)) + 1;
            std::uint64_t seen = 0;
            for (std::size_t l = 0; l < histogram_.size(); ++l)
                if ((seen += histogram_[l]) >= target) return std::uint32_t(l);
            return std::uint32_t(histogram_.size() - 1);
        };
        r.p50 = percentile(0.50);
        r.p90 = percentile(0.90);
        r.p99 = percentile(0.99);
        r.max_rounds = std::uint32_t(histogram_.size() - 1);
    }

    Model& model_;
    RunSpec run_;
    const Progress& progress_;
    std::uint32_t n_;
    EventSource events_;
    Rng rng_;
    CollisionCheck check_;
    std::vector<Fifo> queues_;
    std::vector<Sender> senders_;
    std::vector<std::pair<Message, std::uint32_t>> staged_;
    std::vector<std::uint64_t> histogram_;
    std::uint64_t warmup_ = 0, drain_ = 0;
    std::uint32_t arc_budget_ = 0, node_budget_ = 0;
    std::uint64_t seq_ = 0, created_ = 0, measured_ = 0, delivered_ = 0, outstanding_ = 0, in_flight_ = 0;
    std::uint64_t hop_sum_ = 0, transmissions_ = 0, batch_sum_ = 0, queue_samples_ = 0;
    std::uint64_t hot_delivered_ = 0, hot_latency_sum_ = 0;
    std::uint32_t max_batch_ = 0, max_queue_ = 0;
    double queue_sum_ = 0;
};

}  // namespace liquid::optical::p2p::detail
