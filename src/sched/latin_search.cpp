// Frames as a Latin square (see latin_search.hpp).
#include "sched/latin_search.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <span>

#include "liquid/base/helper_thread.hpp"
#include "liquid/base/rng.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/incidence.hpp"
#include "sched/group_square.hpp"

namespace liquid::sched {
namespace {

std::size_t idx(int i) { return static_cast<std::size_t>(i); }

/// Each transfer's sender and receiver (its first and last link, numbered densely) and the
/// inner links where it can congest with another transfer: those whose users neither share
/// one sender nor one receiver (a frame free on the endpoints holds one of them at most).
struct Endpoints {
    std::vector<int> sender, receiver;
    int senders = 0, receivers = 0;
    Incidence users;  // per watched link: its transfers
    /// Per transfer the watched links it uses (dense ids), one row of `stride` entries each
    /// (its length, then its links): a move reads the rows of the transfers of 128 cycles,
    /// and with a fixed stride each is one memory access instead of two dependent ones.
    std::vector<int> rows;
    std::size_t stride = 1;
    std::span<const int> row(int t) const {
        const int* r = rows.data() + idx(t) * stride;
        return {r + 1, idx(r[0])};
    }
};

/// Which link of a transfer's path plays its sender and which its receiver.
enum class Ends {
    /// The first link and the last: the hosts' own links.
    Hosts,
    /// The busiest link of the path's first half and of its second half (the earliest, and
    /// the latest, of the busiest): where up- and down-links between the switches carry Λ
    /// above the hosts' load, as in an oversubscribed two-level fat tree, those links are
    /// then the square's rows and the hosts' links, with room to spare, are watched.
    Busiest,
};

/// The busiest link of a path's first half and of its second half (Ends::Busiest), given
/// every link's load; false when a link carrying Λ is neither of them (it would be watched
/// with no room: the rows could not hold Λ transfers each).
bool busiest_ends(const std::vector<int>& path, const std::vector<int>& load, int lambda, int& first, int& last) {
    const std::size_t half = path.size() / 2;
    for (std::size_t i = 1; i < half; ++i)
        if (load[idx(path[i])] > load[idx(first)]) first = path[i];
    for (std::size_t i = path.size() - 1; i-- > half;)
        if (load[idx(path[i])] > load[idx(last)]) last = path[i];
    for (int l : path)
        if (load[idx(l)] == lambda && l != first && l != last) return false;
    return true;
}

/// Numbers each transfer's sender and receiver link (`ends`); false when some transfer has
/// a single link, a link is the sender of one transfer and the receiver of another (the
/// sender–receiver graph would not be bipartite) or busiest_ends() says no.
bool number_endpoints(const Traffic& traffic, Ends ends, Endpoints& e) {
    const int links = traffic.link_count();
    std::vector<int> load;
    if (ends == Ends::Busiest) load = link_loads(traffic);
    const int lambda = load.empty() ? 0 : *std::max_element(load.begin(), load.end());
    std::vector<int> as_sender(idx(links), -1), as_receiver(idx(links), -1);
    e.sender.resize(idx(traffic.size()));
    e.receiver.resize(idx(traffic.size()));
    for (int t = 0; t < traffic.size(); ++t) {
        const std::vector<int>& path = traffic[t].path;
        if (path.size() < 2) return false;
        int first = path.front(), last = path.back();
        if (ends == Ends::Busiest && !busiest_ends(path, load, lambda, first, last)) return false;
        int& s = as_sender[idx(first)];
        int& r = as_receiver[idx(last)];
        if (s < 0) s = e.senders++;
        if (r < 0) r = e.receivers++;
        e.sender[idx(t)] = s;
        e.receiver[idx(t)] = r;
    }
    for (int l = 0; l < links; ++l)
        if (as_sender[idx(l)] >= 0 && as_receiver[idx(l)] >= 0) return false;
    return true;
}

/// The watched links (users with two senders and two receivers), numbered densely, per
/// transfer and per link.
void watch_links(const Traffic& traffic, Endpoints& e) {
    const int links = traffic.link_count();
    constexpr int kNone = -1, kMany = -2;
    std::vector<int> one_sender(idx(links), kNone), one_receiver(idx(links), kNone);
    auto note = [](int& seen, int who) { seen = seen == kNone || seen == who ? who : kMany; };
    for (int t = 0; t < traffic.size(); ++t)
        for (int l : traffic[t].path) {
            note(one_sender[idx(l)], e.sender[idx(t)]);
            note(one_receiver[idx(l)], e.receiver[idx(t)]);
        }
    std::vector<int> dense(idx(links), -1);
    int watched = 0;
    for (int l = 0; l < links; ++l)
        if (one_sender[idx(l)] == kMany && one_receiver[idx(l)] == kMany) dense[idx(l)] = watched++;
    Incidence per_transfer;
    for (int t = 0; t < traffic.size(); ++t) {
        for (int l : traffic[t].path)
            if (dense[idx(l)] >= 0) per_transfer.items.push_back(dense[idx(l)]);
        per_transfer.start.push_back(per_transfer.items.size());
    }
    e.users = transpose(per_transfer, watched);
    for (int t = 0; t < traffic.size(); ++t) e.stride = std::max(e.stride, per_transfer.row(t).size() + 1);
    e.rows.assign(idx(traffic.size()) * e.stride, 0);
    for (int t = 0; t < traffic.size(); ++t) {
        const std::span<const int> r = per_transfer.row(t);
        int* out = e.rows.data() + idx(t) * e.stride;
        out[0] = static_cast<int>(r.size());
        std::copy(r.begin(), r.end(), out + 1);
    }
}

/// The most transfers a (watched link, frame) cell counts.
constexpr int kMostCellCount = 0xFFFF;

/// A move of the repair: the Kempe cycle of frames a and b through a transfer of a, its
/// transfers at [begin, begin + size) of Square's chain table (usable when it is not longer
/// than the cap), and the change of the cost its swap would make.
struct Move {
    int b = -1;
    std::size_t begin = 0, size = 0;
    long delta = 0;
    bool usable = false;
};

/// L frames, each a matching of the sender–receiver graph, and the congestion they leave
/// on the watched links: cost = Σ over (link, frame) of (transfers - 1) where it is busy.
///
/// Tables are frame-major: a move between frames a and b reads two rows of each (the
/// owners of every endpoint in a and in b, the counts of every watched link in a and in
/// b), which stay in cache across the frames b tried for one a.
class Square {
public:
    Square(const Endpoints& e, int L)
        : e_(e), L_(L), watched_(e.users.rows()), frame_(e.sender.size(), -1), by_sender_(idx(e.senders) * idx(L)),
          by_receiver_(idx(e.receivers) * idx(L)), cells_(idx(watched_) * idx(L)), hot_pos_(cells_.size(), 0) {
        for (Scratch& s : scratch_) s.into_a.assign(idx(watched_), 0);
    }

