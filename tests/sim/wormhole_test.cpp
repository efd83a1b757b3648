// Hand-checked cases of the message-level wormhole model and its executors.
#include <gtest/gtest.h>

#include "liquid/base/error.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/sim/frame_executor.hpp"
#include "liquid/sim/queue_executor.hpp"
#include "liquid/traffic/patterns.hpp"
#include "sim/wormhole.hpp"

namespace liquid::sim {
namespace {

// A link-set traffic over `links` links with explicit travel-order paths.
Traffic line_traffic(int links, const std::vector<std::vector<int>>& paths, double size) {
    std::vector<std::string> names;
    for (int l = 0; l < links; ++l) names.push_back("l" + std::to_string(l));
    Traffic t(names);
    for (std::size_t i = 0; i < paths.size(); ++i) t.add("x" + std::to_string(i), paths[i], -1, -1, size);
    return t;
}

Schedule one_frame(int n) {
    Schedule s;
    s.frames.emplace_back();
    for (int i = 0; i < n; ++i) s.frames[0].push_back(i);
    return s;
}

TEST(Wormhole, OneMessageTakesSizeOverRatePlusLatencies) {
    Traffic t = line_traffic(3, {{0, 1, 2}}, 1e6);
    Workload w = make_workload(t, uniform_rates(3, 1e8));
    SimOptions o;
    SimResult r = run_frames(w, one_frame(1), o);
    ASSERT_EQ(r.status, RunStatus::Done);
    EXPECT_DOUBLE_EQ(r.makespan, 0.01);
    EXPECT_DOUBLE_EQ(r.throughput, 1e8);
    EXPECT_DOUBLE_EQ(r.ratio, 1.0);
    EXPECT_DOUBLE_EQ(r.blocked_total, 0.0);
    // Head crosses two hops before it can request the third; overhead precedes injection.
    o.hop_latency_s = 1e-6;
    o.message_overhead_s = 5e-6;
    r = run_frames(w, one_frame(1), o);
    EXPECT_NEAR(r.makespan, 5e-6 + 2e-6 + 0.01, 1e-15);
    // The tail leaves hop i at end - (2 - i)·h: hop 0 is held from 5 µs to end - 2 µs.
    EXPECT_NEAR(r.links[0].held, 0.01, 1e-15);
    EXPECT_NEAR(r.links[2].held, 0.01, 1e-15);
    EXPECT_NEAR(r.links[1].carrying, 0.01, 1e-15);
}

TEST(Wormhole, TwoCongestingMessagesSerialiseLowerIndexFirst) {
    // x0 = l0 l2, x1 = l1 l2: they share l2. Both request l2 at t = 0; x0 wins the tie.
    Traffic t = line_traffic(3, {{0, 2}, {1, 2}}, 1000);
    Workload w = make_workload(t, uniform_rates(3, 1000));
    Wormhole model(w, SimOptions{});
    model.submit(1, 0);
    model.submit(0, 0);
    ASSERT_EQ(model.run([](int, double) {}), RunStatus::Done);
    EXPECT_DOUBLE_EQ(model.records()[0].done, 1.0);
    EXPECT_DOUBLE_EQ(model.records()[1].done, 2.0);
    EXPECT_DOUBLE_EQ(model.records()[1].blocked, 1.0);
    // x1 held its own link l1 while blocked: hold-and-wait.
    EXPECT_DOUBLE_EQ(model.link_held()[1], 2.0);
    SimResult r = summarize(model, w, RunStatus::Done);
    EXPECT_DOUBLE_EQ(r.liquid_time, 2.0);
    EXPECT_DOUBLE_EQ(r.ratio, 1.0);
    EXPECT_EQ(r.blocked_messages, 1);
    EXPECT_DOUBLE_EQ(r.utilisation(2), 1.0);
    EXPECT_DOUBLE_EQ(r.utilisation(0), 0.5);
}

TEST(Wormhole, EarlierRequestBeatsLowerIndex) {
    // x1 asks for l2 at 0; x0 gets there after one hop latency, so it waits although its index is lower.
    Traffic t = line_traffic(4, {{0, 3, 2}, {2}}, 10);
    Workload w = make_workload(t, uniform_rates(4, 10));
    SimOptions o;
    o.hop_latency_s = 0.5;
    Wormhole model(w, o);
    model.submit(0, 0);
    model.submit(1, 0);
    ASSERT_EQ(model.run([](int, double) {}), RunStatus::Done);
    EXPECT_DOUBLE_EQ(model.records()[1].done, 1.0);
    EXPECT_DOUBLE_EQ(model.records()[0].held, 1.0);
    EXPECT_DOUBLE_EQ(model.records()[0].blocked, 0.0 + 0.0 + 0.0 + 1.0 - 1.0 + 0.0);  // asked l2 at 1.0, got it at 1.0
    EXPECT_DOUBLE_EQ(model.records()[0].done, 2.0);
}

TEST(Wormhole, HostSendsOneMessageAtATime) {
    // Two messages of one sender over disjoint links still go one after the other.
    Network net = make_crossbar(3);
    net.set_default_rate(100);
    const std::vector<int> h = net.hosts();
    Traffic t = traffic_from_pairs(net, {{h[0], h[1]}, {h[0], h[2]}}, 100);
    Workload w = make_workload(t, network_rates(net));
    SimOptions o;
    o.message_overhead_s = 0.25;
    SimResult r = run_frames(w, one_frame(2), o);
    ASSERT_EQ(r.status, RunStatus::Done);
    EXPECT_DOUBLE_EQ(r.makespan, 2.5);
    EXPECT_DOUBLE_EQ(r.blocked_total, 0.0);  // waiting for the host is not blocking in the fabric
}

// The papers' two-switch example (report §3): 25 transfers, Λ = 6.
struct TwoSwitch {
    Network net = make_two_switch();
    Traffic traffic;
    Workload w;
    TwoSwitch() {
        PatternSpec spec;
        spec.size = 1e6;
        traffic = make_pattern(net, spec);
        w = make_workload(traffic, network_rates(net));
    }
    int index(int i, int j) const { return *traffic.find("t" + std::to_string(i) + "-r" + std::to_string(j)); }
    double frame_time() const { return 1e6 / net.default_rate(); }
};

TEST(Wormhole, TwoSwitchLiquidScheduleTakesSixFrames) {
    TwoSwitch ts;
    ASSERT_EQ(ts.traffic.size(), 25);
    // A liquid schedule found by hand (every frame uses both inter-switch links).
    const std::vector<std::vector<std::pair<int, int>>> frames = {
        {{1, 1}, {2, 2}, {3, 4}, {4, 3}, {5, 5}}, {{1, 2}, {2, 1}, {3, 5}, {4, 4}, {5, 3}}, {{1, 3}, {2, 4}, {3, 1}, {4, 2}},
        {{1, 4}, {2, 3}, {3, 2}, {4, 5}, {5, 1}}, {{1, 5}, {3, 3}, {4, 1}, {5, 4}},         {{2, 5}, {5, 2}}};
    Schedule s;
    for (const auto& f : frames) {
        s.frames.emplace_back();
        for (auto [i, j] : f) s.frames.back().push_back(ts.index(i, j));
    }
    SimResult r = run_frames(ts.w, s, SimOptions{});
    ASSERT_EQ(r.status, RunStatus::Done);
    EXPECT_DOUBLE_EQ(r.makespan, 6 * ts.frame_time());
    EXPECT_DOUBLE_EQ(r.liquid_time, 6 * ts.frame_time());
    EXPECT_DOUBLE_EQ(r.ratio, 1.0);
    EXPECT_EQ(r.blocked_messages, 0);
    EXPECT_EQ(r.frames, 6);
    // Barriers: five between six frames.
    SimOptions o;
    o.barrier_s = 1e-4;
    r = run_frames(ts.w, s, o);
    EXPECT_NEAR(r.makespan, 6 * ts.frame_time() + 5e-4, 1e-12);
    EXPECT_NEAR(r.barrier_time, 5e-4, 1e-15);
}

TEST(Wormhole, TwoSwitchRoundRobinWithBarriersTakesSevenFrames) {
    TwoSwitch ts;
    // Phase k: t_i -> r_((i+k) mod 5) (report §3); phases 3 and 4 hold two congesting pairs each.
    Schedule s;
    for (int k = 0; k < 5; ++k) {
        s.frames.emplace_back();
        for (int i = 1; i <= 5; ++i) s.frames.back().push_back(ts.index(i, (i - 1 + k) % 5 + 1));
    }
    SimResult r = run_frames(ts.w, s, SimOptions{});
    ASSERT_EQ(r.status, RunStatus::Done);
    EXPECT_DOUBLE_EQ(r.makespan, 7 * ts.frame_time());
    EXPECT_NEAR(r.ratio, 6.0 / 7.0, 1e-12);
    EXPECT_EQ(r.blocked_messages, 4);
}

TEST(Wormhole, RoundRobinQueuesStartWithTheReceiverInFront) {
    TwoSwitch ts;
    auto q = sender_queues(ts.w, Method::RoundRobin);
    ASSERT_EQ(q.size(), 5U);
    for (int i = 1; i <= 5; ++i) {
        ASSERT_EQ(q[static_cast<std::size_t>(i - 1)].size(), 5U);
        for (int k = 0; k < 5; ++k)
            EXPECT_EQ(q[static_cast<std::size_t>(i - 1)][static_cast<std::size_t>(k)], ts.index(i, (i - 1 + k) % 5 + 1));
    }
    SimResult r = run_queues(ts.w, q, SimOptions{});
    ASSERT_EQ(r.status, RunStatus::Done);
    // Without barriers a sender moves on as soon as its own message is through; the
    // run can never beat the bottleneck bound and never takes longer than 7 frames here.
    EXPECT_GE(r.makespan, 6 * ts.frame_time() - 1e-12);
    EXPECT_LE(r.makespan, 7 * ts.frame_time() + 1e-12);
}

TEST(Wormhole, RandomQueuesDependOnlyOnTheSeed) {
    TwoSwitch ts;
    auto a = sender_queues(ts.w, Method::Random, 7);
    auto b = sender_queues(ts.w, Method::Random, 7);
    auto c = sender_queues(ts.w, Method::Random, 8);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    EXPECT_EQ(run_queues(ts.w, a, SimOptions{}).makespan, run_queues(ts.w, b, SimOptions{}).makespan);
    auto fifo = sender_queues(ts.w, Method::Fifo);
    EXPECT_EQ(fifo[0], (std::vector<int>{0, 1, 2, 3, 4}));
}

TEST(Wormhole, CyclicWaitIsReportedNotHung) {
    // Four messages around a ring of links 4..7, each entering on its own link 0..3 and
    // needing two ring links: every one holds its first ring link and waits for the next.
    std::vector<std::vector<int>> paths;
    for (int i = 0; i < 4; ++i) paths.push_back({i, 4 + i, 4 + (i + 1) % 4});
    Traffic t = line_traffic(8, paths, 100);
    Workload w = make_workload(t, uniform_rates(8, 100));
    SimResult r = run_frames(w, one_frame(4), SimOptions{});
    EXPECT_EQ(r.status, RunStatus::Deadlock);
    EXPECT_NE(r.diagnostic.find("x0 waits for l5 held by x1"), std::string::npos) << r.diagnostic;
    EXPECT_NE(r.diagnostic.find("x3 waits for l4 held by x0"), std::string::npos) << r.diagnostic;
    EXPECT_EQ(r.throughput, 0.0);
}

TEST(Wormhole, BadInputIsAnInputError) {
    Traffic t = line_traffic(2, {{0}, {1}}, 10);
    Workload w = make_workload(t, uniform_rates(2, 10));
    Schedule dup;
    dup.frames = {{0, 0}, {1}};
    EXPECT_THROW(run_frames(w, dup, SimOptions{}), InputError);
    Schedule missing;
    missing.frames = {{0}};
    EXPECT_THROW(run_frames(w, missing, SimOptions{}), InputError);
    EXPECT_THROW(sender_queues(w, Method::RoundRobin), InputError);  // no hosts
    EXPECT_THROW(make_workload(t, uniform_rates(2, 0)), InputError);
    EXPECT_THROW(parse_sending_order("zigzag"), InputError);
}

}  // namespace
}  // namespace liquid::sim
