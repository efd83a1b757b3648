// All-to-all broadcast (thesis ch. 6): messages per node, configuration changes, times.
#include <gtest/gtest.h>

#include "liquid/base/error.hpp"
#include "liquid/optical/broadcast/allgather.hpp"
#include "optical/broadcast/allgather_programs.hpp"
#include "support/sanitized.hpp"

using namespace liquid::optical;

namespace {

const int kMaxN = liquid::test::sanitized_build() ? 128 : 256;

ModelParams allgather_model(int n, Time tc, int m = 3) {
    ModelParams p;
    p.nodes = n;
    p.tc = tc;
    p.multicast = m;
    return p;
}

}  // namespace

TEST(OpticalAllgather, RingUsesOneChangeAndNMinusOneMessagesPerNode) {
    for (int n = 8; n <= kMaxN; n *= 2) {
        ModelParams p = allgather_model(n, 10'000'000'000);
        auto r = run_allgather(AllgatherAlgorithm::Ring, p);
        EXPECT_TRUE(r.ok());
        EXPECT_EQ(r.configuration_changes, 1);
        for (int sent : r.messages_sent) EXPECT_EQ(sent, n - 1);
        // Hand form: Tc + (N-1) S*Tf + 2 S*Td (the thesis prints 2Td + (N-1) S*Tf).
        const Time S = p.message_bytes, Td = p.tb - p.tf;
        EXPECT_EQ(r.completion, p.tc + (n - 1) * S * p.tf + 2 * S * Td);
        EXPECT_EQ(r.duplicate_receptions, 0);
    }
}

TEST(OpticalAllgather, HypercubeUsesLogNChangesAndNMinusOneMessages) {
    for (int n = 8; n <= kMaxN; n *= 2) {
        ModelParams p = allgather_model(n, 1'000'000'000);
        auto r = run_allgather(AllgatherAlgorithm::Hypercube, p);
        int log_n = 0;
        while ((1 << log_n) < n) ++log_n;
        EXPECT_TRUE(r.ok());
        EXPECT_EQ(r.configuration_changes, log_n);
        for (int sent : r.messages_sent) EXPECT_EQ(sent, n - 1);
        EXPECT_EQ(r.completion, log_n * p.tc + (n - 1) * p.message_bytes * p.tb);
        EXPECT_EQ(r.max_fan_in, 1);  // every stage is a permutation
    }
}

TEST(OpticalAllgather, TreeUsesTwoChangesAndNoCollisions) {
    for (int m : {2, 3, 4})
        for (int n = 8; n <= kMaxN; n *= 2) {
            ModelParams p = allgather_model(n, 10'000'000'000, m);
            auto r = run_allgather(AllgatherAlgorithm::Tree, p);
            SCOPED_TRACE("M=" + std::to_string(m) + " N=" + std::to_string(n));
            EXPECT_TRUE(r.ok());
            EXPECT_EQ(r.configuration_changes, 2);
            EXPECT_EQ(r.messages_sent[0], n);  // the root sends everything once
            EXPECT_GE(r.completion, tree_lower_bound(p));
        }
}

TEST(OpticalAllgather, RingIsFastestAndMessageOptimalUpToM) {
    for (int n = 8; n <= kMaxN; n *= 2) {
        ModelParams p = allgather_model(n, 10'000'000'000);
        auto ring = run_allgather(AllgatherAlgorithm::Ring, p);
        auto cube = run_allgather(AllgatherAlgorithm::Hypercube, p);
        auto tree = run_allgather(AllgatherAlgorithm::Tree, p);
        EXPECT_LT(ring.completion, cube.completion);
        EXPECT_LT(ring.completion, tree.completion);
        EXPECT_LE(ring.configuration_changes, tree.configuration_changes);
        // §6.3.2: no node can do with fewer than ceil((N-1)/M) sends on average.
        for (const auto* r : {&ring, &cube, &tree})
            EXPECT_GE(r->mean_messages_per_node(), allgather_messages_lower_bound(p) - 1e-9);
    }
}

TEST(OpticalAllgather, HypercubeNeedsPowerOfTwo) {
    ModelParams p = allgather_model(12, 1'000'000'000);
    EXPECT_THROW(build_allgather(AllgatherAlgorithm::Hypercube, p), liquid::InputError);
    EXPECT_TRUE(run_allgather(AllgatherAlgorithm::Ring, p).ok());  // the ring takes any N
    EXPECT_TRUE(run_allgather(AllgatherAlgorithm::Tree, p).ok());
}