    int frames() const { return L_; }
    int frame(int t) const { return frame_[idx(t)]; }
    long cost() const { return cost_; }
    bool free_at_sender(int t, int f) const { return sender_owner(e_.sender[idx(t)], f).transfer < 0; }
    bool free_at_receiver(int t, int f) const { return receiver_owner(e_.receiver[idx(t)], f).transfer < 0; }

    bool congested(int t) const {
        for (int w : e_.row(t))
            if (cells_[cell(w, frame(t))].count > 1) return true;
        return false;
    }
    /// The congestion t would add in frame f.
    int added(int t, int f) const {
        int c = 0;
        for (int w : e_.row(t)) c += cells_[cell(w, f)].count > 0 ? 1 : 0;
        return c;
    }

    void place(int t, int f) {
        frame_[idx(t)] = f;
        sender_owner(e_.sender[idx(t)], f) = {t, e_.receiver[idx(t)]};
        receiver_owner(e_.receiver[idx(t)], f) = {t, e_.sender[idx(t)]};
        for (int w : e_.row(t)) bump(cell(w, f), +1);
    }
    void lift(int t) {
        const int f = frame(t);
        sender_owner(e_.sender[idx(t)], f) = {};
        receiver_owner(e_.receiver[idx(t)], f) = {};
        for (int w : e_.row(t)) bump(cell(w, f), -1);
        frame_[idx(t)] = -1;
    }

    /// The transfer of frame f at t's receiver (-1: none).
    int at_receiver(int t, int f) const { return receiver_owner(e_.receiver[idx(t)], f).transfer; }

    /// The alternating cycle of frames a and b through t (which is in a), or the path when
    /// it is not closed, however long: walk_all() for the one frame b.
    std::span<const int> cycle(int t, int a, int b) {
        const std::size_t cap = frame_.size();  // more than any path holds
        chain_.resize(cap + 1);
        chain_frame_.resize(chain_.size());
        std::vector<Move> one(1);
        walk_all(t, a, {b}, 0, 1, cap, one, scratch_[0]);
        return chain(one[0]);
    }

    /// The moves of t out of frame a into each frame b of `tried`: the Kempe cycle of a and b
    /// through t (usable when it holds at most `cap` transfers) and the change of the
    /// cost its swap would make. The cycles are walked side by side, one step of
    /// each in turn, and the rows and cells they need are prefetched for all of them before
    /// any is read: the reads of different cycles overlap instead of waiting on one another
    /// (a move on a 512-host square, 128 cycles, was bound by those waits). The frames are
    /// shared out in chunks between this thread and `helper`'s.
    void moves(int t, int a, const std::vector<int>& tried, std::size_t cap, std::vector<Move>& out, HelperThread& helper) {
        out.resize(tried.size());
        chain_.resize(tried.size() * (cap + 1));
        chain_frame_.resize(chain_.size());
        helper.run(tried.size(), kMovesPerChunk, [&](std::size_t begin, std::size_t end, int worker) {
            Scratch& mine = scratch_[idx(worker)];
            walk_all(t, a, tried, begin, end, cap, out, mine);
            for (std::size_t k = begin; k < end; ++k)
                for (int x : chain(out[k])) __builtin_prefetch(e_.rows.data() + idx(x) * e_.stride);
            for (std::size_t k = begin; k < end; ++k)
                for (int x : chain(out[k]))
                    for (int w : e_.row(x)) {
                        __builtin_prefetch(&cells_[cell(w, a)]);
                        __builtin_prefetch(&cells_[cell(w, out[k].b)]);
                    }
            for (std::size_t k = begin; k < end; ++k)
                if (out[k].usable) out[k].delta = delta(out[k], a, mine);
        });
    }
    std::span<const int> chain(const Move& m) const { return {chain_.data() + m.begin, m.size}; }

    /// Moves the transfers of `chain` between frames a and b.
    void swap(std::span<const int> chain, int a, int b) {
        moved_.clear();
        for (int x : chain) moved_.push_back(frame(x) == a ? b : a), lift(x);
        for (std::size_t i = 0; i < chain.size(); ++i) place(chain[i], moved_[i]);
    }

    /// A random congested (link, frame) and a random transfer of it; -1 when none.
    int congested_transfer(Rng& rng, int& f) {
        if (hot_.empty()) return -1;
        const std::size_t c = hot_[rng.below(static_cast<std::uint32_t>(hot_.size()))];
        const int w = static_cast<int>(c / idx(L_));
        f = static_cast<int>(c % idx(L_));
        int pick = -1, seen = 0;
        for (int t : e_.users.row(w))
            if (frame(t) == f && rng.below(static_cast<std::uint32_t>(++seen)) == 0) pick = t;
        return pick;
    }

    Schedule schedule() const {
        Schedule s;
        s.frames.assign(idx(L_), {});
        for (std::size_t t = 0; t < frame_.size(); ++t) s.frames[idx(frame_[t])].push_back(static_cast<int>(t));
        std::erase_if(s.frames, [](const std::vector<int>& f) { return f.empty(); });
        return s;
    }

private:
    /// The transfer using an endpoint in a frame, and its other endpoint: a walk reads one
    /// entry per step.
    struct Owner {
        int transfer = -1, other_end = -1;
    };
    /// A (watched link, frame): its transfers (latin_schedule refuses traffics whose
    /// transfers could exceed the count in a frame). Four bytes, as when it also held a
    /// weight: with two, the Kempe insertion that answers the 512-host dragonfly fragment
    /// after this search declines it (bench/fragments.cpp, seed 1) finished within its share
    /// in 8 of 15 runs, against 10 of 11 with four (peak memory 97-98 MB against 94-95:
    /// the smaller tables change what the allocator hands the insertion afterwards).
    struct Cell {
        std::uint16_t count = 0, unused = 0;
    };

