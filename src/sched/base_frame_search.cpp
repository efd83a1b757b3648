// Min-conflicts local search for base frames (see base_frame_search.hpp).
#include "sched/base_frame_search.hpp"

#include <algorithm>

#include "liquid/base/deadline.hpp"
#include "liquid/base/rng.hpp"

namespace liquid::sched {
namespace {

using Clock = std::chrono::steady_clock;

/// The current choice: per orbit its representative and base frame, per (base frame, link)
/// the orbits using it, and the cells used more than once (the conflicts to repair).
class Choice {
public:
    Choice(const Traffic& traffic, int r, std::size_t orbits)
        : links_count_(traffic.link_count()), rep_(orbits, -1), frame_(orbits, -1) {
        links_.resize(static_cast<std::size_t>(traffic.size()));
        for (int t = 0; t < traffic.size(); ++t) links_[static_cast<std::size_t>(t)] = traffic[t].links.to_vector();
        const std::size_t cells = static_cast<std::size_t>(r) * static_cast<std::size_t>(links_count_);
        users_.resize(cells);
        pos_.assign(cells, -1);
    }

    long excess() const { return excess_; }
    int rep(int o) const { return rep_[static_cast<std::size_t>(o)]; }
    int frame(int o) const { return frame_[static_cast<std::size_t>(o)]; }

    /// An orbit in a cell used more than once (uniformly among such cells, then users).
    int conflicting_orbit(Rng& rng) const {
        const auto& u = users_[static_cast<std::size_t>(overloaded_[rng.below(static_cast<std::uint32_t>(overloaded_.size()))])];
        return u[rng.below(static_cast<std::uint32_t>(u.size()))];
    }

    /// The excess link uses that transfer t would add in base frame f.
    int added_excess(int t, int f) const {
        int c = 0;
        for (int l : links_[static_cast<std::size_t>(t)]) c += users_[cell(f, l)].empty() ? 0 : 1;
        return c;
    }

    void place(int o, int t, int f) {
        rep_[static_cast<std::size_t>(o)] = t, frame_[static_cast<std::size_t>(o)] = f;
        for (int l : links_[static_cast<std::size_t>(t)]) {
            auto& u = users_[cell(f, l)];
            if (!u.empty()) ++excess_;
            u.push_back(o);
            if (u.size() == 2) mark(cell(f, l), true);
        }
    }

    void remove(int o) {
        const int t = rep(o), f = frame(o);
        for (int l : links_[static_cast<std::size_t>(t)]) {
            auto& u = users_[cell(f, l)];
            u.erase(std::find(u.begin(), u.end(), o));
            if (!u.empty()) --excess_;
            if (u.size() == 1) mark(cell(f, l), false);
        }
        rep_[static_cast<std::size_t>(o)] = -1, frame_[static_cast<std::size_t>(o)] = -1;
    }

private:
    std::size_t cell(int f, int l) const {
        return static_cast<std::size_t>(f) * static_cast<std::size_t>(links_count_) + static_cast<std::size_t>(l);
    }
    void mark(std::size_t c, bool overloaded) {
        if (overloaded) {
            pos_[c] = static_cast<int>(overloaded_.size());
            overloaded_.push_back(static_cast<int>(c));
            return;
        }
        const int p = pos_[c];
        overloaded_[static_cast<std::size_t>(p)] = overloaded_.back();
        pos_[static_cast<std::size_t>(overloaded_.back())] = p;
        overloaded_.pop_back();
        pos_[c] = -1;
    }

