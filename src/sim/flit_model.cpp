// Flit-level cross-check model (flit_model.hpp). Deliberately written as a plain
// cycle-stepped loop with no code shared with the event-driven Wormhole.
#include "liquid/sim/flit_model.hpp"
#include "liquid/base/time_budget.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "liquid/base/error.hpp"

namespace liquid::sim {
namespace {

constexpr std::int64_t kNever = std::numeric_limits<std::int64_t>::max();

struct FlitMessage {
    std::vector<int> path;
    std::int64_t flits = 0;
    int sender = -1;
    std::vector<std::int64_t> crossed;    // flits that crossed each hop
    int acquired = 0;                     // hops held so far (head progress)
    std::int64_t request_cycle = kNever;  // when the head asks for hop `acquired`
    bool active = false, done = false;
};

class FlitSim {
public:
    FlitSim(const Workload& w, const FlitOptions& o) : o_(o), holder_(static_cast<std::size_t>(w.link_count()), -1) {
        const double rate = w.link_rate.empty() ? 1 : w.link_rate.front();
        for (double r : w.link_rate)
            if (r != rate) throw InputError("flit model", "link rates differ", "the flit model needs one rate for every link");
        if (!(o.flit_bytes > 0)) throw InputError("flit model", "flit size must be positive", "give flit_bytes > 0");
        std::uint64_t serial = 64;
        for (int m = 0; m < w.message_count(); ++m) {
            const SimMessage& sm = w.messages[static_cast<std::size_t>(m)];
            FlitMessage f;
            f.path.assign(w.path(m), w.path(m) + sm.hops);
            double flits = sm.size / o.flit_bytes;
            f.flits = std::llround(flits);
            if (std::abs(flits - static_cast<double>(f.flits)) > 1e-9 * flits || f.flits < 1)
                throw InputError("flit model", "message size is not a whole number of flits",
                                 "pick sizes that are multiples of the flit size");
            f.sender = sm.sender;
            f.crossed.assign(f.path.size(), 0);
            serial += static_cast<std::uint64_t>(f.flits) + f.path.size() + o.overhead_cycles + o.barrier_cycles + 1;
            msgs_.push_back(std::move(f));
        }
        senders_.resize(static_cast<std::size_t>(w.sender_count()));
        limit_ = o.cycle_limit ? o.cycle_limit : 2 * serial;
        result_.done.assign(msgs_.size(), -1);
    }

    // Hands message m to its sender at cycle c (arrivals at one cycle keep their order).
    void hand_over(int m, std::int64_t c) { arrivals_.push_back({c, m}); }

    template <class OnDone>
    FlitResult run(OnDone on_done) {
        std::size_t unfinished = msgs_.size();
        for (std::int64_t c = 0; unfinished > 0; ++c) {
            if (static_cast<std::uint64_t>(c) > limit_) return stop(RunStatus::EventLimit);
            if ((c & 4095) == 0) throw_if_out_of_budget();
            take_arrivals(c);
            bool progress = grant(c);
            progress |= move(c, [&](int m) {
                --unfinished;
                result_.done[static_cast<std::size_t>(m)] = c + 1;
                result_.makespan = std::max<std::uint64_t>(result_.makespan, static_cast<std::uint64_t>(c + 1));
                on_done(m, c + 1);
            });
            if (progress) continue;
            std::int64_t next = next_trigger(c);
            if (next == kNever) return unfinished ? stop(RunStatus::Deadlock) : result_;
            c = next - 1;  // nothing changes before the next timed trigger
        }
        return result_;
    }

private:
    struct Sender {
        std::vector<int> queue;
        std::size_t head = 0;
        bool busy = false;
    };

    FlitResult stop(RunStatus s) {
        result_.status = s;
        return result_;
    }

    void start(int m, std::int64_t c) {
        FlitMessage& f = msgs_[static_cast<std::size_t>(m)];
        f.active = true;
        f.request_cycle = c + static_cast<std::int64_t>(o_.overhead_cycles);
    }

    void sender_free(int s, std::int64_t c) {
        Sender& S = senders_[static_cast<std::size_t>(s)];
        S.busy = S.head < S.queue.size();
        if (S.busy) start(S.queue[S.head++], c);
    }