    Owner& sender_owner(int s, int f) { return by_sender_[idx(s) * idx(L_) + idx(f)]; }
    const Owner& sender_owner(int s, int f) const { return by_sender_[idx(s) * idx(L_) + idx(f)]; }
    Owner& receiver_owner(int r, int f) { return by_receiver_[idx(r) * idx(L_) + idx(f)]; }
    const Owner& receiver_owner(int r, int f) const { return by_receiver_[idx(r) * idx(L_) + idx(f)]; }
    std::size_t cell(int w, int f) const { return idx(w) * idx(L_) + idx(f); }

    /// Where the walk of one cycle of walk_all() stands: on endpoint `end` (a sender's when
    /// `sender`) in frame `on`; on the side of t's receiver once its sender's side ended.
    struct WalkStep {
        int end, on;
        bool sender, from_receiver, walking;
    };

    /// One thread's scratch for moves(): its cycles' walks, and per watched link the change
    /// delta() counts (zero between calls).
    struct Scratch {
        std::vector<WalkStep> steps;
        std::vector<int> into_a, touched;
    };
    /// Frames of moves() a thread takes at a time: enough cycles for their reads to overlap.
    static constexpr std::size_t kMovesPerChunk = 16;

    /// The change of the cost that swap(chain(m), a, m.b) would make.
    long delta(const Move& m, int a, Scratch& scratch) const {
        // A link's count changes in a by the chain's transfers that come from b less those
        // that leave a, and in b by the opposite.
        for (std::size_t i = 0; i < m.size; ++i) {
            const int into_a = chain_frame_[m.begin + i] == a ? -1 : +1;
            for (int w : e_.row(chain_[m.begin + i])) {
                if (scratch.into_a[idx(w)] == 0) scratch.touched.push_back(w);
                scratch.into_a[idx(w)] += into_a;
            }
        }
        auto change = [](const Cell& x, int d) {
            return static_cast<long>(std::max(0, x.count + d - 1) - std::max(0, x.count - 1));
        };
        long d = 0;
        for (int w : scratch.touched) {
            const int n = scratch.into_a[idx(w)];
            scratch.into_a[idx(w)] = 0;
            if (n != 0) d += change(cells_[cell(w, a)], n) + change(cells_[cell(w, m.b)], -n);
        }
        scratch.touched.clear();
        return d;
    }

    /// The cycles of moves() for tried[begin, end), walked side by side; each chain's
    /// transfers and their frames go to chain_ and chain_frame_ (cap + 1 entries per move).
    void walk_all(int t, int a, const std::vector<int>& tried, std::size_t begin, std::size_t end, std::size_t cap,
                  std::vector<Move>& out, Scratch& scratch) {
        std::vector<WalkStep>& steps = scratch.steps;
        steps.resize(end - begin);
        for (std::size_t k = begin; k < end; ++k) {
            out[k] = Move{tried[k], k * (cap + 1), 1, 0, true};
            chain_[out[k].begin] = t, chain_frame_[out[k].begin] = a;
            steps[k - begin] = {e_.sender[idx(t)], tried[k], true, false, true};
        }
        for (std::size_t walking = end - begin; walking > 0;) {
            walking = 0;
            for (std::size_t k = begin; k < end; ++k) {
                WalkStep& s = steps[k - begin];
                if (!s.walking) continue;
                Move& m = out[k];
                const Owner& y = s.sender ? sender_owner(s.end, s.on) : receiver_owner(s.end, s.on);
                if (y.transfer == t) {
                    s.walking = false;  // closed
                } else if (y.transfer < 0) {
                    // The path ended on this side: walk on from t's receiver, or stop.
                    if (s.from_receiver) s.walking = false;
                    else s = {e_.receiver[idx(t)], m.b, false, true, true};
                } else if (m.size >= cap) {
                    s.walking = m.usable = false;
                } else {
                    chain_[m.begin + m.size] = y.transfer, chain_frame_[m.begin + m.size] = s.on, ++m.size;
                    s.end = y.other_end, s.on = s.on == a ? m.b : a, s.sender = !s.sender;
                }
                walking += s.walking ? 1 : 0;
            }
        }
    }

    void bump(std::size_t c, int d) {
        Cell& x = cells_[c];
        const int before = x.count;
        x.count = static_cast<std::uint16_t>(before + d);
        cost_ += std::max(0, x.count - 1) - std::max(0, before - 1);
        const bool was_hot = before > 1, is_hot = x.count > 1;
        if (is_hot && !was_hot) {
            hot_pos_[c] = hot_.size();
            hot_.push_back(c);
        } else if (was_hot && !is_hot) {
            const std::size_t p = hot_pos_[c];
            hot_[p] = hot_.back();
            hot_pos_[hot_[p]] = p;
            hot_.pop_back();
        }
    }

