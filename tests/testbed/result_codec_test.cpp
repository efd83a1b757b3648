// Shards and the result codec: what liquid-mpi relies on to merge per-rank results into
// the single-process output.
#include <gtest/gtest.h>

#include "liquid/base/error.hpp"
#include "liquid/net/swiss_t1_network.hpp"
#include "liquid/testbed/result_codec.hpp"
#include "testbed/testbed_support.hpp"

namespace liquid::testbed {
namespace {

using test::t1;

/// A representative with its allocation count and multi-switch flag set (fields the codec carries).
Representative rep_with_counts(const std::string& label) {
    Representative r = test::rep_of(label);
    r.allocations = 7;
    r.multi_switch_value = true;
    return r;
}

TEST(Shard, SplitsItemsRoundRobinAndCoversEachOnce) {
    std::vector<int> owners(10, 0);
    for (int s = 0; s < 3; ++s)
        for (std::size_t i : Shard{s, 3}.items(10)) ++owners[i];
    EXPECT_EQ(owners, std::vector<int>(10, 1));
    EXPECT_EQ(Shard({1, 3}).items(7), (std::vector<std::size_t>{1, 4}));
    EXPECT_EQ(Shard{}.items(3).size(), 3U);
}

TEST(ResultCodec, RepresentativeResultRoundTripsBitForBit) {
    ExperimentOptions o;
    o.max_categories = 5000;
    const RepresentativeResult r = run_representative(t1(), rep_with_counts("21100000"), o);
    const RepresentativeResult back = decode_result(encode_result(r));
    EXPECT_EQ(encode_result(back), encode_result(r));
    EXPECT_EQ(back.representative.allocation, r.representative.allocation);
    EXPECT_EQ(back.exact.schedule.frames, r.exact.schedule.frames);
    EXPECT_EQ(back.exact.elapsed_ms, r.exact.elapsed_ms);
    EXPECT_EQ(back.search_space[3].categories, r.search_space[3].categories);
    EXPECT_EQ(back.representative.liquid_ratio, r.representative.liquid_ratio);
}

TEST(ResultCodec, TestbedRowRoundTripsBitForBit) {
    TestbedTableOptions o;
    o.random_runs = 1;
    o.threads = 1;
    const TestbedRow r = simulate_testbed(t1(), {rep_with_counts("11000000")}, o).at(0);
    const TestbedRow back = decode_row(encode_row(r));
    EXPECT_EQ(testbed_csv({back}), testbed_csv({r}));
    EXPECT_EQ(back.liquid.throughput, r.liquid.throughput);
    EXPECT_EQ(back.random.status, r.random.status);
}

TEST(ResultCodec, ShardedRunsLeaveOtherSlotsEmpty) {
    TestbedTableOptions o;
    o.random_runs = 1;
    o.threads = 1;
    o.shard = {1, 2};
    const auto rows = simulate_testbed(t1(), {rep_with_counts("11000000"), rep_with_counts("10100000")}, o);
    EXPECT_EQ(rows[0].rep.transfers, 0);
    EXPECT_EQ(rows[1].rep.transfers, 4);
}

TEST(ResultCodec, MalformedBytesAreAnInputError) {
    EXPECT_THROW(decode_result("not cbor"), InputError);
    EXPECT_THROW(decode_row(encode_result(RepresentativeResult{})), InputError);
}

}  // namespace
}  // namespace liquid::testbed