    void take_arrivals(std::int64_t c) {
        std::size_t kept = 0;
        for (std::size_t i = 0; i < arrivals_.size(); ++i) {
            auto [at, m] = arrivals_[i];
            if (at != c) {
                arrivals_[kept++] = arrivals_[i];
                continue;
            }
            int s = msgs_[static_cast<std::size_t>(m)].sender;
            if (s < 0) {
                start(m, c);
                continue;
            }
            senders_[static_cast<std::size_t>(s)].queue.push_back(m);
            if (!senders_[static_cast<std::size_t>(s)].busy) sender_free(s, c);
        }
        arrivals_.resize(kept);
    }

    // Each free link goes to the earliest request (cycle, then message index).
    bool grant(std::int64_t c) {
        std::vector<std::pair<std::int64_t, int>> best(holder_.size(), {kNever, -1});
        for (std::size_t m = 0; m < msgs_.size(); ++m) {
            const FlitMessage& f = msgs_[m];
            if (!f.active || f.done || f.acquired >= static_cast<int>(f.path.size()) || f.request_cycle > c) continue;
            auto link = static_cast<std::size_t>(f.path[static_cast<std::size_t>(f.acquired)]);
            if (holder_[link] >= 0) continue;
            std::pair<std::int64_t, int> mine{f.request_cycle, static_cast<int>(m)};
            if (mine < best[link]) best[link] = mine;
        }
        bool any = false;
        for (std::size_t l = 0; l < best.size(); ++l) {
            if (best[l].second < 0) continue;
            FlitMessage& f = msgs_[static_cast<std::size_t>(best[l].second)];
            holder_[l] = best[l].second;
            ++f.acquired;
            f.request_cycle = kNever;
            any = true;
        }
        return any;
    }

    // Moves flits, downstream hops first so a buffer emptied this cycle refills this cycle.
    template <class Done>
    bool move(std::int64_t c, Done done) {
        bool any = false;
        for (std::size_t m = 0; m < msgs_.size(); ++m) {
            FlitMessage& f = msgs_[m];
            if (!f.active || f.done) continue;
            const int k = static_cast<int>(f.path.size());
            for (int i = f.acquired - 1; i >= 0; --i) {
                auto& x = f.crossed;
                const auto ui = static_cast<std::size_t>(i);
                std::int64_t upstream = i == 0 ? f.flits : x[ui - 1];
                if (upstream <= x[ui]) continue;  // no flit waiting in front of hop i
                std::int64_t downstream_buffer = (i == k - 1) ? 0 : x[ui] - x[ui + 1];
                if (downstream_buffer >= 1) continue;  // one-flit buffer full
                ++x[ui];
                ++result_.flit_moves;
                any = true;
                if (x[ui] == 1 && i + 1 < k) f.request_cycle = c + 1;                      // head arrived: ask next hop
                if (x[ui] == f.flits) holder_[static_cast<std::size_t>(f.path[ui])] = -1;  // tail passed
            }
            if (f.crossed.back() == f.flits) {
                f.done = true;
                if (f.sender >= 0) sender_free(f.sender, c + 1);
                done(static_cast<int>(m));
            }
        }
        return any;
    }

    std::int64_t next_trigger(std::int64_t c) const {
        std::int64_t next = kNever;
        for (auto [at, m] : arrivals_) next = std::min(next, at);
        for (const FlitMessage& f : msgs_)
            if (f.active && !f.done && f.request_cycle > c && f.request_cycle != kNever) next = std::min(next, f.request_cycle);
        return next;
    }

    FlitOptions o_;
    std::vector<int> holder_;
    std::vector<FlitMessage> msgs_;
    std::vector<Sender> senders_;
    std::vector<std::pair<std::int64_t, int>> arrivals_;
    std::uint64_t limit_ = 0;
    FlitResult result_;
};

}  // namespace

FlitResult simulate_flits(const Workload& w, const std::vector<std::vector<int>>& queues, const FlitOptions& options) {
    FlitSim sim(w, options);
    for (const auto& q : queues)
        for (int m : q) sim.hand_over(m, 0);
    return sim.run([](int, std::int64_t) {});
}

FlitResult simulate_flits(const Workload& w, const Schedule& schedule, const FlitOptions& options) {
    FlitSim sim(w, options);
    std::size_t frame = 0, left = 0;
    auto start_frame = [&](std::int64_t c) {
        left = schedule.frames[frame].size();
        for (int m : schedule.frames[frame]) sim.hand_over(m, c);
    };
    if (!schedule.frames.empty()) start_frame(0);
    return sim.run([&](int, std::int64_t c) {
        if (--left > 0 || ++frame == schedule.frames.size()) return;
        start_frame(c + static_cast<std::int64_t>(options.barrier_cycles));
    });
}

}  // namespace liquid::sim
