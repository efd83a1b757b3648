// The construction portfolio: cheap constructions first, stop at the lower bound.
#include "sched/portfolio.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "liquid/base/deadline.hpp"
#include "liquid/base/stop.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/traffic/analysis.hpp"
#include "sched/fission_dive.hpp"
#include "sched/kempe_frames.hpp"
#include "sched/latin_search.hpp"
#include "sched/shift_permutations.hpp"
#include "sched/tabu_descent.hpp"
#include "sched/translation_orbits.hpp"

namespace liquid::sched {
namespace {

constexpr double kDsaturShare = 0.5;
/// The Latin-square search's share of the time left: it answers 128- and 256-host
/// fragments in at most 1.2 s, and a 512-host one (511 frames; hypercube:10) in 2.3–2.6 s
/// of a 10 s budget on a quiet machine, 4.1–4.4 s on a busy one: a share of 0.3 (2.9 s)
/// left no margin. Where it fails (the inner links nearly as loaded as the hosts') the
/// insertion and the tabu search after it need the rest: the 256-host dragonfly fragments
/// end at 257–258 frames with 0.4, 259 with 0.5.
constexpr double kLatinShare = 0.4;
/// Its share where the fission dive comes next (traffics of up to 16 384 transfers), and at
/// most kLatinSecondsBeforeDive: the squares it completed there took 0.00-0.10 s (32-128
/// hosts of the fragments table, of five dragonflies, three HyperX fabrics and
/// fat-tree:16,2, eight seeds each) but two (0.17 and 0.22-0.26 s; the dive answered them
/// in 0.11 and 0.29 s), and where it completes none it keeps its whole share (128 hosts of a
/// 342-host dragonfly: a start at 1.3-2.2 % of the transfers congested after a move per
/// two, still improving, none complete in 4 s), before the dive answers in 0.4-0.8 s
/// (fission_dive.hpp). The dive does not answer the fat trees' fragments the search
/// completes at once (128 hosts of fat-tree:4,5: stopped after 1.2 s), so short budgets
/// keep the share. The search stops there after kLatinMovesBeforeDive repair moves, about
/// 0.15 s on 128 hosts of an idle 2-core VM (the 342-host dragonfly's starts: 5 500-5 800
/// moves in 0.15 s; the completed squares above: 280-1 200 moves), and at the latest after
/// kLatinSecondsBeforeDive. A cap of 0.15 s in time alone made the answer depend on the
/// machine's load: beside a browser test, 128 hosts of fat-tree:4,5 (850 moves, 0.04 s
/// idle) missed it, and nothing after it reached Λ within 30 s.
constexpr double kLatinShareBeforeDive = 0.03;
constexpr std::uint64_t kLatinMovesBeforeDive = 6000;
constexpr double kLatinSecondsBeforeDive = 1.0;
/// The share of the Latin-square search where inner links set Λ (before the insertion on
/// large traffics):
/// it answered the 512-host fragments of fat-tree:4,5 in 0.6-4.1 s of a 10 s budget (seed 1
/// in 3.2-5.3 s as the VM's speed varied, and in 5.5-6.3 s on a slower day of it, when
/// shares of 0.6 and 0.7 (5.6-6.2 s in the command) missed in six runs of six, 573 frames by
/// the packed shifts; 0.5 left it 4.5 s and it missed in 3 of 15 runs; 0.4 left 3.8 s). Its
/// work is seeded, the same on every run, so the share is what absorbs the machine's speed.
/// Where it gives up it does so at once (a start far from a square), so the insertion keeps
/// its time on the fabrics it serves (the 512-host dragonfly fragment: 3.6 s).
constexpr double kLatinInnerShare = 0.8;
/// The fission dive's share of the time left: its descents take 0.2-1.6 s in all on 128 hosts
/// (16 256 transfers, about the most it applies to).
constexpr double kFissionDiveShare = 0.3;
/// Where inner links set Λ, the Latin-square search goes before the Kempe insertion on
/// traffics of more transfers than this, after it on the others. Measured: on fragments of
/// up to 256 hosts (65 280 transfers) the insertion answered every such fragment of the
/// fragments table in 0.02-2.08 s and, where both answer, faster on tori and meshes
/// (128 hosts of mesh:6x6x6: 0.03 s, the search 0.11-1.39 s; 256 of torus:8x8x8: 0.11 s
/// against 1.2-1.6 s); on 512 hosts (261 632) the insertion took 3.7 s to fail on
/// fat-tree:4,5, leaving the search too little of a 10 s budget after it (seed 3: 563
/// frames against 548), while before it the search answers in 0.6-4.5 s and, where it
/// declines (the dragonfly: at once), the insertion still answers (4.05 s).
constexpr int kLargeTraffic = 1 << 17;
/// Between kKempeTabuTransfersMax and kLargeTraffic transfers (the walk's traffics, up to
/// 362 hosts) the search first gets a short try before the walk, this share of the time
/// left, and its whole share after it where the walk misses. On the 256-host fragments of
/// fat-tree:8,3 seed 1 (Λ 259) the walk answered in 2.3-3.6 s as the VM's speed varied and
/// the search in 0.38 s; on every other inner-bound 256-host fragment of the fragments
/// table the search answers in 0.06-0.15 s (fat trees, OpenSM ftree and minhop seed 3),
/// and on the torus:8x8x8 ones, where the walk answers in 0.1 s, it needs 1.6-2.1 s: the
/// try gives up at about 1 s there and the walk still answers (1.1 s in all; so do 256
/// hosts of ccc:6 and 200 of fat-tree:16,2, 1.1-1.3 s, were 0.1-0.3 s), while 256 hosts of
/// mesh:8x8x8 and chordal-ring:512,23 are liquid by the try in 0.35-0.53 s. Every
/// inner-bound fragment measured is then within 1.3 s, none at the 3 s edge.
constexpr double kLatinInnerTryShare = 0.1;

/// On traffics of at most this many transfers the Kempe insertion's ejection walk gives way
/// to a tabu descent from the chains' frames (tabu_descent.hpp). Measured on 128-host
/// fragments (16 256 transfers) whose inner links set Λ: the walk stalled 2-4 frames above Λ
/// after 0.6-1.1 s on 3 of 38 seeds of a 342-host dragonfly and on torus:6x6x6 seed 4,
/// where the descent reached Λ in 0.11-0.5 s (every seed of the 38, and of fat-tree:6,3,
/// torus:6x6x6, mesh:6x6x6 and torus:8x8x4 1-6, in at most 0.5 s; 4-220 ms where the walk
/// answered in 5-30 ms). On 256 hosts (65 280) the walk is faster where it answers (256 of
/// fat-tree:4,5: 0.15-0.18 s against 0.48-0.52 s; 512 of the 1 056-host dragonfly: 2.9 s
/// against 5.8 s).
constexpr int kKempeTabuTransfersMax = 16384;
/// The descent's time: a share of the time left, at most so many seconds per transfer but
/// never less than the floor. The fragments above reached Λ in 12-30 µs per transfer;
/// where a length is out of reach the descent keeps all its time, which the
/// symmetry-invariant search after the portfolio then lacks (whole torus:6x6, 1 260
/// transfers, liquid by that search: 1.2 s of 10 with a tenth of the time and no cap,
/// 0.3 s before). The floor is for small traffics: the whole mesh:6x6 (1 260 transfers, 63 ms
/// by the cap) reached Λ in 39-120 ms on an idle machine, and not within 150 ms in two of
/// three runs beside a build.
constexpr double kKempeTabuShare = 0.1;
constexpr double kKempeTabuSecondsPerTransfer = 50e-6;
constexpr double kKempeTabuFloorSeconds = 0.25;
/// On larger traffics the Kempe insertion walks, and where the walk stalls a few frames
/// above the target the same descent goes on from the best schedule so far, after the
/// inner links' Latin search (which completes some of those at once: 256 hosts of
/// fat-tree:8,3 seed 1, walk 260, Latin search 259 = Λ in 0.4 s), on half the time left (at
/// most the seconds per transfer above). Measured on the 256-host fragments of the
/// 1 056-host dragonfly (65 280 transfers, Λ 255 set by the hosts, inner links up to 238):
/// the walk ended at 260-263 after 2.4-2.7 s and the descent from there reached 256 within
/// 1.6 s on seeds 1-3 (about 0.15 s a frame), where the solve's own tabu stage, after the
/// portfolio and the structure stages, had 0.5 s of a 10 s budget left and ended at 257-261.
/// Further above the target (the whole torus:8x8x8: 656 frames by its translation orbits,
/// Λ 640; the walk 728) the constructions after it and the structure stages after the
/// portfolio keep their time; the solve's tabu stage still descends from there.
constexpr int kDescentFramesMax = 8;
constexpr double kDescentShare = 0.5;
/// The descents' seed: fixed, so every run tries the same.
constexpr std::uint64_t kDescentSeed = 1;
/// On traffics of more than kLargeTraffic transfers the insertion first gets a short try
/// before the Latin-square search where inner links set Λ: at most this share of the time
/// left and these seconds, of which the insertion's chains take 40 % (kempe_frames.cpp).
/// Measured on 512 random hosts (261 632 transfers): where the insertion answers at once
/// the search is slow (`ccc:7` and `chordal-ring:1024,32`, seed 1: the try liquid in 0.53
/// and 0.62 s, where the search took 7.0 s of its share to miss or 8.6 s alone to answer),
/// and where it misses it costs 0.55-0.65 s (`fat-tree:4,5` seeds 1 and 3, whose Λ the
/// search then reaches in 2.8 and 5.7 s; the 1 056-host dragonfly and `fat-tree:3,6`,
/// which the insertion answers after the try with its whole share, in 1.6-2.4 s).
constexpr double kKempeTryShare = 0.15;
constexpr double kKempeTrySeconds = 1.5;

/// The limits with at most `share` of the time left (unchanged without a time limit).
Limits share_of(const Limits& limits, double share) {
    Limits own = limits;
    if (own.deadline.limited()) own.deadline = own.deadline.sooner(share * own.deadline.remaining_s());
    return own;
}

/// The limits with at most `share` of the time left and at most `cap_s` seconds.
Limits capped_share_of(const Limits& limits, double share, double cap_s) {
    Limits own = share_of(limits, share);
    own.deadline = own.deadline.sooner(cap_s);
    return own;
}

/// The Latin-square search where inner links set Λ: before the Kempe insertion
/// (`before_insertion`) on its whole share on traffics larger than kLargeTraffic and as a
/// short try on those larger than kKempeTabuTransfersMax, after it on the others (up to
/// kLargeTraffic transfers).
Construction latin_inner(bool before_insertion) {
    return {"latin-inner",
            [before_insertion](const Traffic& t, const Limits& limits) {
                LatinOptions inner;
                inner.inner_links = true;
                inner.patient = !before_insertion;  // the insertion has missed: give starts longer
                const bool try_only = before_insertion && t.size() <= kLargeTraffic;
                return latin_schedule(t, inner, share_of(limits, try_only ? kLatinInnerTryShare : kLatinInnerShare));
            },
            [before_insertion](const Traffic& t) {
                return before_insertion ? t.size() > kKempeTabuTransfersMax : t.size() <= kLargeTraffic;
            }};
}

/// The length the constructions aim at: a bound above Λ, else Λ.
int target_of(const Traffic& t, int bound_above_lambda) { return bound_above_lambda > 0 ? bound_above_lambda : duration_of(t); }

/// The tabu descent (tabu_descent.hpp) from `start` towards `target`, on `share` of the
/// time left, at most kKempeTabuSecondsPerTransfer per transfer but at least `floor_s`;
/// nullopt when it gained no frame.
std::optional<Schedule> descend(const Traffic& t, const Schedule& start, int target, const Limits& limits, double share,
                                double floor_s) {
    const double cap = std::max(floor_s, kKempeTabuSecondsPerTransfer * static_cast<double>(t.size()));
    const double seconds = std::min(cap, share * limits.deadline.remaining_s());
    const auto end = std::chrono::steady_clock::now() + steady_span(seconds);
    std::optional<TabuDescent> d = tabu_descent(t, start, target, kDescentSeed, limits, end);
    if (!d) return std::nullopt;
    return std::move(d->schedule);
}

/// The descent from the best schedule so far where the walk of the Kempe insertion (large
/// traffics) left it a few frames above the target (kDescentFramesMax says why).
Construction descent_after_walk(int bound_above_lambda) {
    Construction c{"tabu-descent", {}, [](const Traffic& t) { return t.size() > kKempeTabuTransfersMax; }};
    c.improve = [bound_above_lambda](const Traffic& t, const Schedule& best, const Limits& limits) -> std::optional<Schedule> {
        const int target = target_of(t, bound_above_lambda);
        if (best.length() <= target || best.length() - target > kDescentFramesMax) return std::nullopt;
        return descend(t, best, target, limits, kDescentShare, 0);
    };
    return c;
}

/// The Kempe insertion into the frames of a bound above Λ (0: Λ), with its ejection walk
/// on traffics of more than kKempeTabuTransfersMax transfers, else its chains followed by
/// the tabu descent.
Construction kempe(int bound_above_lambda, bool large) {
    const auto walk = [bound_above_lambda](const Traffic& t, const Limits& limits) {
        KempeOptions options;
        options.frames = std::max(0, bound_above_lambda);
        return kempe_schedule(t, options, limits);
    };
    const auto chains_then_tabu = [bound_above_lambda](const Traffic& t, const Limits& limits) -> std::optional<Schedule> {
        KempeOptions options;
        options.frames = std::max(0, bound_above_lambda);
        options.walk_steps_per_transfer = 0;
        std::optional<Schedule> s = kempe_schedule(t, options, limits);
        const int target = target_of(t, bound_above_lambda);
        if (!s || s->length() <= target) return s;
        if (std::optional<Schedule> d = descend(t, *s, target, limits, kKempeTabuShare, kKempeTabuFloorSeconds)) return d;
        return s;
    };
    if (large) return {"kempe", walk, [](const Traffic& t) { return t.size() > kKempeTabuTransfersMax; }};
    return {"kempe-tabu", chains_then_tabu, [](const Traffic& t) { return t.size() <= kKempeTabuTransfersMax; }};
}

/// The insertion's short try before the Latin-square search on large traffics
/// (kKempeTrySeconds says why).
Construction kempe_try() {
    return {"kempe-try",
            [](const Traffic& t, const Limits& limits) {
                return kempe_schedule(t, KempeOptions{}, capped_share_of(limits, kKempeTryShare, kKempeTrySeconds));
            },
            [](const Traffic& t) { return t.size() > kLargeTraffic; }};
}

Construction shift(std::string name, PhaseRule rule, Packing packing, std::uint64_t seed = 0) {
    return {std::move(name), [=](const Traffic& t, const Limits& limits) {
                return shift_schedule(t, ShiftOptions{rule, packing, seed}, limits.deadline);
            }};
}

}  // namespace

std::vector<Construction> standard_constructions(int bound_above_lambda) {
    std::vector<Construction> c;
    // Where a bound above Λ proved that no liquid schedule exists, the constructions that
    // only build Λ frames (or spend their share failing to) are left out.
    const bool liquid_possible = bound_above_lambda <= 0;
    // A whole torus's all-to-all: its translation orbits, in time linear in the transfers
    // and within a few percent of Λ (torus:16x16x16: 1.09 × Λ in 1.8 s, round-robin 5.7 ×
    // Λ in 4.5 s), so before round-robin; it declines at once elsewhere.
    c.push_back({"translation-orbits", translation_orbits_schedule, translation_orbits_apply, true});
    // Round-robin (first elsewhere): the baseline every answer must match, and always cheap.
    c.push_back(shift("round-robin", PhaseRule::Shift, Packing::PerPhase));
    // The XOR phases next: as cheap as round-robin (one pass per phase), and on tori 2.3
    // times shorter (torus:8x8x8: 1 353 frames against 3 158); on millions of transfers
    // (a 4 096-node torus) the constructions after it get no time.
    c.push_back(shift("xor", PhaseRule::Xor, Packing::PerPhase));
    // A Latin square of Λ frames when the hosts' links set Λ, or the busiest switch links
    // that a transfer meets once on each side (an oversubscribed fat tree's up- and
    // down-links): the insertion below leaves the last transfers of such squares without a
    // frame (latin_search.hpp); it ends at once elsewhere.
    if (liquid_possible)
        c.push_back({"latin", [](const Traffic& t, const Limits& limits) {
                         if (!fission_dive_applies(t)) return latin_schedule(t, LatinOptions{}, share_of(limits, kLatinShare));
                         LatinOptions before_dive;
                         before_dive.max_moves = kLatinMovesBeforeDive;
                         return latin_schedule(t, before_dive,
                                               capped_share_of(limits, kLatinShareBeforeDive, kLatinSecondsBeforeDive));
                     }});
    // Where the hosts' links set Λ and the Latin square is not found (inner links nearly as
    // busy): the exact search's first descent, on traffics small enough for its tables
    // (fission_dive.hpp). Before the insertion, which fails there after its whole walk.
    if (liquid_possible)
        c.push_back(
            {"fission-dive",
             [](const Traffic& t, const Limits& limits) { return fission_dive_schedule(t, share_of(limits, kFissionDiveShare)); },
             fission_dive_applies});
    // Where inner links set Λ above the hosts' load: the group's table in a square of Λ
    // frames whose rows are not full (latin_search.hpp); it declines at once unless the
    // traffic is such an all-to-all, and where its start is far from a square. Before the
    // insertion on large traffics (after the insertion's short try), a short try before it
    // and the rest after it on mid-sized ones, after it on small ones (kLargeTraffic,
    // kKempeTrySeconds, kLatinInnerTryShare say why).
    if (liquid_possible) c.push_back(kempe_try());
    if (liquid_possible) c.push_back(latin_inner(true));
    // Kempe-chain insertion into Λ frames: liquid on the fragments of a fabric whose host
    // links are the bottleneck (König's case) in near-linear time, so the portfolio stops
    // there before the quadratic constructions run (its insertion takes at most 40 % of the
    // time left, kempe_frames.cpp says why).
    // Into as many frames as a bound above Λ: aiming at Λ its walk would run to the end
    // (30-40 ms of an 80-transfer ring-arc traffic).
    c.push_back(kempe(bound_above_lambda, true));
    c.push_back(kempe(bound_above_lambda, false));
    if (liquid_possible) c.push_back(latin_inner(false));
    c.push_back(descent_after_walk(bound_above_lambda));
    c.push_back(shift("shift-packed", PhaseRule::Shift, Packing::AcrossPhases));
    c.push_back(shift("xor-packed", PhaseRule::Xor, Packing::AcrossPhases));
    // DSatur answers only when it ends; at most half of the time left, so that a traffic too
    // large for it still leaves the structure stages their share.
    c.push_back(
        {"dsatur", [](const Traffic& t, const Limits& limits) { return dsatur_schedule(t, share_of(limits, kDsaturShare)); }});
    // Other host orderings: fixed seeds, so every run (and every machine) tries the same.
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        const std::string tag = " (relabelling seed " + std::to_string(seed) + ")";
        c.push_back(shift("round-robin" + tag, PhaseRule::Shift, Packing::PerPhase, seed));
        c.push_back(shift("shift-packed" + tag, PhaseRule::Shift, Packing::AcrossPhases, seed));
    }
    return c;
}

