// Weighted plans of MPI_Alltoallv count matrices, built without MPI: every byte of every
// pair delivered once and in order, each rank's part consistent with its peers', the
// verifier's refusals, and the uniform plan's time with real sizes.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>
#include <tuple>

#include "liquid/base/error.hpp"
#include "liquid/net/generators.hpp"
#include "liquid/plan/weighted_plan.hpp"
#include "solve_options.hpp"

namespace liquid::plan {
namespace {

using test::fast;

Network two_switch() {
    Network net("two-switch-3+3");
    const int a = net.add_switch("sa"), b = net.add_switch("sb");
    for (int i = 0; i < 6; ++i) net.add_cable(net.add_host("n" + std::to_string(i)), i < 3 ? a : b);
    net.add_cable(a, b);
    return net;
}

// Rank r on host r mod hosts.
std::vector<int> ranks_on_hosts(const Network& net, int ranks) {
    std::vector<int> out;
    for (int r = 0; r < ranks; ++r) out.push_back(net.hosts()[r % net.hosts().size()]);
    return out;
}

// The skewed count matrices of MPI_Alltoallv in practice, in bytes.
enum class Skew { Zipf, HalfEmpty, HotReceiver };

std::vector<std::int64_t> matrix(Skew skew, int k, std::uint64_t seed) {
    std::mt19937_64 gen(seed);
    std::vector<std::int64_t> m(static_cast<std::size_t>(k) * k, 0);
    for (int s = 0; s < k; ++s)
        for (int d = 0; d < k; ++d) {
            std::int64_t& b = m[static_cast<std::size_t>(s) * k + d];
            const std::int64_t base = 1000 + static_cast<std::int64_t>(gen() % 5000);
            switch (skew) {
                case Skew::Zipf: b = static_cast<std::int64_t>(64000.0 / (1 + (d + s) % k)) + base % 7; break;
                case Skew::HalfEmpty: b = gen() % 2 ? base * 10 : 0; break;
                case Skew::HotReceiver: b = d == 1 ? 200000 + base : base; break;
            }
        }
    return m;
}

struct Case {
    Network net;
    std::vector<int> hosts;
    RankTraffic rt;
    PlanResult uniform;
};

Case make_case(Network net, int ranks) {
    Case c{std::move(net), {}, {}, {}};
    c.hosts = ranks_on_hosts(c.net, ranks);
    c.rt = rank_traffic(c.net, c.hosts);
    c.uniform = build_plan(c.net, c.hosts, fast());
    return c;
}

WeightedPlanOptions options(double overhead = 1e-4) {
    WeightedPlanOptions o;
    o.time_limit_s = 2;
    o.frame_overhead_s = overhead;
    o.min_piece = 512;
    return o;
}

// From the ranks' parts alone: the sender's and the receiver's ranges of each pair in each
// frame are the same, in the same order, and together are [0, bytes).
void expect_rank_parts_agree(const WeightedPlan& wp, const std::vector<std::int64_t>& bytes) {
    const std::vector<WeightedRankPlan> parts = weighted_rank_plans(wp);
    const int k = wp.plan.ranks;
    ASSERT_EQ(parts.size(), static_cast<std::size_t>(k));
    using Key = std::tuple<std::size_t, int, int>;  // frame, src, dst
    std::map<Key, std::vector<ByteRange>> sent, received;
    for (int r = 0; r < k; ++r) {
        const WeightedRankPlan& part = parts[r];
        EXPECT_EQ(part.plan.rank, r);
        ASSERT_EQ(part.plan.frames.size(), wp.plan.frames.size());
        for (std::size_t f = 0; f < part.plan.frames.size(); ++f) {
            ASSERT_EQ(part.sends[f].size(), part.plan.frames[f].send_to.size());
            ASSERT_EQ(part.recvs[f].size(), part.plan.frames[f].recv_from.size());
            for (std::size_t i = 0; i < part.sends[f].size(); ++i)
                sent[{f, r, part.plan.frames[f].send_to[i]}].push_back(part.sends[f][i]);
            for (std::size_t i = 0; i < part.recvs[f].size(); ++i)
                received[{f, part.plan.frames[f].recv_from[i], r}].push_back(part.recvs[f][i]);
        }
    }
    EXPECT_EQ(sent, received);
    std::vector<std::int64_t> next(bytes.size(), 0);
    for (const auto& [key, ranges] : sent)  // map order: frame by frame
        for (const ByteRange& range : ranges) {
            const std::size_t at = static_cast<std::size_t>(std::get<1>(key)) * k + std::get<2>(key);
            EXPECT_EQ(range.offset, next[at]);
            EXPECT_GT(range.bytes, 0);
            next[at] += range.bytes;
        }
    for (int s = 0; s < k; ++s)
        for (int d = 0; d < k; ++d)
            if (s != d) {
                EXPECT_EQ(next[static_cast<std::size_t>(s) * k + d], bytes[static_cast<std::size_t>(s) * k + d]);
            }
}

class WeightedPlanSkew : public ::testing::TestWithParam<std::tuple<Skew, int>> {};

TEST_P(WeightedPlanSkew, DeliversEveryByteOnceAndNeverWorseThanTheBound) {
    const auto [skew, ranks] = GetParam();
    const Case c = make_case(two_switch(), ranks);
    const std::vector<std::int64_t> bytes = matrix(skew, ranks, 7 + ranks);
    const WeightedPlan wp = plan_weighted(c.net, c.rt, c.uniform.plan, bytes, options());
    EXPECT_EQ(verify_weighted_plan(wp, bytes), "");
    expect_rank_parts_agree(wp, bytes);
    // No schedule beats T* plus one overhead per frame Λ needs.
    EXPECT_GE(wp.time_s, wp.bound_s + 1e-4 * wp.plan.duration - 1e-12);
    EXPECT_GT(wp.uniform_time_s, 0);
    EXPECT_GE(wp.uniform_time_s, wp.bound_s);
}

INSTANTIATE_TEST_SUITE_P(Matrices, WeightedPlanSkew,
                         ::testing::Combine(::testing::Values(Skew::Zipf, Skew::HalfEmpty, Skew::HotReceiver),
                                            ::testing::Values(6, 12)));

TEST(WeightedPlan, AHotReceiverIsPlannedFasterThanTheUniformPlan) {
    // Six ranks on the two-switch network; rank 1 receives 50 times more than the others:
    // the uniform plan's frames all last as long as their message to rank 1, the weighted
    // plan packs the small messages beside the large ones.
    const Case c = make_case(two_switch(), 6);
    std::vector<std::int64_t> bytes(36, 20000);
    for (int s = 0; s < 6; ++s) bytes[static_cast<std::size_t>(s) * 6 + 1] = 1000000;
    const WeightedPlan wp = plan_weighted(c.net, c.rt, c.uniform.plan, bytes, options(0));
    EXPECT_EQ(verify_weighted_plan(wp, bytes), "");
    EXPECT_LT(wp.time_s, wp.uniform_time_s);
    // The host link into n1 carries 5 × 1 MB: T* = 5e6 / 1.25e8 s.
    EXPECT_NEAR(wp.bound_s, 5e6 / 1.25e8, 1e-12);
}

TEST(WeightedPlan, SameHostPairsStayWholeAndOnlyPairsWithBytesAppear) {
    // 8 ranks on 4 crossbar hosts: ranks r and r + 4 share a host.
    const Case c = make_case(make_crossbar(4), 8);
    std::vector<std::int64_t> bytes(64, 0);
    bytes[0 * 8 + 4] = 3000;   // same host
    bytes[1 * 8 + 2] = 70000;  // across the network
    bytes[6 * 8 + 2] = 10;
    const WeightedPlan wp = plan_weighted(c.net, c.rt, c.uniform.plan, bytes, options());
    EXPECT_EQ(verify_weighted_plan(wp, bytes), "");
    int pairs = 0;
    for (std::size_t f = 0; f < wp.plan.frames.size(); ++f)
        for (std::size_t i = 0; i < wp.plan.frames[f].size(); ++i) {
            ++pairs;
            const RankPair& p = wp.plan.frames[f][i];
            EXPECT_GT(bytes[static_cast<std::size_t>(p.src) * 8 + p.dst], 0);
            if (p.src == 0 && p.dst == 4) {
                EXPECT_TRUE(wp.plan.links[f][i].empty());
                EXPECT_EQ(wp.ranges[f][i], (ByteRange{0, 3000}));
            }
        }
    EXPECT_GE(pairs, 3);
    expect_rank_parts_agree(wp, bytes);
}

TEST(WeightedPlan, NothingToSendIsNoFrame) {
    const Case c = make_case(make_crossbar(3), 3);
    const std::vector<std::int64_t> bytes(9, 0);
    const WeightedPlan wp = plan_weighted(c.net, c.rt, c.uniform.plan, bytes, options());
    EXPECT_EQ(wp.plan.length(), 0);
    EXPECT_EQ(wp.time_s, 0);
    EXPECT_EQ(verify_weighted_plan(wp, bytes), "");
}

TEST(WeightedPlan, EqualBlocksTakeTheUniformPlansTime) {
    // Equal blocks B on a crossbar, one rank per host: L frames of B / rate plus overhead.
    const Case c = make_case(make_crossbar(5), 5);
    const std::vector<std::int64_t> bytes(25, 250000);
    const double frame = 250000 / 1.25e8 + 1e-3;
    EXPECT_NEAR(uniform_plan_time(c.net, c.uniform.plan, bytes, 1e-3), c.uniform.plan.length() * frame, 1e-12);
    const WeightedPlan wp = plan_weighted(c.net, c.rt, c.uniform.plan, bytes, options(1e-3));
    EXPECT_NEAR(wp.time_s, 4 * frame, 1e-9);  // Λ = 4 frames, liquid
    EXPECT_TRUE(wp.optimal);
}

TEST(WeightedPlan, TheVerifierNamesWhatIsWrong) {
    const Case c = make_case(two_switch(), 6);
    const std::vector<std::int64_t> bytes = matrix(Skew::Zipf, 6, 3);
    const WeightedPlan good = plan_weighted(c.net, c.rt, c.uniform.plan, bytes, options());
    ASSERT_EQ(verify_weighted_plan(good, bytes), "");
    WeightedPlan shifted = good;
    shifted.ranges[0][0].offset += 1;
    EXPECT_NE(verify_weighted_plan(shifted, bytes).find("not where its previous piece ended"), std::string::npos);
    WeightedPlan short_by_one = good;
    short_by_one.ranges.back().back().bytes -= 1;
    EXPECT_NE(verify_weighted_plan(short_by_one, bytes).find("bytes"), std::string::npos);
    WeightedPlan crossing = good;
    ASSERT_GE(crossing.plan.frames[0].size(), 1u);
    crossing.plan.frames[0].push_back(crossing.plan.frames[0][0]);
    crossing.plan.links[0].push_back(crossing.plan.links[0][0]);
    crossing.ranges[0].push_back({crossing.ranges[0][0].offset + crossing.ranges[0][0].bytes, 1});
    EXPECT_FALSE(verify_weighted_plan(crossing, bytes).empty());
    EXPECT_NE(verify_weighted_plan(good, std::vector<std::int64_t>(35, 1)), "");
}

TEST(WeightedPlan, AMatrixOfTheWrongShapeIsRefused) {
    const Case c = make_case(make_crossbar(3), 3);
    EXPECT_THROW(plan_weighted(c.net, c.rt, c.uniform.plan, std::vector<std::int64_t>(8, 1), options()), InputError);
}

}  // namespace
}  // namespace liquid::plan