    int links_count_;
    std::vector<std::vector<int>> links_;
    std::vector<int> rep_, frame_;
    std::vector<std::vector<int>> users_;
    std::vector<int> overloaded_, pos_;
    long excess_ = 0;
};

/// The least-conflicting (member, base frame) of orbit o that is not tabu, ties broken at
/// random; a tabu one only when it reaches a new best (aspiration). member -1 if all are tabu.
struct Candidate {
    int member = -1, frame = -1;
};
Candidate best_candidate(const Choice& c, const std::vector<int>& members, int r, const std::uint64_t* tabu_until,
                         std::uint64_t now, long best, Rng& rng) {
    Candidate pick;
    int pick_cost = 0;
    std::uint32_t ties = 0;
    for (std::size_t k = 0; k < members.size(); ++k)
        for (int f = 0; f < r; ++f) {
            const int cost = c.added_excess(members[k], f);
            const bool tabu = tabu_until[k * static_cast<std::size_t>(r) + static_cast<std::size_t>(f)] > now;
            if (tabu && c.excess() + cost >= best) continue;
            if (pick.member < 0 || cost < pick_cost) {
                pick = {static_cast<int>(k), f}, pick_cost = cost, ties = 1;
            } else if (cost == pick_cost && rng.below(++ties) == 0) {
                pick = {static_cast<int>(k), f};
            }
        }
    return pick;
}

}  // namespace

BaseFrameChoice search_base_frames(const Traffic& traffic, const std::vector<TransferPermutation>& group, int r,
                                   std::uint64_t seed, Clock::time_point deadline) {
    BaseFrameChoice out;
    const int n = traffic.size();
    const std::size_t m = group.size();
    if (n == 0 || m == 0 || r < 1 || static_cast<std::size_t>(n) % m != 0) return out;
    const std::vector<std::vector<int>> members = orbit_members(group, n);
    Choice c(traffic, r, members.size());
    Rng rng(seed);
    // Greedy start: orbits in random order, each at its least-conflicting place.
    std::vector<int> order(members.size());
    for (std::size_t o = 0; o < order.size(); ++o) order[o] = static_cast<int>(o);
    shuffle(order.begin(), order.end(), rng);
    // tabu[o·m·r + k·r + f]: until when orbit o may not return to member k in base frame f.
    std::vector<std::uint64_t> tabu(members.size() * m * static_cast<std::size_t>(r), 0);
    auto tabu_of = [&](int o) { return tabu.data() + static_cast<std::size_t>(o) * m * static_cast<std::size_t>(r); };
    for (int o : order) {
        const Candidate p = best_candidate(c, members[static_cast<std::size_t>(o)], r, tabu_of(o), 0, 0, rng);
        c.place(o, members[static_cast<std::size_t>(o)][static_cast<std::size_t>(p.member)], p.frame);
    }
    long best = c.excess();
    while (c.excess() > 0) {
        if ((out.iterations & 63U) == 0 && reached(deadline)) break;
        ++out.iterations;
        const int o = c.conflicting_orbit(rng);
        const auto& mem = members[static_cast<std::size_t>(o)];
        const int left = static_cast<int>(std::find(mem.begin(), mem.end(), c.rep(o)) - mem.begin()), left_frame = c.frame(o);
        c.remove(o);
        Candidate p = best_candidate(c, mem, r, tabu_of(o), out.iterations, best, rng);
        if (p.member < 0) p = {left, left_frame};
        // A short random tenure (tabu for 0 to 2 more iterations): measured on torus:7x7 at 49 frames and
        // chordal-ring:32,5 at 32, it answers within about 10^5 iterations where tenures of
        // 5 to 15 need 10^6 or stall.
        tabu_of(o)[static_cast<std::size_t>(left) * static_cast<std::size_t>(r) + static_cast<std::size_t>(left_frame)] =
            out.iterations + rng.below(4);
        c.place(o, mem[static_cast<std::size_t>(p.member)], p.frame);
        best = std::min(best, c.excess());
    }
    out.best_conflicts = best;
    if (c.excess() != 0) return out;
    out.found = true;
    out.base_frames.assign(static_cast<std::size_t>(r), {});
    for (std::size_t o = 0; o < members.size(); ++o)
        out.base_frames[static_cast<std::size_t>(c.frame(static_cast<int>(o)))].push_back(c.rep(static_cast<int>(o)));
    return out;
}

}  // namespace liquid::sched
