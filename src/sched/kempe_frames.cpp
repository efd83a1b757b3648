// Frames by Kempe-chain insertion (see kempe_frames.hpp).
#include "sched/kempe_frames.hpp"

#include <algorithm>
#include <bit>
#include <deque>
#include <numeric>

#include "liquid/base/rng.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/incidence.hpp"

namespace liquid::sched {
namespace {

using Word = std::uint64_t;

/// Frames considered for a Kempe swap (at most kPerMask with the same busy links of the
/// transfer) and chains tried, per insertion: enough for König's case (a frame free at the
/// sender and one free at the receiver are among them), cheap everywhere else.
constexpr std::size_t kChainFrames = 32;
constexpr std::size_t kPerMask = 4;
constexpr int kChainPairs = 96;
/// Without a time limit the ejection walk still stops after this many seconds.
constexpr double kUnlimitedWalkSeconds = 5.0;
/// Share of the time left the insertion may take (see kempe_schedule).
constexpr double kInsertionShare = 0.4;

/// The transfers of L frames: who uses each (link, frame), which frames each link is busy
/// in (a bitset per link), and each transfer's frame.
class FrameTable {
public:
    FrameTable(const Traffic& traffic, int L)
        : links_(transfer_links(traffic)), L_(L), words_((L + 63) / 64),
          owner_(static_cast<std::size_t>(traffic.link_count()) * static_cast<std::size_t>(L), -1),
          busy_(static_cast<std::size_t>(traffic.link_count()) * static_cast<std::size_t>(words_), 0),
          frame_(static_cast<std::size_t>(traffic.size()), -1), seen_(frame_.size(), 0), free_(words_, 0),
          busy_mask_(static_cast<std::size_t>(L), 0) {}

    int frames() const { return L_; }
    int frame(int t) const { return frame_[idx(t)]; }
    std::span<const int> links(int t) const { return links_.row(t); }

    void place(int t, int f) {
        frame_[idx(t)] = f;
        for (int l : links(t)) {
            owner_[cell(l, f)] = t;
            busy_[idx(l) * idx(words_) + idx(f) / 64] |= Word{1} << (f % 64);
        }
    }
    void remove(int t) {
        const int f = frame(t);
        frame_[idx(t)] = -1;
        for (int l : links(t)) {
            owner_[cell(l, f)] = -1;
            busy_[idx(l) * idx(words_) + idx(f) / 64] &= ~(Word{1} << (f % 64));
        }
    }

    /// The lowest frame none of t's links is busy in, or -1.
    int free_frame(int t) {
        std::fill(free_.begin(), free_.end(), 0);
        for (int l : links(t))
            for (int w = 0; w < words_; ++w) free_[idx(w)] |= busy_[idx(l) * idx(words_) + idx(w)];
        for (int w = 0; w < words_; ++w) {
            Word open = ~free_[idx(w)];
            if (w == words_ - 1 && L_ % 64) open &= (Word{1} << (L_ % 64)) - 1;
            if (open) return w * 64 + std::countr_zero(open);
        }
        return -1;
    }

    /// Per frame, which of t's links (its first 64) are busy in it.
    const std::vector<Word>& busy_masks(int t) {
        std::fill(busy_mask_.begin(), busy_mask_.end(), 0);
        int i = 0;
        for (int l : links(t)) {
            const Word bit = Word{1} << (i++ % 64);
            for (int f = 0; f < L_; ++f)
                if (owner_[cell(l, f)] >= 0) busy_mask_[idx(f)] |= bit;
        }
        return busy_mask_;
    }

    /// The distinct transfers of frame f congesting with t.
    void congesting(int t, int f, std::vector<int>& out) const {
        out.clear();
        for (int l : links(t)) {
            const int u = owner_[cell(l, f)];
            if (u >= 0 && u != t && std::find(out.begin(), out.end(), u) == out.end()) out.push_back(u);
        }
    }

    /// The Kempe chain of frames a and b grown from `start` (transfers of a), into `chain`;
    /// false when it reaches a transfer marked by mark_forbidden() or exceeds `cap`.
    bool chain(int a, int b, const std::vector<int>& start, std::size_t cap, std::vector<int>& chain) {
        const std::uint32_t visit = ++epoch_;
        chain.clear();
        for (int u : start) seen_[idx(u)] = visit, chain.push_back(u);
        for (std::size_t i = 0; i < chain.size(); ++i) {
            const int x = chain[i];
            const int other = frame(x) == a ? b : a;
            for (int l : links(x)) {
                const int y = owner_[cell(l, other)];
                if (y < 0 || seen_[idx(y)] == visit) continue;
                if (seen_[idx(y)] == forbidden_) return false;
                if (chain.size() >= cap) return false;
                seen_[idx(y)] = visit;
                chain.push_back(y);
            }
        }
        return true;
    }
    void mark_forbidden(const std::vector<int>& transfers) {
        forbidden_ = ++epoch_;
        for (int u : transfers) seen_[idx(u)] = forbidden_;
    }

