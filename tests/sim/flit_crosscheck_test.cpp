// Cross-check: the event-driven message-level model against the independent
// cycle-stepped flit-level model (flit_model.hpp). With one flit per cycle, hop latency
// = one flit time and worms at least as long as their paths, both must deliver every
// message at the same instant — including runs that end in a cyclic wait.
#include <gtest/gtest.h>

#include <random>

#include "liquid/io/network_spec.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/sim/flit_model.hpp"
#include "liquid/sim/frame_executor.hpp"
#include "liquid/sim/queue_executor.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sim/wormhole.hpp"

namespace liquid::sim {
namespace {

// Random pairs over a network with random whole-flit sizes >= the path length.
Traffic random_traffic(const Network& net, std::mt19937_64& rng, int count) {
    const std::vector<int> senders = sending_hosts(net), receivers = receiving_hosts(net);
    Traffic t([&] {
        std::vector<std::string> names;
        for (const Link& l : net.links()) names.push_back(l.name);
        return names;
    }());
    std::uniform_int_distribution<std::size_t> pick_s(0, senders.size() - 1), pick_r(0, receivers.size() - 1);
    std::uniform_int_distribution<int> extra(0, 12);
    for (int i = 0; i < count; ++i) {
        int s = senders[pick_s(rng)], d = receivers[pick_r(rng)];
        if (s == d) continue;
        std::vector<int> path = net.route(s, d);
        t.add("m" + std::to_string(i), path, s, d, static_cast<double>(path.size()) + extra(rng));
    }
    return t;
}

struct Compared {
    int runs = 0, deadlocks = 0;
};

void compare(const Workload& w, const std::vector<MessageRecord>& records, RunStatus status, const FlitResult& f, Compared& c) {
    ++c.runs;
    ASSERT_EQ(status, f.status);
    if (status == RunStatus::Deadlock) ++c.deadlocks;
    for (int m = 0; m < w.message_count(); ++m) {
        double msg_done = records[static_cast<std::size_t>(m)].done;
        std::int64_t flit_done = f.done[static_cast<std::size_t>(m)];
        if (flit_done < 0) {
            EXPECT_LT(msg_done, 0) << "message " << m;
        } else {
            EXPECT_DOUBLE_EQ(msg_done, static_cast<double>(flit_done)) << "message " << m;
        }
    }
}

void crosscheck(const std::string& spec, std::uint64_t seed, int count, Compared& c) {
    Network net = make_network(spec);
    net.set_default_rate(1.0);  // 1 byte per second: times are whole numbers of flits
    std::mt19937_64 rng(seed);
    Traffic t = random_traffic(net, rng, count);
    Workload w = make_workload(t, network_rates(net));
    SimOptions o;
    o.hop_latency_s = 1.0;
    FlitOptions fo;

    // Per-sender queues in random order.
    auto queues = sender_queues(w, Method::Random, seed);
    Wormhole model(w, o);
    for (const auto& q : queues)
        for (int m : q) model.submit(m, 0);
    RunStatus st = model.run([](int, double) {});
    compare(w, model.records(), st, simulate_flits(w, queues, fo), c);

    // Frames of random sizes with a barrier of 3 cycles.
    Schedule s;
    for (int m = 0; m < w.message_count(); ++m) {
        if (s.frames.empty() || rng() % 3 == 0) s.frames.emplace_back();
        s.frames.back().push_back(m);
    }
    o.barrier_s = 3;
    fo.barrier_cycles = 3;
    SimResult r = run_frames(w, s, o);
    FlitResult f = simulate_flits(w, s, fo);
    ASSERT_EQ(r.status, f.status);
    if (r.status == RunStatus::Done) {
        EXPECT_DOUBLE_EQ(r.makespan, static_cast<double>(f.makespan));
    }
}

TEST(FlitCrossCheck, MeshAndTreeAgreeMessageByMessage) {
    Compared c;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        crosscheck("mesh:3x3", seed, 14, c);
        crosscheck("fat-tree:2,3", seed, 12, c);
        crosscheck("two-switch", seed, 10, c);
    }
    EXPECT_EQ(c.runs, 36);
}

TEST(FlitCrossCheck, TorusRingsDeadlockInBothModels) {
    // Wrap-around dimension-order routing on a torus admits cyclic waits (no virtual
    // channels): both models must agree on which runs deadlock and on every delivery.
    Compared c;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) crosscheck("torus:4x2", seed, 16, c);
    EXPECT_EQ(c.runs, 30);
    // The shift-by-two permutation along a 4-ring: ties go the positive way, so every
    // message holds one ring link and waits for the next one.
    Network net = make_network("torus:4x2");
    net.set_default_rate(1.0);
    const std::vector<int> h = net.hosts();
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < 4; ++i) pairs.emplace_back(h[static_cast<std::size_t>(i)], h[static_cast<std::size_t>((i + 2) % 4)]);
    Traffic t = traffic_from_pairs(net, pairs, 8);
    Workload w = make_workload(t, network_rates(net));
    SimOptions o;
    o.hop_latency_s = 1;
    auto queues = sender_queues(w, Method::Fifo);
    Wormhole model(w, o);
    for (const auto& q : queues)
        for (int m : q) model.submit(m, 0);
    RunStatus st = model.run([](int, double) {});
    EXPECT_EQ(st, RunStatus::Deadlock);
    EXPECT_EQ(model.deadlock_cycle().size(), 4U);
    compare(w, model.records(), st, simulate_flits(w, queues, FlitOptions{}), c);
    EXPECT_GT(c.deadlocks, 0);
}

TEST(FlitCrossCheck, OverheadAndLatencyAddUp) {
    Network net = make_crossbar(2);
    net.set_default_rate(1.0);
    Traffic t([&] {
        std::vector<std::string> names;
        for (const Link& l : net.links()) names.push_back(l.name);
        return names;
    }());
    const std::vector<int> h = net.hosts();
    t.add("a", net.route(h[0], h[1]), h[0], h[1], 10);
    t.add("b", net.route(h[0], h[1]), h[0], h[1], 10);
    Workload w = make_workload(t, network_rates(net));
    FlitOptions fo;
    fo.overhead_cycles = 2;
    FlitResult f = simulate_flits(w, std::vector<std::vector<int>>{{0, 1}}, fo);
    // Per message: 2 overhead + 1 hop latency + 10 flits.
    EXPECT_EQ(f.makespan, 26U);
    SimOptions o;
    o.hop_latency_s = 1;
    o.message_overhead_s = 2;
    EXPECT_DOUBLE_EQ(run_queues(w, {{0, 1}}, o).makespan, 26.0);
}

}  // namespace
}  // namespace liquid::sim