PortfolioOutcome run_portfolio(const Traffic& traffic, const std::vector<Construction>& constructions, const Limits& limits,
                               int stop_at) {
    using Clock = std::chrono::steady_clock;
    PortfolioOutcome out;
    std::vector<std::pair<Schedule, std::string>> built;
    int best = -1;
    Limits unlimited_time = limits;
    unlimited_time.deadline = Deadline{};
    for (std::size_t i = 0; i < constructions.size(); ++i) {
        // Until one has built a schedule, each construction runs to its end.
        const bool first = built.empty();
        if (!first && limits.deadline.expired()) {
            out.timed_out = true;
            break;
        }
        if (constructions[i].applies && !constructions[i].applies(traffic)) continue;
        if (constructions[i].improve && first) continue;
        const auto t0 = Clock::now();
        std::optional<Schedule> s =
            constructions[i].improve
                ? constructions[i].improve(traffic, built.back().first, limits)
                : constructions[i].build(traffic, first && !constructions[i].anytime ? unlimited_time : limits);
        ConstructionRun run{constructions[i].name, s ? s->length() : -1,
                            std::chrono::duration<double, std::milli>(Clock::now() - t0).count()};
        out.runs.push_back(run);
        if (!s) continue;
        if (best < 0 || s->length() < best) {
            best = s->length();
            built.emplace_back(std::move(*s), constructions[i].name);
        }
        if (best <= stop_at) break;
    }
    // The shortest schedule that passes the independent verifier (the last one kept is the
    // shortest; a failing construction is a bug, but an earlier one can still answer).
    for (auto it = built.rbegin(); it != built.rend(); ++it) {
        if (verify_schedule(traffic, it->first).empty()) {
            out.best = std::move(it->first);
            out.best_by = it->second;
            return out;
        }
    }
    // A stop request (SIGINT/SIGTERM) expires every deadline, the first construction's too:
    // then nothing was built because the work was stopped, not because of a bug.
    throw_if_stopped();
    throw std::logic_error("liquid: no construction of the portfolio built a valid schedule");
}

}  // namespace liquid::sched
