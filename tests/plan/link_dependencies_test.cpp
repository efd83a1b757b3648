// Sync::Links dependencies and the frame-ordering post-pass, without MPI.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "liquid/net/generators.hpp"
#include "liquid/plan/frame_order.hpp"
#include "liquid/plan/link_dependencies.hpp"
#include "liquid/plan/plan.hpp"

namespace liquid::plan {
namespace {

Plan routed(int ranks, std::vector<std::vector<std::pair<RankPair, std::vector<int>>>> frames) {
    Plan p;
    p.ranks = ranks;
    for (auto& frame : frames) {
        p.frames.emplace_back();
        p.links.emplace_back();
        for (auto& [pair, links] : frame) {
            p.frames.back().push_back(pair);
            p.links.back().push_back(links);
        }
    }
    return p;
}

TEST(LinkDependencies, ThePreviousUserOfEachLinkSignalsTheSender) {
    // f0: 0→1 on links 0,1 and 2→3 on 2,3; f1: 0→3 on 0,3 and 2→1 on 2,1; f2: 1→0 on fresh links.
    const Plan p = routed(4, {{{{0, 1}, {0, 1}}, {{2, 3}, {2, 3}}}, {{{0, 3}, {0, 3}}, {{2, 1}, {2, 1}}}, {{{1, 0}, {4, 5}}}});
    const std::vector<LinkDependency> want{{0, 1, 1, 0}, {0, 1, 3, 0}, {2, 1, 1, 0}, {2, 1, 3, 0}};
    EXPECT_EQ(link_dependencies(p), want);
    const auto plans = rank_plans(p);
    EXPECT_EQ(plans[0].frames[1].wait_for, (std::vector<int>{1, 3}));
    EXPECT_EQ(plans[2].frames[1].wait_for, (std::vector<int>{1, 3}));
    EXPECT_EQ(plans[1].frames[0].signal, (std::vector<Token>{{0, 1}, {2, 1}}));
    EXPECT_EQ(plans[3].frames[0].signal, (std::vector<Token>{{0, 1}, {2, 1}}));
    EXPECT_TRUE(plans[1].frames[2].wait_for.empty());
    EXPECT_TRUE(plans[0].frames[0].wait_for.empty());
}

TEST(LinkDependencies, NoTokenToItselfAndOnlyTheLatestFramePerSignaller) {
    // 1→0 then 0→2 on link 0: the sender 0 received the previous message itself.
    EXPECT_TRUE(link_dependencies(routed(3, {{{{1, 0}, {0}}}, {{{0, 2}, {0}}}})).empty());
    // Rank 1 receives on link 0 in f0 and on link 1 in f1; 3→2 in f2 uses both: one token, after f1.
    const Plan p = routed(4, {{{{0, 1}, {0}}}, {{{2, 1}, {1}}}, {{{3, 2}, {0, 1}}}});
    EXPECT_EQ(link_dependencies(p), (std::vector<LinkDependency>{{3, 2, 1, 1}}));
}

TEST(LinkDependencies, WithoutRoutesTheEndpointsAreTheLinks) {
    Plan p;
    p.ranks = 4;
    p.hosts = {"a", "b", "c", "a"};  // ranks 0 and 3 share host a
    p.frames = {{{0, 1}}, {{3, 2}}, {{0, 3}}};
    // 3→2 leaves host a like 0→1 did: rank 1 signals rank 3. 0→3 stays on host a: no link.
    EXPECT_EQ(link_dependencies(p), (std::vector<LinkDependency>{{3, 1, 1, 0}}));
}

// Brute force over a real plan: every token is justified by a shared link, and every
// (sender, frame) waits for the receiver of the previous user of each of its links.
void expect_dependencies_of(const Plan& p) {
    const auto deps = link_dependencies(p);
    std::map<std::tuple<int, int, int>, int> after;
    for (const auto& d : deps) {
        EXPECT_LT(d.after, d.frame);
        EXPECT_NE(d.sender, d.signaller);
        EXPECT_TRUE(after.emplace(std::tuple(d.sender, d.frame, d.signaller), d.after).second) << "duplicate";
    }
    for (int f = 0; f < p.length(); ++f)
        for (std::size_t i = 0; i < p.frames[f].size(); ++i)
            for (int l : p.links[f][i]) {
                int g = f - 1;
                std::optional<RankPair> prev;
                for (; g >= 0 && !prev; --g)
                    for (std::size_t k = 0; k < p.frames[g].size(); ++k)
                        for (int m : p.links[g][k])
                            if (m == l) prev = p.frames[g][k];
                if (!prev || prev->dst == p.frames[f][i].src) continue;
                const auto it = after.find({p.frames[f][i].src, f, prev->dst});
                ASSERT_NE(it, after.end()) << "frame " << f << " link " << l;
                EXPECT_GE(it->second, g + 1);
            }
    const auto plans = rank_plans(p);
    std::size_t tokens = 0;
    for (int r = 0; r < p.ranks; ++r) {
        const RankPlan one = rank_plan(p, r);
        for (int f = 0; f < p.length(); ++f) {
            EXPECT_EQ(one.frames[f].send_to, plans[r].frames[f].send_to);
            EXPECT_EQ(one.frames[f].recv_from, plans[r].frames[f].recv_from);
            EXPECT_EQ(one.frames[f].wait_for, plans[r].frames[f].wait_for);
            EXPECT_EQ(one.frames[f].signal, plans[r].frames[f].signal);
            tokens += one.frames[f].signal.size();
        }
    }
    EXPECT_EQ(tokens, deps.size());
}

SolveOptions options(Method m) {
    SolveOptions o;
    o.method = m;
    o.time_limit_s = 5;
    return o;
}

TEST(LinkDependencies, AreThoseOfTheRoutesOnBuiltPlans) {
    for (const Network& net : {make_torus({3, 3}, true), make_fat_tree(2, 3), make_hypercube(3)}) {
        std::vector<int> hosts;
        for (int h : net.hosts()) hosts.insert(hosts.end(), {h, h});  // two ranks per host
        const Plan p = build_plan(net, hosts, options(Method::DSatur)).plan;
        ASSERT_EQ(p.links.size(), p.frames.size());
        expect_dependencies_of(p);
    }
}

// ---- frame ordering ----

TEST(FrameOrder, MovesOneDirectionWhereItsLinksAreFree) {
    Plan p = routed(3, {{{{0, 1}, {0, 1}}, {{1, 0}, {2, 3}}}, {{{2, 0}, {4, 3}}}});
    EXPECT_EQ(reverse_pairs_sharing_a_frame(p), 1);
    // 1→0 needs link 3, used in f1 by 2→0; 0→1 (links 0, 1) fits in f1.
    EXPECT_EQ(separate_reverse_pairs(p), 1);
    EXPECT_EQ(reverse_pairs_sharing_a_frame(p), 0);
    EXPECT_EQ(p.length(), 2);
    EXPECT_EQ(p.frames[0], (std::vector<RankPair>{{1, 0}}));
    EXPECT_EQ(p.frames[1], (std::vector<RankPair>{{2, 0}, {0, 1}}));
    EXPECT_EQ(p.links[1][1], (std::vector<int>{0, 1}));
}

TEST(FrameOrder, LeavesAPairThatFitsNowhereElse) {
    Plan p = routed(4, {{{{0, 1}, {0, 1}}, {{1, 0}, {2, 3}}}, {{{2, 3}, {0, 3}}, {{3, 2}, {2, 1}}}});
    const Plan before = p;
    EXPECT_EQ(separate_reverse_pairs(p), 0);
    EXPECT_EQ(p.frames, before.frames);
    EXPECT_EQ(reverse_pairs_sharing_a_frame(p), 2);
}

// After the pass, no remaining reversed pair could move to another frame.
void expect_maximal(const Plan& p) {
    for (int f = 0; f < p.length(); ++f)
        for (std::size_t i = 0; i < p.frames[f].size(); ++i) {
            const RankPair a = p.frames[f][i];
            if (p.links[f][i].empty()) continue;
            for (std::size_t j = 0; j < p.frames[f].size(); ++j) {
                if (!(p.frames[f][j] == RankPair{a.dst, a.src})) continue;
                for (int h = 0; h < p.length(); ++h) {
                    if (h == f) continue;
                    std::set<int> used;
                    for (const auto& links : p.links[h]) used.insert(links.begin(), links.end());
                    bool fits = true;
                    for (int l : p.links[f][i]) fits = fits && !used.count(l);
                    EXPECT_FALSE(fits) << a.src << "->" << a.dst << " fits frame " << h;
                }
            }
        }
}

TEST(FrameOrder, BuiltPlansKeepTheirLengthPairsAndSimultaneities) {
    for (const Network& net : {make_torus({3, 3}, true), make_torus({3, 3}, false), make_fat_tree(2, 3)}) {
        const auto hosts = one_rank_per_host(net);
        const PlanResult r = build_plan(net, hosts, options(Method::Optimal));
        const Plan& p = r.plan;
        EXPECT_EQ(p.length(), r.solve.schedule.length());
        EXPECT_EQ(verify_plan(p), "");
        for (std::size_t f = 0; f < p.frames.size(); ++f) {
            std::set<int> used;
            for (const auto& links : p.links[f])
                for (int l : links) EXPECT_TRUE(used.insert(l).second) << net.link(l).name;
        }
        // The scheduler's own frames, before the pass.
        Plan raw = p;
        const RankTraffic rt = rank_traffic(net, hosts);
        raw.frames.clear();
        for (const auto& frame : r.solve.schedule.frames) {
            raw.frames.emplace_back();
            for (int t : frame) raw.frames.back().push_back(rt.pairs[t]);
        }
        route_plan(raw, rt);
        EXPECT_LE(reverse_pairs_sharing_a_frame(p), reverse_pairs_sharing_a_frame(raw));
        expect_maximal(p);
        expect_dependencies_of(p);
    }
}

}  // namespace
}  // namespace liquid::plan
