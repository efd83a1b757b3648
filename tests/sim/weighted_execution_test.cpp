// Weighted schedules on the wormhole model: pieces as messages, frames kept apart, so a
// verified weighted schedule delivers in its planned time (frame overheads as barriers).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "liquid/base/error.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/sched/weighted.hpp"
#include "liquid/sim/execution.hpp"
#include "liquid/sim/frame_executor.hpp"
#include "liquid/traffic/byte_load.hpp"
#include "liquid/traffic/demand_matrix.hpp"

namespace liquid::sim {
namespace {

// A skewed demand: most pairs small, a few large, some empty (seeded).
Traffic skewed_demand(const Network& net, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    const std::vector<int> hosts = net.hosts();
    std::vector<std::vector<std::int64_t>> bytes(hosts.size(), std::vector<std::int64_t>(hosts.size(), 0));
    for (std::size_t i = 0; i < hosts.size(); ++i)
        for (std::size_t j = 0; j < hosts.size(); ++j) {
            if (i == j || rng() % 4 == 0) continue;
            bytes[i][j] = rng() % 8 == 0 ? 1000000 + static_cast<std::int64_t>(rng() % 3000000)
                                         : 1000 + static_cast<std::int64_t>(rng() % 60000);
        }
    return traffic_from_bytes(net, hosts, bytes);
}

TEST(WeightedExecution, PiecesOfAFrameAreMessagesOfTheirBytesOverTheirTransfersRoute) {
    const Network net = make_fat_tree(2, 3);
    const Traffic t = skewed_demand(net, 3);
    const Workload w = make_workload(t, network_rates(net));
    WeightedSchedule s;
    s.frames.push_back({{{0, 100}, {1, 7}}, 0});
    Schedule frames;
    const Workload pieces = piece_workload(w, s, frames);
    ASSERT_EQ(pieces.message_count(), 2);
    EXPECT_EQ(frames.frames, (std::vector<std::vector<int>>{{0, 1}}));
    EXPECT_EQ(pieces.messages[0].size, 100);
    EXPECT_EQ(pieces.messages[0].hops, w.messages[0].hops);
    EXPECT_EQ(std::vector<int>(pieces.path(1), pieces.path(1) + pieces.messages[1].hops),
              std::vector<int>(w.path(1), w.path(1) + w.messages[1].hops));
    EXPECT_DOUBLE_EQ(pieces.messages[1].stream_time, w.messages[1].stream_time * 7 / w.messages[1].size);
}

// Frames that do not congest run in their planned time: the sum of the frames' durations,
// plus one barrier between frames (the plan counts one overhead per frame).
TEST(WeightedExecution, AVerifiedScheduleDeliversInItsPlannedTime) {
    for (const Network& net : {make_crossbar(6), make_fat_tree(2, 3), make_torus({3, 3}, true)})
        for (std::uint64_t seed : {1, 2}) {
            const Traffic t = skewed_demand(net, seed);
            const Workload w = make_workload(t, network_rates(net));
            ExecutionSpec spec;
            spec.weighted = WeightedOptions{};
            spec.weighted->frame_overhead_s = 1e-5;
            spec.weighted->time_limit_s = 5;
            spec.sim.barrier_s = 1e-5;
            const Execution e = execute(t, w, spec);
            EXPECT_TRUE(e.weighted);
            EXPECT_EQ(e.result.frames, e.schedule_length);
            EXPECT_NEAR(e.result.makespan, e.planned_s - 1e-5, 1e-9 * e.planned_s) << net.name() << " seed " << seed;
            EXPECT_DOUBLE_EQ(e.bound_s, byte_load(t, w.link_rate).bound_s);
            EXPECT_GE(e.result.makespan + 1e-12, e.bound_s);
            EXPECT_DOUBLE_EQ(e.result.total_bytes, w.total_bytes);
        }
}

TEST(WeightedExecution, ASavedScheduleThatLosesBytesIsRejected) {
    const Network net = make_crossbar(4);
    const Traffic t = skewed_demand(net, 5);
    const Workload w = make_workload(t, network_rates(net));
    WeightedSchedule s;
    s.frames.push_back({{{0, 1}}, 0});
    ExecutionSpec spec;
    spec.weighted = WeightedOptions{};
    spec.saved_weighted = &s;
    spec.saved_name = "saved.json";
    EXPECT_THROW(execute(t, w, spec), InputError);
}

}  // namespace
}  // namespace liquid::sim