    /// Moves every transfer of the chain to the other of frames a and b.
    void swap(int a, int b, const std::vector<int>& chain) {
        swapped_.clear();
        for (int x : chain) swapped_.push_back(frame(x) == a ? b : a), remove(x);
        for (std::size_t i = 0; i < chain.size(); ++i) place(chain[i], swapped_[i]);
    }

    bool congest(int u, int v) const {
        const auto a = links(u), b = links(v);
        for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
            if (a[i] == b[j]) return true;
            a[i] < b[j] ? ++i : ++j;
        }
        return false;
    }

private:
    static std::size_t idx(int i) { return static_cast<std::size_t>(i); }
    std::size_t cell(int l, int f) const { return idx(l) * idx(L_) + idx(f); }

    Incidence links_;
    int L_, words_;
    std::vector<int> owner_;
    std::vector<Word> busy_;
    std::vector<int> frame_;
    std::vector<std::uint32_t> seen_;
    std::uint32_t epoch_ = 0, forbidden_ = 0;
    std::vector<Word> free_;
    std::vector<Word> busy_mask_;
    std::vector<int> swapped_;
};

/// Inserts transfers: a free frame, else a Kempe swap of two frames that frees one.
class Inserter {
public:
    explicit Inserter(FrameTable& table) : table_(table), order_(static_cast<std::size_t>(table.frames())) {}

    bool insert(int t) {
        const int f = table_.free_frame(t);
        if (f >= 0) {
            table_.place(t, f);
            return true;
        }
        // Candidate frames: those keeping the fewest of t's links busy, at most kPerMask
        // for each set of busy links, so that frames busy on different sides of t (König:
        // one free at the sender, one free at the receiver) are both among them.
        const std::vector<Word>& mask = table_.busy_masks(t);
        // Counted once per frame, not in every comparison (a popcount is a library call
        // on the baseline x86-64 instruction set).
        busy_count_.resize(mask.size());
        for (std::size_t f = 0; f < mask.size(); ++f) busy_count_[f] = std::popcount(mask[f]);
        std::iota(order_.begin(), order_.end(), 0);
        std::sort(order_.begin(), order_.end(), [&](int x, int y) {
            const auto fx = static_cast<std::size_t>(x), fy = static_cast<std::size_t>(y);
            const Word mx = mask[fx], my = mask[fy];
            const int cx = busy_count_[fx], cy = busy_count_[fy];
            return cx != cy ? cx < cy : mx != my ? mx < my : x < y;
        });
        std::size_t k = 0, same = 0;
        for (std::size_t i = 0; i < order_.size() && k < kChainFrames; ++i) {
            same = k > 0 && mask[static_cast<std::size_t>(order_[i])] == mask[static_cast<std::size_t>(picked_[k - 1])] ? same + 1
                                                                                                                        : 0;
            if (same >= kPerMask) continue;
            if (k >= picked_.size()) picked_.push_back(0);
            picked_[k++] = order_[i];
        }
        conf_.resize(k);
        for (std::size_t i = 0; i < k; ++i) table_.congesting(t, picked_[i], conf_[i]);
        int tries = 0;
        for (std::size_t i = 0; i < k; ++i)
            for (std::size_t j = 0; j < k; ++j) {
                if (i == j || !separate(conf_[i], conf_[j])) continue;
                if (++tries > kChainPairs) return false;
                const int a = picked_[i], b = picked_[j];
                table_.mark_forbidden(conf_[j]);
                if (!table_.chain(a, b, conf_[i], cap(), chain_)) continue;
                table_.swap(a, b, chain_);
                table_.place(t, a);
                return true;
            }
        return false;
    }

private:
    /// Chains are paths in König's case (at most 2L long); longer ones are cut off.
    std::size_t cap() const { return 8 * static_cast<std::size_t>(table_.frames()) + 128; }
    /// No transfer of `x` congests with one of `y` (else one chain holds both: no swap helps).
    bool separate(const std::vector<int>& x, const std::vector<int>& y) const {
        for (int u : x)
            for (int v : y)
                if (table_.congest(u, v)) return false;
        return true;
    }