    const Endpoints& e_;
    int L_, watched_;
    std::vector<int> frame_;
    std::vector<Owner> by_sender_, by_receiver_;
    std::vector<Cell> cells_;
    std::vector<std::size_t> hot_pos_;  // per cell: its position in hot_ while congested
    std::vector<std::size_t> hot_;
    std::vector<int> moved_;
    std::array<Scratch, 2> scratch_;  // the calling thread's and the helper's
    std::vector<int> chain_, chain_frame_;
    long cost_ = 0;
};

/// König's colouring, each transfer in the free frame where it adds the least congestion;
/// when no frame is free at both ends, the alternating path of a frame a free at the sender
/// and a frame b free at the receiver swaps, which frees a at the receiver too (the path
/// starts at the receiver and never reaches the sender, where a is free). False when L is
/// below an endpoint's load or at the deadline.
bool colour(Square& sq, const std::vector<int>& order, DeadlinePoll& poll) {
    for (int t : order) {
        if (poll.expired()) return false;
        int best = -1, best_added = 0, a = -1, b = -1;
        for (int f = 0; f < sq.frames(); ++f) {
            const bool s = sq.free_at_sender(t, f), r = sq.free_at_receiver(t, f);
            if (s && a < 0) a = f;
            if (r && b < 0) b = f;
            if (!s || !r) continue;
            const int added = sq.added(t, f);
            if (best < 0 || added < best_added) best = f, best_added = added;
            // Nothing comes before the first frame that adds nothing: where the rows have
            // room (thousands of frames) the scan ends there instead of at the last frame.
            if (added == 0) break;
        }
        if (best < 0) {
            if (a < 0 || b < 0) return false;
            sq.swap(sq.cycle(sq.at_receiver(t, a), a, b), a, b);
            best = a;
        }
        sq.place(t, best);
    }
    return true;
}

/// Insertion order: transfers on the most watched links first, ties at random.
std::vector<int> colouring_order(const Endpoints& e, Rng& rng) {
    const int n = static_cast<int>(e.sender.size());
    std::vector<std::pair<std::uint64_t, int>> keyed(idx(n));
    for (int t = 0; t < n; ++t) {
        std::uint64_t load = 0;
        for (int w : e.row(t)) load += e.users.row(w).size();
        keyed[idx(t)] = {(std::uint64_t{0xFFFFFFFF} - std::min<std::uint64_t>(load, 0xFFFFFFFF)) << 32 | (rng.next() >> 32), t};
    }
    std::sort(keyed.begin(), keyed.end());
    std::vector<int> order(idx(n));
    for (int i = 0; i < n; ++i) order[idx(i)] = keyed[idx(i)].second;
    return order;
}

/// Kempe cycles longer than this are not tried: a short cycle changes few transfers, so
/// its effect is measured cheaply and it rarely undoes the rest of the square. Measured on
/// 128-host fragments of fat-tree:4,5, fat-tree:8,3, hypercube:10 and a dragonfly (three
/// seeds each): a cap of 12 left one fat-tree:8,3 seed at 7.8 s, 16 and 24 all within
/// 1 s; without a cap (cycles of ~130 transfers on average) 4.9 s for the first one.
constexpr std::size_t kCycleCap = 24;
/// Without a time limit the search still stops after this many seconds.
constexpr double kUnlimitedSeconds = 5.0;
/// A move that raises the cost by d is made with probability kAcceptPerMille[d] / 1 000
/// and never beyond the table: exp(-d / 0.7), rounded into a fixed table so that every
/// standard library makes the same choices (threshold acceptance as in simulated
/// annealing at a fixed temperature). Measured on 256-host fragments of the 1 056-host
/// dragonfly (Λ 255): making the least raising move whenever none lowers the cost, as this
/// search did with breakout weights (P. Morris, "The breakout method for escaping from
/// local minima", AAAI 1993), let the cost climb back from ~230 congested cells to
/// thousands, and no seed completed in 10 s; with this table and the tabu below seeds 1, 3
/// and 4 complete in 1.0-2.3 s (three walk seeds each; seed 2, inner links at up to 238 of
/// 255, stalls near 80 cells). At exp(-d / 1.5) seed 3 never completed; at exp(-d) the
/// 256-host fragment of fat-tree:8,3 (seed 1, inner links setting Λ) stalled at 2 cells;
/// breakout weights on top of this table left seed 3 at 694 cells.
constexpr std::array<std::uint32_t, 6> kAcceptPerMille{1000, 240, 57, 14, 3, 1};

/// A transfer that leaves a frame may not go back into it for a tenure of one move per
/// kFramesPerTabuMove frames (at least one) and up to as many more, at random: without it
/// the dragonfly fragment's seed 3 sat at one congested cell for 8 s, going back and forth;
/// with 10-20 moves (255 frames) the square completed in 1.4 s. A fixed tenure did not fit
/// small squares: 32 hosts of fat-tree:4,3 (32 frames, inner links setting Λ) completed
/// with none in 20-51 ms, with 5-10 moves in up to 0.5 s, with 10-20 not at all.
constexpr int kFramesPerTabuMove = 25;

/// Per transfer the frame it left last and the move until which it may not go back there.
class Tabu {
public:
    Tabu(std::size_t transfers, int frames)
        : tenure_(static_cast<std::uint32_t>(std::max(1, frames / kFramesPerTabuMove))), left_(transfers, -1),
          until_(transfers, 0) {}

