// The executor on small hand-made programs: hand-computed times, and deliberately wrong
// action lists that must be caught (collision, send on a link being reconfigured, ...).
#include <gtest/gtest.h>

#include <algorithm>

#include "liquid/base/error.hpp"
#include "liquid/optical/broadcast/broadcast.hpp"
#include "optical/broadcast/broadcast_programs.hpp"
#include "optical/broadcast/executor.hpp"

using namespace liquid::optical;

namespace {

ModelParams params(int n) {
    ModelParams p;  // Tc 10 ms, S 1000 B, Tb 11 us/B, Tf 1 us/B
    p.nodes = n;
    return p;
}

bool has(const ExecutionReport& r, ViolationKind k) {
    return std::any_of(r.violations.begin(), r.violations.end(), [k](const Violation& v) { return v.kind == k; });
}

Program ring_program(int n, int ttl) {
    Program prog("ring", n);
    prog.originator = {0};
    for (int i = 0; i < n; ++i) prog.add(i, set_configuration({(i + 1) % n}));
    prog.add(0, send_message(0, ttl));
    return prog;
}

}  // namespace

TEST(OpticalExecutor, HostToHostSendCostsTcPlusSTb) {
    auto p = params(2);
    Program prog("one", 2);
    prog.originator = {0};
    prog.add(0, set_configuration({1}));
    prog.add(0, send_message(0, 0));
    auto r = execute(p, prog);
    EXPECT_TRUE(r.ok());
    EXPECT_EQ(r.completion, 10'000'000'000LL + 1000LL * 11'000'000LL);  // 10 ms + 1000 B * 11 us
    EXPECT_EQ(r.configuration_changes, 1);
    EXPECT_EQ(r.messages_sent[0], 1);
}

TEST(OpticalExecutor, ForwardedChainHandCalculation) {
    // N = 5 ring: 10 ms set, 11 ms host send, 3 forwards of 1 ms, 10 ms into the last host.
    auto r = execute(params(5), ring_program(5, 3));
    EXPECT_TRUE(r.ok());
    EXPECT_EQ(r.completion, 34'000'000'000);
    EXPECT_EQ(r.transmissions, 4);
    EXPECT_EQ(r.duplicate_receptions, 0);
}

TEST(OpticalExecutor, TtlTooLargeWrapsAroundTheRing) {
    auto r = execute(params(5), ring_program(5, 5));  // reaches 0 and 1 again
    EXPECT_EQ(r.duplicate_receptions, 2);
    EXPECT_EQ(r.transmissions, 6);
}

TEST(OpticalExecutor, OverlappingSetsAreOneGlobalChange) {
    auto r = execute(params(8), ring_program(8, 6));
    EXPECT_EQ(r.local_configuration_sets, 8);
    EXPECT_EQ(r.configuration_changes, 1);
}

TEST(OpticalExecutor, SimultaneousInstantChangesAreOneChange) {
    auto p = params(8);
    p.tc = 0;
    auto r = execute(p, ring_program(8, 6));
    EXPECT_EQ(r.configuration_changes, 1);
    EXPECT_TRUE(r.ok());
}

TEST(OpticalExecutor, SequentialSetsAreSeparateChanges) {
    auto p = params(4);
    auto r = execute(p, build_broadcast(BroadcastAlgorithm::NaiveConfiguration, p));
    EXPECT_EQ(r.configuration_changes, 3);
}

TEST(OpticalExecutor, WrongListCollisionDestroysBothMessages) {
    // Nodes 0 and 1 both send to node 2 at the same time (bus rule: no permutation check).
    auto p = params(3);
    Program prog("wrong", 3);
    prog.originator = {0, 1};
    prog.all_to_all = true;
    prog.rule = ConfigurationRule::Bus;
    for (int v : {0, 1}) {
        prog.add(v, set_configuration({2}));
        prog.add(v, send_message(v, 0));
    }
    auto r = execute(p, prog);
    EXPECT_EQ(r.collisions, 1);
    EXPECT_TRUE(has(r, ViolationKind::Collision));
    EXPECT_TRUE(has(r, ViolationKind::MissingDelivery));  // node 2 got neither
    EXPECT_FALSE(has(r, ViolationKind::NotPermutation));
}

TEST(OpticalExecutor, PermutationRuleFlagsTwoSendersToOneReceiver) {
    auto p = params(3);
    Program prog("wrong", 3);
    prog.originator = {0};
    prog.add(0, set_configuration({2}));
    prog.add(1, set_configuration({2}));
    auto r = execute(p, prog);
    EXPECT_TRUE(has(r, ViolationKind::NotPermutation));
    EXPECT_EQ(r.max_fan_in, 2);
}

TEST(OpticalExecutor, WrongSmartTreeTargetCollides) {
    // Algorithm 4 with one wrong target: in stage 1 node 1 sends to 3 (like node 0) instead of 2.
    auto p = params(8);
    Program prog = build_broadcast(BroadcastAlgorithm::SmartTree, p);
    for (auto& a : prog.actions[1])
        if (a.kind == ActionKind::SetConfiguration && a.stage == 1) a.targets = {3};
    auto r = execute(p, prog);
    EXPECT_TRUE(has(r, ViolationKind::Collision));
    EXPECT_TRUE(has(r, ViolationKind::NotPermutation));
    EXPECT_FALSE(r.ok());
}

TEST(OpticalExecutor, WrongListSendOnLinkBeingReconfigured) {
    // Ring N = 4; node 2 re-requests its configuration just before the chain reaches it, so
    // its FU forwards on a link that is being changed: the message to node 3 is lost.
    auto p = params(4);
    Program prog = ring_program(4, 2);
    Action again = set_configuration({3});
    again.not_before = p.tc + p.send_time();  // node 2 receives at Tc + S*Tb + S*Tf
    prog.add(2, again);
    auto r = execute(p, prog);
    EXPECT_TRUE(has(r, ViolationKind::SendWhileReconfiguring));
    EXPECT_TRUE(has(r, ViolationKind::MissingDelivery));
}

TEST(OpticalExecutor, WrongListReconfigureWhileSending) {
    // Node 1 changes its link in the middle of its FU's forward to node 2.
    auto p = params(4);
    Program prog = ring_program(4, 2);
    Action mid = set_configuration({2});
    mid.not_before = p.tc + p.send_time() + p.forward_time() / 2;
    prog.add(1, mid);
    auto r = execute(p, prog);
    EXPECT_TRUE(has(r, ViolationKind::ReconfigureWhileSending));
    EXPECT_TRUE(has(r, ViolationKind::MissingDelivery));  // the forward was destroyed
}

TEST(OpticalExecutor, WrongListSendBeforeConfigurationSettles) {
    // The ring algorithm with the root's send not waiting for the global set.
    auto p = params(4);
    Program prog("wrong", 4);
    prog.originator = {0};
    for (int i = 1; i < 4; ++i) prog.add(i, set_configuration({(i + 1) % 4}));
    Action set0 = set_configuration({1});
    set0.not_before = 1;              // the root's own set starts 1 ps after its send
    prog.add(0, send_message(0, 2));  // on a dark link
    prog.add(0, set0);
    auto r = execute(p, prog);
    EXPECT_TRUE(has(r, ViolationKind::DarkLink));
    EXPECT_TRUE(has(r, ViolationKind::MissingDelivery));
}

TEST(OpticalExecutor, ForwardOfAnOverwrittenBufferIsCaught) {
    // Node 1 receives message 0 then message 2; its FU keeps only the last one (§3.5.1).
    auto p = params(3);
    Program prog("wrong", 3);
    prog.originator = {0, 2};
    prog.rule = ConfigurationRule::Bus;
    prog.add(0, set_configuration({1}));
    prog.add(0, send_message(0, 0));
    Action late = set_configuration({1});
    late.not_before = p.tc + p.send_time();
    prog.add(2, late);
    prog.add(2, send_message(1, 0));
    prog.add(1, set_configuration({0}));
    Action fwd = forward_message(0, 0);
    fwd.triggers = {host_has(1)};
    prog.add(1, fwd);
    auto r = execute(p, prog);
    EXPECT_TRUE(has(r, ViolationKind::FuLostMessage));
}

TEST(OpticalExecutor, TriggerThatNeverHoldsIsReported) {
    auto p = params(2);
    Program prog("wrong", 2);
    prog.originator = {0};
    Action wait = set_configuration({0});
    wait.triggers = {header_known(0)};
    prog.add(1, wait);  // node 1 never receives anything
    auto r = execute(p, prog);
    EXPECT_TRUE(has(r, ViolationKind::NeverRan));
}

TEST(OpticalExecutor, ExchangeSwapsTwoLinks) {
    // CEx(0,1) after 0->2, 1->3: now 0 -> 3 and 1 -> 2; node 0 sends to 3.
    auto p = params(4);
    Program prog("cex", 4);
    prog.originator = {0};
    prog.all_to_all = false;
    prog.add(0, set_configuration({2}));
    prog.add(1, set_configuration({3}));
    Action ex = exchange_with(1);
    prog.add(0, ex);
    prog.add(0, send_message(0, 0));
    auto r = execute(p, prog);
    EXPECT_EQ(r.local_configuration_sets, 3);
    // Only node 3 (and the originator) hold the message.
    EXPECT_EQ(r.violation_count, 2);  // nodes 1 and 2 miss it
    EXPECT_EQ(r.messages_sent[0], 1);
}

TEST(OpticalExecutor, MulticastLimitIsEnforced) {
    auto p = params(4);
    p.multicast = 2;
    Program prog("mc", 4);
    prog.originator = {0};
    prog.add(0, set_configuration({1, 2, 3}));
    auto r = execute(p, prog);
    EXPECT_TRUE(has(r, ViolationKind::MulticastTooLarge));
}

TEST(OpticalExecutor, MulticastDeliversToAllReceivers) {
    auto p = params(4);
    p.multicast = 3;
    Program prog("mc", 4);
    prog.originator = {0};
    prog.add(0, set_configuration({1, 2, 3}));
    prog.add(0, send_message(0, 0));
    auto r = execute(p, prog);
    EXPECT_TRUE(r.ok());
    EXPECT_EQ(r.completion, p.tc + p.send_time());
    EXPECT_EQ(r.transmissions, 1);
}

TEST(OpticalExecutor, MalformedProgramIsAnInputError) {
    auto p = params(2);
    Program prog("bad", 2);
    prog.originator = {0};
    prog.add(0, set_configuration({5}));
    EXPECT_THROW(execute(p, prog), liquid::InputError);
    Program wrong_size("bad", 3);
    wrong_size.originator = {0};
    EXPECT_THROW(execute(p, wrong_size), liquid::InputError);
}

TEST(OpticalModel, ParseDurations) {
    EXPECT_EQ(parse_duration("10ms", "x"), 10'000'000'000);
    EXPECT_EQ(parse_duration("1.5us", "x"), 1'500'000);
    EXPECT_EQ(parse_duration("2", "x"), 2'000'000);
    EXPECT_EQ(parse_duration("200ns", "x"), 200'000);
    EXPECT_EQ(parse_duration("0", "x"), 0);
    EXPECT_THROW(parse_duration("abc", "x"), liquid::InputError);
    EXPECT_THROW(parse_duration("5 parsecs", "x"), liquid::InputError);
    EXPECT_THROW(parse_duration("-1ms", "x"), liquid::InputError);
}

TEST(OpticalModel, ValidateRejectsImpossibleParameters) {
    ModelParams p;
    p.tb = p.tf - 1;
    EXPECT_THROW(validate(p), liquid::InputError);
    p = ModelParams{};
    p.nodes = 1;
    EXPECT_THROW(validate(p), liquid::InputError);
    p = ModelParams{};
    p.multicast = 9;
    EXPECT_THROW(validate(p), liquid::InputError);
    EXPECT_NO_THROW(validate(ModelParams{}));
}

TEST(OpticalModel, ConfigurationSetAndExchange) {
    Configuration c(4);
    c.set(0, {1});
    c.set(1, {2});
    EXPECT_TRUE(c.is_permutation());
    c.exchange(0, 1);
    EXPECT_EQ(c.receivers[0], std::vector<int>{2});
    EXPECT_EQ(c.receivers[1], std::vector<int>{1});
    c.set(2, {1});
    EXPECT_FALSE(c.is_permutation());
    EXPECT_EQ(c.max_fan_in(), 2);
}