    FrameTable& table_;
    std::vector<int> order_, picked_, chain_, busy_count_;
    std::vector<std::vector<int>> conf_;
};

/// Insertion order: transfers on the most loaded links first (they constrain the most),
/// ties in a seeded random order.
std::vector<int> insertion_order(const Traffic& traffic, std::uint64_t seed) {
    const int n = traffic.size();
    std::vector<int> load(static_cast<std::size_t>(traffic.link_count()), 0);
    std::vector<std::vector<int>> links(static_cast<std::size_t>(n));
    for (int t = 0; t < n; ++t) {
        links[static_cast<std::size_t>(t)] = traffic[t].links.to_vector();
        for (int l : links[static_cast<std::size_t>(t)]) ++load[static_cast<std::size_t>(l)];
    }
    std::vector<std::pair<std::uint64_t, int>> keyed(static_cast<std::size_t>(n));
    Rng rng(seed);
    for (int t = 0; t < n; ++t) {
        std::uint64_t heaviest = 0, total = 0;
        for (int l : links[static_cast<std::size_t>(t)]) {
            heaviest = std::max<std::uint64_t>(heaviest, static_cast<std::uint64_t>(load[static_cast<std::size_t>(l)]));
            total += static_cast<std::uint64_t>(load[static_cast<std::size_t>(l)]);
        }
        // Descending (heaviest link, total load), then random: one key, sorted ascending.
        const std::uint64_t key = (std::uint64_t{0xFFFFF} - std::min<std::uint64_t>(heaviest, 0xFFFFF)) << 44 |
                                  (std::uint64_t{0xFFFFF} - std::min<std::uint64_t>(total, 0xFFFFF)) << 24 |
                                  (rng.next() & 0xFFFFFF);
        keyed[static_cast<std::size_t>(t)] = {key, t};
    }
    std::sort(keyed.begin(), keyed.end());
    std::vector<int> order(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = keyed[static_cast<std::size_t>(i)].second;
    return order;
}

/// The steps the ejection walk goes on without a new fewest waiting before it stops:
/// kStallSteps, or kStallStepsPerWaiting per transfer waiting at its start if more. Measured
/// on fragments of 128-512 hosts (fat trees, tori, a hypercube, a dragonfly) and whole
/// tori, meshes and chordal rings: the walks that placed everything never went more than
/// 944 steps without a new fewest (486 waiting at the start: 256 hosts of fat-tree:8,3);
/// those that did not went 6 000-12 500 steps between their last gains and kept their whole
/// share of the budget (2.5 s of 10 on torus:4x4x4, mesh:8x8, torus:8x8).
constexpr std::uint64_t kStallSteps = 4096;
constexpr std::uint64_t kStallStepsPerWaiting = 8;

/// The ejection walk: each waiting transfer takes the non-tabu frame with the fewest
/// congesting transfers, which wait in its place. Stops when none waits, after `steps`,
/// when the fewest waiting has not fallen for the stall steps above, or at the deadline;
/// returns the transfers still waiting.
std::vector<int> ejection_walk(FrameTable& table, Inserter& inserter, std::deque<int> waiting, std::uint64_t steps,
                               std::uint64_t seed, DeadlinePoll& poll, int transfers) {
    Rng rng(seed ^ 0x5bd1e995ULL);
    std::vector<int> tabu_frame(static_cast<std::size_t>(transfers), -1);
    std::vector<std::uint64_t> tabu_until(static_cast<std::size_t>(transfers), 0);
    std::vector<int> conf, best;
    const std::uint64_t stall = std::max(kStallSteps, kStallStepsPerWaiting * waiting.size());
    std::size_t fewest_waiting = waiting.size();
    std::uint64_t last_gain = 0;
    for (std::uint64_t step = 0; step < steps && !waiting.empty() && !poll.expired(); ++step) {
        if (waiting.size() < fewest_waiting) fewest_waiting = waiting.size(), last_gain = step;
        if (step - last_gain > stall) break;
        const int t = waiting.front();
        waiting.pop_front();
        if (inserter.insert(t)) continue;
        // Least congesting frame (random among equals), not the one t was just ejected from.
        int target = -1;
        std::size_t fewest = ~std::size_t{0};
        std::uint32_t ties = 0;
        for (int f = 0; f < table.frames(); ++f) {
            if (f == tabu_frame[static_cast<std::size_t>(t)] && step < tabu_until[static_cast<std::size_t>(t)]) continue;
            table.congesting(t, f, conf);
            if (conf.size() < fewest) fewest = conf.size(), target = f, best = conf, ties = 1;
            else if (conf.size() == fewest && rng.below(++ties) == 0) target = f, best = conf;
        }
        if (target < 0) {
            waiting.push_back(t);
            continue;
        }
        for (int u : best) {
            table.remove(u);
            tabu_frame[static_cast<std::size_t>(u)] = target;
            tabu_until[static_cast<std::size_t>(u)] = step + 7 + rng.below(10);
            waiting.push_back(u);
        }
        table.place(t, target);
    }
    return {waiting.begin(), waiting.end()};
}

}  // namespace

std::uint64_t kempe_memory_bytes(const Traffic& traffic, int frames) {
    std::uint64_t path = 0;
    for (const Transfer& t : traffic.transfers()) path += t.path.empty() ? 16 : t.path.size();
    const auto links = static_cast<std::uint64_t>(traffic.link_count());
    const auto L = static_cast<std::uint64_t>(std::max(frames, 1));
    // Owner table, busy bitsets, incidence (twice while the order is built), per-transfer arrays.
    return links * L * sizeof(int) + links * ((L + 63) / 64) * 8 + 2 * path * sizeof(int) +
           static_cast<std::uint64_t>(traffic.size()) * 80;
}

std::optional<Schedule> kempe_schedule(const Traffic& traffic, const KempeOptions& options, const Limits& limits) {
    const int n = traffic.size();
    if (n == 0) return Schedule{};
    const int L = options.frames > 0 ? options.frames : duration_of(traffic);
    if (L <= 0 || !limits.fits(kempe_memory_bytes(traffic, L))) return std::nullopt;
    // The insertion gets at most 40 % of the time left: on a dense traffic whose inner links
    // are the bottleneck (a whole torus:8x8x8, 261 632 transfers) the chains grow long and it
    // would take the whole budget, leaving nothing to the constructions and searches after it.
    const Deadline insertion_deadline =
        limits.deadline.limited() ? limits.deadline.sooner(kInsertionShare * limits.deadline.remaining_s()) : limits.deadline;
    DeadlinePoll poll(insertion_deadline, 256);
    // Past the insertion's share the rest is placed without chains, but that too scans
    // frames per transfer: on millions of transfers (a whole torus:16x16x8) it can outlast
    // the whole deadline, and then the construction gives up (the portfolio's round-robin
    // already answers) rather than hold the command past its --time-limit.
    DeadlinePoll whole(limits.deadline, 256);
    FrameTable table(traffic, L);
    Inserter inserter(table);
    std::deque<int> waiting;
    std::vector<int> left;  // no frame among the L: first fit, after them
    for (int t : insertion_order(traffic, options.seed)) {
        if (!poll.expired()) {
            if (!inserter.insert(t)) waiting.push_back(t);
        } else if (whole.expired()) {
            return std::nullopt;
        } else if (const int f = table.free_frame(t); f >= 0) {
            table.place(t, f);  // past the insertion's share: a free frame, no chain
        } else {
            left.push_back(t);
        }
    }
    const std::uint64_t steps =
        static_cast<std::uint64_t>(std::max(0, options.walk_steps_per_transfer)) * static_cast<std::uint64_t>(n);
    // The walk gets a quarter of the time left: the portfolio and the searches after it
    // need the rest when it does not place everything.
    const Deadline walk_deadline = limits.deadline.limited() ? limits.deadline.sooner(0.25 * limits.deadline.remaining_s())
                                                             : Deadline::after(kUnlimitedWalkSeconds);
    DeadlinePoll walk_poll(walk_deadline, 16);
    const std::vector<int> stuck =
        ejection_walk(table, inserter, std::move(waiting), left.empty() ? steps : 0, options.seed, walk_poll, n);
    left.insert(left.end(), stuck.begin(), stuck.end());
    Schedule s;
    s.frames.resize(static_cast<std::size_t>(L));
    for (int t = 0; t < n; ++t)
        if (table.frame(t) >= 0) s.frames[static_cast<std::size_t>(table.frame(t))].push_back(t);
    std::erase_if(s.frames, [](const std::vector<int>& f) { return f.empty(); });
    std::sort(left.begin(), left.end());
    append_first_fit(traffic, left, s);
    return s;
}

}  // namespace liquid::sched