    /// Whether swapping `chain` between frames a and b sends a transfer back too soon.
    bool forbids(const Square& sq, std::span<const int> chain, int a, int b, std::size_t now) const {
        for (int x : chain)
            if (left_[idx(x)] == (sq.frame(x) == a ? b : a) && until_[idx(x)] > now) return true;
        return false;
    }
    /// Notes the frames `chain`'s transfers are about to leave.
    void note(const Square& sq, std::span<const int> chain, std::size_t now, Rng& rng) {
        for (int x : chain) {
            left_[idx(x)] = sq.frame(x);
            until_[idx(x)] = now + tenure_ + rng.below(tenure_ + 1);
        }
    }

private:
    std::uint32_t tenure_;
    std::vector<int> left_;
    std::vector<std::size_t> until_;
};

/// How a repair ended (Hopeless: stalled, and hopeless() said so early; Expired: the
/// deadline or the move cap).
enum class Repair { Complete, Stalled, Hopeless, Expired };

/// The moves left of LatinOptions::max_moves, shared by every start's repair.
class MoveBudget {
public:
    explicit MoveBudget(std::uint64_t cap) : capped_(cap > 0), left_(cap) {}
    /// Takes one move; false once the cap is spent.
    bool take() {
        if (!capped_) return true;
        if (left_ == 0) return false;
        --left_;
        return true;
    }

private:
    bool capped_;
    std::uint64_t left_;
};
/// Moves of a repair before its first progress check (then at every doubling).
constexpr std::size_t kFirstCheck = 1024;

/// After a move per eight transfers and again after a move per two, the congestion the
/// search has reached tells whether it will end: measured on 128- and 256-host fragments,
/// squares it completed were at most at 2.2 % of the transfers after a move per two
/// (fat-tree:16,2, 128 hosts, seed 6, from König's colouring: 365 cells, square complete
/// after 175 000 moves) and at 2.6 % after a move per eight (the same fabric's seed 2 from
/// König's colouring, relabelled group tables of the 1 056-host dragonfly), squares it
/// never completed in 20 s at 8–13 % (the dragonfly's fabric-order and König starts at 256
/// hosts; the first check gives them up after ~0.5 s instead of ~2.5 s). Above 5 % this
/// start is given up.
bool hopeless(long congested, std::size_t transfers) { return static_cast<std::size_t>(congested) * 20 > transfers; }

/// Where the rows are open (L above the endpoints' load, the start spread), an earlier check
/// after a move per 32 transfers: measured there, the squares the repair completed were at
/// 0.04-5.4 % of the transfers (fragments of fat-tree:4,5 and fat-tree:5,4 of 512 hosts,
/// of torus:8x8x8, fat-tree:8,3, mesh:8x8x8 and chordal-ring:512,23 of 256), the starts it
/// never completed at 10.9-13.7 % (512 hosts of fat-tree:5,4 seed 7, whose first two
/// starts then stayed above 5 % until the move per eight, 7-12 s of repair, while the Kempe
/// insertion after the search answers in 5 s). Above 1/12 (8.3 %) the start is given up,
/// unless the search is patient (LatinOptions::patient): on fragments of deep fat trees
/// with few hosts per leaf the squares it completed were at 9.0-12.4 % here (64 hosts of
/// fat-tree:2,8 seeds 5, 10, 15, 20 and of fat-tree:2,9 seed 17; 128 of fat-tree:2,10 seed
/// 1, 9.8 %), and at 0.5-2.0 % after a move per eight. A patient search looks after a move
/// per two instead, where those squares were at 0.0-0.4 % and the ones it did not complete
/// in 10 s at 1.1-10.6 % (128 hosts of fat-tree:2,9 seeds 1 and 3, fat-tree:4,4 seed 1,
/// fat-tree:2,8 seed 1): above 1/100 it gives the start up, leaving the solve's tabu stage
/// its time (which reached 130 frames on fat-tree:2,9 seeds 1 and 3, Λ 128).
struct EarlyCheck {
    std::size_t per;   // after a move per this many transfers
    std::size_t over;  // give up above 1 / over of them congested
    bool hopeless(long congested, std::size_t transfers) const { return static_cast<std::size_t>(congested) * over > transfers; }
};
EarlyCheck early_check(bool patient) { return patient ? EarlyCheck{2, 100} : EarlyCheck{32, 12}; }

/// When this many first starts are all hopeless, the search declines. Where the inner
/// links are as busy as the hosts' every start is (the whole torus:4x4x4 and
/// chordal-ring:32,5: 18-60 %; 128 hosts of a 342-host dragonfly and of an 8 x 8 HyperX
/// with 4 hosts per switch: 7.5-15 %), and the search, trying relabelling after relabelling,
/// kept its whole share of the budget (4 s of 10) from the constructions after it, which
/// answer them (the first dive of the fission search: 1 s). The squares it completed on the
/// fragments table and on those fabrics did so from the first start but one, which came
/// after four that stalled, none hopeless (64 hosts of a 6 x 6 HyperX).
constexpr int kHopelessStarts = 3;

/// Up to this many frames every other frame is tried for a move; beyond, the
/// kFramesTried where the moving transfer adds the least congestion (ties at random). On a
/// 512-host hypercube fragment (511 frames) a move over all of them cost 1.4 ms, reading a
/// row of each frame's tables; with the best 128 the square from the group table was
/// complete in 8 546 moves and 3.6 s (with 192: 4.1 s, 255: 5.0 s, 64: stalled at 119
/// cells). With 256 frames trying fewer hurt: 256 hosts of fat-tree:4,5 seed 3 completed
/// in 8 404 moves trying all, stalled at 1 043 cells trying 128.
constexpr int kAllFramesUpTo = 256;
constexpr std::size_t kFramesTried = 128;

/// The frames b != a a move of t out of frame a tries.
void frames_to_try(const Square& sq, int t, int a, Rng& rng, std::vector<int>& tried) {
    tried.clear();
    if (sq.frames() <= kAllFramesUpTo) {
        for (int b = 0; b < sq.frames(); ++b)
            if (b != a) tried.push_back(b);
        return;
    }
    std::vector<std::pair<std::uint64_t, int>> keyed;
    keyed.reserve(static_cast<std::size_t>(sq.frames()));
    for (int b = 0; b < sq.frames(); ++b)
        if (b != a) keyed.emplace_back(static_cast<std::uint64_t>(sq.added(t, b)) << 32 | (rng.next() >> 32), b);
    const std::size_t k = std::min(kFramesTried, keyed.size());
    std::nth_element(keyed.begin(), keyed.begin() + static_cast<std::ptrdiff_t>(k - 1), keyed.end());
    for (std::size_t i = 0; i < k; ++i) tried.push_back(keyed[i].second);
    // In frame order: nth_element leaves the k in an order of the standard library's own,
    // and the ties of the move are broken in the order tried.
    std::sort(tried.begin(), tried.end());
}

/// Of `candidates`, the usable move lowering the cost most that the tabu allows (ties at
/// random); nullptr when there is none.
const Move* best_move(const Square& sq, const std::vector<Move>& candidates, int a, const Tabu& tabu, std::size_t now, Rng& rng) {
    const Move* best = nullptr;
    std::uint32_t ties = 0;
    for (const Move& m : candidates) {
        if (!m.usable || (best && m.delta > best->delta) || tabu.forbids(sq, sq.chain(m), a, m.b, now)) continue;
        if (!best || m.delta < best->delta) {
            best = &m, ties = 1;
        } else if (rng.below(++ties) == 0) {
            best = &m;
        }
    }
    return best;
}

/// Whether a move changing the cost by `delta` is made (kAcceptPerMille).
bool accepted(long delta, Rng& rng) {
    if (delta <= 0) return true;
    return delta < static_cast<long>(kAcceptPerMille.size()) && rng.below(1000) < kAcceptPerMille[idx(static_cast<int>(delta))];
}

/// The repair: a random congested transfer t of frame a; of the Kempe cycles of a and every
/// other frame b through t that are short and not tabu, the one lowering the cost most
/// swaps (ties at random), or, when none lowers it, the least raising one now and then
/// (kAcceptPerMille). Stalled when the fewest congested cells reached did not fall over two
/// checks (checks at 1 024 moves and every doubling: squares it completes improve at every
/// other one at least — a 512-host hypercube's held 1 cell from 16 384 to 32 768 moves and
/// was complete at 37 549 —, the ones it does not stay at their best for tens of thousands
/// of moves) or when hopeless; Expired at the deadline or the move cap.
Repair repair(Square& sq, std::size_t transfers, bool rows_open, bool patient, Rng& rng, DeadlinePoll& poll, MoveBudget& budget,
              HelperThread& helper) {
    if (sq.frames() < 2) return sq.cost() == 0 ? Repair::Complete : Repair::Stalled;
    std::vector<int> tried;
    std::vector<Move> candidates;
    Tabu tabu(transfers, sq.frames());
    long least = sq.cost(), least_before[2] = {least, least};  // at the last two checks
    std::size_t check = kFirstCheck;
    const EarlyCheck early = early_check(patient);
    for (std::size_t moves = 0; sq.cost() > 0; ++moves) {
        if (poll.expired() || !budget.take()) return Repair::Expired;
        least = std::min(least, sq.cost());
        if ((moves == transfers / 8 || moves == transfers / 2) && hopeless(least, transfers)) return Repair::Hopeless;
        if (rows_open && moves == transfers / early.per && early.hopeless(least, transfers)) return Repair::Hopeless;
        if (moves == check) {
            if (check > kFirstCheck && least >= least_before[1]) return Repair::Stalled;
            least_before[1] = least_before[0], least_before[0] = least, check *= 2;
        }
        int a = -1;
        const int t = sq.congested_transfer(rng, a);
        frames_to_try(sq, t, a, rng, tried);
        sq.moves(t, a, tried, kCycleCap, candidates, helper);
        const Move* best = best_move(sq, candidates, a, tabu, moves, rng);
        if (!best || !accepted(best->delta, rng)) continue;
        tabu.note(sq, sq.chain(*best), moves, rng);
        sq.swap(sq.chain(*best), a, best->b);
    }
    return Repair::Complete;
}

/// A square of group_square placed whole; false when it does not fit the endpoints (two
/// hosts behind one endpoint link).
bool place_group_square(Square& sq, const std::vector<int>& frames) {
    for (std::size_t t = 0; t < frames.size(); ++t) {
        const int f = frames[t], x = static_cast<int>(t);
        if (f >= sq.frames() || !sq.free_at_sender(x, f) || !sq.free_at_receiver(x, f)) return false;
        sq.place(x, f);
    }
    return true;
}

/// Where the rows of the square are not full (L above the endpoints' load): every
/// congested transfer, in a seeded random order, moves to a frame free at its sender and
/// its receiver where it adds no congestion, the first from a random frame on. Such a move
/// is a Kempe cycle of one transfer; made here without weighing every frame's cycle. On the
/// group tables of 512 hosts of fat-tree:4,5 (seeds 1 and 3: 560 and 548 frames, 511
/// filled) it left 12 711 and 22 435 congested cells (the repair alone was still at 70 263
/// on the first after 1 024 moves), and the squares were complete in 5.3-6.0 and 6.7-7.1 s
/// instead of 6.1 and 10.8 s (one thread). Repeating it until it stops gaining, or also
/// moving transfers where they add less than they suffer, reached fewer cells but left a
/// 256-host fat-tree:8,3 fragment (259 frames, four above the hosts') unsolved on four
/// seeds of four, which one pass solves on three. False when the deadline passed first
/// (a transfer may try every frame: 4.2 million transfers of torus:16x16x8 in 4 608 frames
/// kept a 60 s command busy 100 s).
bool spread(Square& sq, int transfers, Rng& rng, DeadlinePoll& poll) {
    std::vector<int> order(idx(transfers));
    for (int i = 0; i < transfers; ++i) order[idx(i)] = i;
    shuffle(order.begin(), order.end(), rng);
    const int L = sq.frames();
    for (int t : order) {
        if (!sq.congested(t)) continue;
        if (poll.expired()) return false;
        const int first = static_cast<int>(rng.below(static_cast<std::uint32_t>(L)));
        for (int k = 0; k < L; ++k) {
            const int b = (first + k) % L;
            if (b == sq.frame(t) || !sq.free_at_sender(t, b) || !sq.free_at_receiver(t, b) || sq.added(t, b) > 0) continue;
            sq.lift(t);
            sq.place(t, b);
            break;
        }
    }
    return true;
}

/// A spread square still congested on more than a fifth as many cells as it has transfers
/// is not repaired: measured after the spread, the squares the repair completed were at
/// 1.5-11.6 % (fragments of fat-tree:4,5 of 256-512 hosts, of torus:8x8x8 of 128 and 256),
/// those it never completed in 15-30 s at 51-121 % (torus:6x6x6 seed 4 at 128 hosts, the
/// whole torus:8x8, 512 hosts of torus:8x8x8 and of a dragonfly). A patient search
/// (LatinOptions::patient) gives up above a third only: the deep fat trees' fragments above
/// started at 23-29 % and were complete in 0.1-1.6 s, while 128 hosts of fat-tree:2,8 seed
/// 1 (45 %) were not in 10 s.
bool hopeless_start(long congested, std::size_t transfers, bool patient) {
    return static_cast<std::size_t>(congested) * (patient ? 3 : 5) > transfers;
}

/// The starts of the search, each repaired until it stalls. Measured on 128- and 256-host
/// fragments of fat trees, hypercubes, a dragonfly and OpenSM-routed fabrics (ten cases):
/// the group square with the hosts in fabric order completed in at most 2 600 moves where
/// König's colouring needed up to 175 000 (fat-tree:16,2, 128 hosts, seed 6: 715 moves
/// against 175 208), and where König's stalled: 256 hosts of fat-tree:4,5 seed 3 (8 900
/// moves) and of OpenSM's ftree and minhop routings (2 600). On the 256-host dragonfly the
/// fabric order stalls, and so do random relabellings where the inner links are busiest
/// (seed 2: inner links at up to 238 of 255; 19 337 congested cells at the start, still
/// 21-100 after 40 s of repair), where the packed labelling's table (group_square.hpp,
/// 13 800-14 100 cells, built in 0.05 s) completes in 1.3-2.8 s, and seeds 1 and 3 in
/// 0.4-1.2 s instead of 1.4-2.3. So: fabric order first (attempt 0), König's colouring
/// second, then packed labellings of seeded ties — unless first_attempt() says the fabric
/// order is the worse table.
std::uint64_t group_relabelling(std::uint64_t seed, int attempt) {
    return attempt == 0 ? 0 : seed + static_cast<std::uint64_t>(attempt);
}

/// The square of an attempt after the first two: a packed labelling, or a random one where
/// packing would read too many cells or the deadline came first. The watched links per
/// transfer are copied out of the rows for it (a pass over them, N / 3 times less than the
/// packing reads) instead of being kept beside the rows all search long.
std::vector<int> relabelled_square(const Traffic& traffic, const Endpoints& e, std::uint64_t seed, int attempt,
                                   const Deadline& deadline) {
    Incidence watched;
    for (std::size_t t = 0; t < e.sender.size(); ++t) {
        const std::span<const int> r = e.row(static_cast<int>(t));
        watched.items.insert(watched.items.end(), r.begin(), r.end());
        watched.start.push_back(watched.items.size());
    }
    std::vector<int> packed = packed_group_square(traffic, watched, group_relabelling(seed, attempt), deadline);
    return packed.empty() ? group_square(traffic, group_relabelling(seed, attempt)) : packed;
}

/// The congestion a group square leaves on the watched links (Square's cost, counted
/// without building one): per watched link, its transfers less the frames they occupy.
long square_congestion(const Endpoints& e, const std::vector<int>& frames, int L) {
    std::vector<int> last(idx(L), -1);  // per frame: the last watched link seen using it
    long congested = 0;
    for (int w = 0; w < e.users.rows(); ++w)
        for (int t : e.users.row(w)) {
            const int f = frames[idx(t)];
            if (f >= L) return std::numeric_limits<long>::max();
            int& seen = last[idx(f)];
            if (seen == w) ++congested;
            seen = w;
        }
    return congested;
}

/// Whether the fabric order's dihedral table (group_square.hpp) is the second start where
/// the rows are full: for N hosts even but not a power of two, after the abelian table.
/// Measured on 200 hosts of fat-tree:8,3 (Λ = 199, seeds 1-3, 21, 22: 201 frames, by the
/// tabu descent): the abelian tables, whose cycles of four come from 6-7 of the 198 other
/// frames, were still at 5.1-5.5 % of the transfers congested after a move per eight (seeds
/// 1, 2 and 21), hopeless, and so were König's colouring (7.2-7.6 %) and the packed
/// labellings (5.2-5.7 %). From the dihedral table, about half of the frames closing cycles
/// of four, seed 1 completes in 0.8 s (as the first start, seeds 1, 3 and 22 did in 0.7-1.7
/// s); 200 hosts of fat-tree:4,5 seed 21 became liquid, and 300 of the 1 056-host dragonfly
/// gained a frame (300 / 299). It does not replace the abelian table: 192 hosts of
/// fat-tree:4,5 seed 3 complete from that one in 1.2-2.2 s and missed from the dihedral one
/// alone (193 / 191 at 10 s).
bool dihedral_pays(int hosts) { return hosts % 2 == 0 && (hosts & (hosts - 1)) != 0; }

/// The first start's attempt where the rows are full: the fabric order (0) when its group
/// table is no more congested than a random relabelling's, else a packed labelling (2),
/// and then those only. On the fat trees and hypercubes of the fragments table the fabric
/// order's table is 1.2-4.6 times less congested than a random one and completes first
/// (where a packed one, 0.2-0.3 s to build for 512 hosts, would not pay); on 128- and
/// 256-host fragments of the 1 056-host dragonfly it is 3.8-5.1 times more congested
/// (hosts of one group meet in the same frames on their one global link) and hopeless,
/// and so is König's colouring there (8.5-10.6 % of the transfers congested after a move
/// per eight), each costing ~0.5 s before a relabelled table that completes. Where the
/// rows are open (inner links set Λ) the fabric order stays first: on 512 hosts of that
/// dragonfly a relabelled start, spread, was not far enough from a square for the search
/// to decline at once, and it kept its share from the Kempe insertion that answers (553
/// frames instead of Λ = 537).
/// `first_congestion`: the first table's (square_congestion; the fabric order's or the
/// routes' order's, prefer_route_order).
int first_attempt(const Endpoints& e, long first_congestion, const Traffic& traffic, std::uint64_t seed, int L) {
    const std::vector<int> random = group_square(traffic, group_relabelling(seed, 2));
    return square_congestion(e, random, L) < first_congestion ? 2 : 0;
}

/// Where the rows are full, the fabric order's table gives way to the hosts in the order of
/// their routes from the first host (group_square.hpp) when that table is less congested.
/// Under a fat tree's destination-mod-k routing a destination's lowest digits pick the
/// up-links its traffic climbs, so that order groups the destinations the way the whole
/// tree's contention-free table (the translations of its digits) does, where the fabric
/// order groups them by leaf: on 128 hosts of fat-tree:2,10 seed 3 (Λ 127 set by the
/// hosts) 3 160 congested cells against 4 185, and the square complete in 0.23 s, within
/// the move cap before the fission dive, which misses it (130 frames after 10 s from the
/// fabric order); 64 hosts of fat-tree:2,8 seed 2 in 0.03 s (65 / 63 before). On a base-3
/// tree the labels' binary digits do not follow the tree's (128 hosts of fat-tree:3,5 seed
/// 2: 6 287 against 5 509), and the fabric order stays. Measured unchanged elsewhere: the
/// fragments table at 64-512 ranks, 20 seeds each of the 342-host dragonfly and the 8 x 8
/// HyperX at 128, and the 72 three-level OpenSM-routed trees (0.7-1.3 s at 512 ranks
/// against 1.0-1.9 s). Returns the congestion of the table kept in `square`.
long prefer_route_order(const Endpoints& e, const Traffic& traffic, int L, std::vector<int>& square) {
    const long fabric = square_congestion(e, square, L);
    std::vector<int> by_route = route_order_group_square(traffic);
    if (by_route.empty()) return fabric;
    const long routed = square_congestion(e, by_route, L);
    if (routed >= fabric) return fabric;
    square = std::move(by_route);
    return routed;
}

/// Whether the busiest links are tried as the rows (Ends::Busiest) when the hosts' links
/// carry `hosts_load` of Λ = L: only with a quarter of the frames to spare on them.
/// Measured on the fragments table: where they carried half of Λ or less (OpenSM-routed
/// 2:1 fat trees, 64-512 hosts; a tapered three-level tree) the search was liquid in
/// 0.01-1.0 s, on the 512-host tree where the insertion ended 6 frames above Λ after
/// 9.5 s; where they carried nine tenths or more (256 hosts of fat-tree:8,3 seed 1 and of
/// fat-tree:4,5 seeds 1-2, 512 of fat-tree:4,5), `latin-inner`'s group table answers, and
/// trying these rows first cost 0.1-1.5 s more.
bool busiest_ends_pay(int hosts_load, int L) { return 4 * static_cast<long>(hosts_load) <= 3 * static_cast<long>(L); }

/// The largest load of an endpoint link (0 when the traffic has no endpoint structure).
int endpoint_load(const Endpoints& e) {
    std::vector<int> senders(idx(e.senders), 0), receivers(idx(e.receivers), 0);
    for (std::size_t t = 0; t < e.sender.size(); ++t) ++senders[idx(e.sender[t])], ++receivers[idx(e.receiver[t])];
    int most = 0;
    for (int x : senders) most = std::max(most, x);
    for (int x : receivers) most = std::max(most, x);
    return most;
}

}  // namespace

std::uint64_t latin_memory_bytes(const Traffic& traffic, int frames) {
    std::uint64_t path = 0, longest = 0;
    for (const Transfer& t : traffic.transfers())
        path += t.path.size(), longest = std::max<std::uint64_t>(longest, t.path.size());
    const auto L = static_cast<std::uint64_t>(std::max(frames, 1));
    const auto links = static_cast<std::uint64_t>(traffic.link_count());
    // Per (link, frame), at most: an owner and its other end at a sender or at a receiver
    // (a link is one of them at most), and when watched a cell, a position in the
    // congested list and the packed labelling's mark. The incidences both ways and the rows
    // of fixed stride; per transfer its endpoints, frame, tabu entry and row start, and for
    // the packed labelling its place under both hosts and a pair of labels' frame.
    return links * L * (6 * sizeof(int) + sizeof(std::size_t) + 1) + 3 * path * sizeof(int) +
           static_cast<std::uint64_t>(traffic.size()) *
               (56 + sizeof(std::size_t) + 3 * sizeof(int) + (longest + 1) * sizeof(int)) +
           links * 16;
}

std::optional<Schedule> latin_schedule(const Traffic& traffic, const LatinOptions& options, const Limits& limits) {
    if (traffic.empty()) return Schedule{};
    const int L = options.frames > 0 ? options.frames : duration_of(traffic);
    if (L < 1 || !limits.fits(latin_memory_bytes(traffic, L))) return std::nullopt;
    Endpoints e;
    // A (link, frame) holds at most one transfer per sender: its count fits the cells.
    const auto numbered = [&](Ends ends) {
        e = Endpoints{};
        return number_endpoints(traffic, ends, e) && std::min(e.senders, e.receivers) <= kMostCellCount;
    };
    if (!numbered(Ends::Hosts)) return std::nullopt;
    const int hosts_load = endpoint_load(e);
    bool rows_open = hosts_load < L;
    // Where switch-to-switch links carry Λ and the hosts' links do not, those links may
    // still be the rows (Ends::Busiest): then the square is coloured, never a group table.
    bool hosts_are_ends = true;
    if (options.frames <= 0 && !options.inner_links && rows_open) {
        if (!busiest_ends_pay(hosts_load, L) || !numbered(Ends::Busiest)) return std::nullopt;
        hosts_are_ends = false, rows_open = false;
    }
    // Where the rows alone decline the traffic, before the watched links' tables (they took
    // 2.1 of the 2.4 s the decline of the 4.2 million transfers of torus:16x16x8 took).
    if (options.frames <= 0 && options.inner_links != rows_open) return std::nullopt;
    watch_links(traffic, e);
    std::vector<int> square = hosts_are_ends && L >= e.senders - 1 ? group_square(traffic, 0) : std::vector<int>{};
    if (options.frames <= 0 && options.inner_links && square.empty()) return std::nullopt;
    Rng rng(options.seed);
    const Deadline deadline = limits.deadline.limited() ? limits.deadline : limits.deadline.sooner(kUnlimitedSeconds);
    DeadlinePoll poll(deadline, 64);
    MoveBudget budget(options.max_moves);
    HelperThread helper;
    // A complete all-to-all among N hosts in L >= N - 1 frames starts from the group's table
    // (in the first N - 1 frames).
    bool group = !square.empty();
    const bool rows_full_group = group && !rows_open;
    const long first_congestion = rows_full_group ? prefer_route_order(e, traffic, L, square) : 0;
    const int first = rows_full_group ? first_attempt(e, first_congestion, traffic, options.seed, L) : 0;
    int starts = 0, hopeless_starts = 0;
    bool dihedral_next = rows_full_group && first == 0 && dihedral_pays(e.senders);
    for (int attempt = first; !deadline.expired(); ++attempt) {
        Square sq(e, L);
        const bool dihedral = attempt == 1 && dihedral_next;
        if (dihedral) dihedral_next = false, --attempt;  // König's colouring after it
        if (group && attempt != 1) {
            if (dihedral) square = group_square(traffic, 0, SquareGroup::Dihedral);
            else if (attempt > 1) square = relabelled_square(traffic, e, options.seed, attempt, deadline);
            // A square that does not fit the endpoints (two hosts behind one link): König's
            // colouring is every next start.
            if (!place_group_square(sq, square)) {
                group = false;
                continue;
            }
        } else if (!colour(sq, colouring_order(e, rng), poll)) {
            return std::nullopt;  // L below an endpoint's load, or the deadline
        }
        if (rows_open) {
            if (!spread(sq, traffic.size(), rng, poll)) return std::nullopt;
            // Every start is as far from a square: the inner links cannot hold one.
            if (hopeless_start(sq.cost(), e.sender.size(), options.patient)) return std::nullopt;
        }
        ++starts;
        switch (repair(sq, e.sender.size(), rows_open, options.patient, rng, poll, budget, helper)) {
            case Repair::Complete: return sq.schedule();
            case Repair::Expired: return std::nullopt;
            case Repair::Hopeless:
                // With open rows every square the repair completed did so from the first
                // start (the group's table in fabric order), the same measurements say.
                if (rows_open) return std::nullopt;
                if (++hopeless_starts == kHopelessStarts && starts == kHopelessStarts) return std::nullopt;
                break;
            case Repair::Stalled: break;
        }
    }
    return std::nullopt;
}

}  // namespace liquid::sched
