// Whole-torus all-to-alls from translation orbits (see translation_orbits.hpp).
#include "sched/translation_orbits.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>

#include "liquid/base/rng.hpp"

namespace liquid::sched {
namespace {

constexpr int kDeadlineStride = 1 << 16;  // transfers between deadline checks

int mod(int a, int q) { return ((a % q) + q) % q; }

/// The largest q dividing every dimension with q >= dims[i] / 2 for every i (0: none).
/// Then the translations by q along an axis move an arc of at most dims[i] / 2 links off
/// itself.
int phase_modulus(const std::vector<int>& dims) {
    int g = 0, half = 0;
    for (int d : dims) g = std::gcd(g, d), half = std::max(half, d / 2);
    for (int q = g; q >= 1; --q)
        if (g % q == 0 && q >= half) return q;
    return 0;
}

/// Positions, phases and offsets of the lattice.
class Torus {
public:
    explicit Torus(const Lattice& lattice) : dims_(lattice.dims), n_(lattice.positions()), q_(phase_modulus(dims_)) {
        coords_.resize(static_cast<std::size_t>(n_) * dims_.size());
        phase_.resize(static_cast<std::size_t>(n_));
        for (int p = 0; p < n_; ++p) {
            int rest = p, sum = 0;
            for (std::size_t d = 0; d < dims_.size(); ++d) {
                coords_[static_cast<std::size_t>(p) * dims_.size() + d] = rest % dims_[d];
                sum += rest % dims_[d];
                rest /= dims_[d];
            }
            phase_[static_cast<std::size_t>(p)] = q_ > 0 ? sum % q_ : 0;
        }
    }
    int positions() const { return n_; }
    int q() const { return q_; }
    int phase(int p) const { return phase_[static_cast<std::size_t>(p)]; }
    /// The position of `to` seen from `from`: the offset δ with to = from + δ.
    int offset(int from, int to) const {
        int o = 0, stride = 1;
        for (std::size_t d = 0; d < dims_.size(); ++d) {
            o += mod(coord(to, d) - coord(from, d), dims_[d]) * stride;
            stride *= dims_[d];
        }
        return o;
    }

private:
    int coord(int p, std::size_t d) const { return coords_[static_cast<std::size_t>(p) * dims_.size() + d]; }
    std::vector<int> dims_;
    int n_, q_;
    std::vector<int> coords_, phase_;
};

/// Per offset δ, the cells (link class · q + phase of the link's tail) of the transfer
/// 0 -> δ; a link's class is its direction: up from a host, down to a host, or the
/// offset from its tail switch to its head switch.
struct OffsetCells {
    std::vector<std::vector<int>> cells;  // by offset; offset 0 (the sender itself) empty
    int classes = 0;
};

std::optional<OffsetCells> offset_cells(const Traffic& traffic, const Lattice& lattice, const Torus& torus) {
    const auto at = [&lattice](int node) { return lattice.node_position[static_cast<std::size_t>(node)]; };
    OffsetCells out;
    out.cells.resize(static_cast<std::size_t>(torus.positions()));
    std::map<int, int> class_of;  // -1 up, -2 down, else the switch-to-switch offset
    for (const Transfer& t : traffic.transfers()) {
        if (at(t.src) != 0) continue;
        auto& cells = out.cells[static_cast<std::size_t>(torus.offset(0, at(t.dst)))];
        for (int l : t.path) {
            const int from = lattice.link_from[static_cast<std::size_t>(l)], to = lattice.link_to[static_cast<std::size_t>(l)];
            const bool up = from == t.src, down = to == t.dst;
            const int key = up ? -1 : down ? -2 : torus.offset(at(from), at(to));
            const auto [it, added] = class_of.try_emplace(key, static_cast<int>(class_of.size()));
            cells.push_back(it->second * torus.q() + torus.phase(at(from)));
        }
        std::vector<int> sorted = cells;
        std::sort(sorted.begin(), sorted.end());
        // Two links of one cell: the transfers of this offset with senders of one phase
        // would share a link.
        if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return std::nullopt;
    }
    out.classes = static_cast<int>(class_of.size());
    return out;
}

/// Offsets packed into groups: offset o in group group_[o] at phase phase_[o]; per group
/// and cell the offsets using it, and the cells used more than once.
class OffsetPacking {
public:
    OffsetPacking(const OffsetCells& cells, int q)
        : cells_(cells.cells), q_(q), per_group_(cells.classes * q), group_(cells_.size(), -1), phase_(cells_.size(), 0) {}

    int groups() const { return groups_; }
    int group(int o) const { return group_[static_cast<std::size_t>(o)]; }
    int phase(int o) const { return phase_[static_cast<std::size_t>(o)]; }
    int offsets() const { return static_cast<int>(cells_.size()); }

    /// The fewest groups any packing needs: a group holds each cell once.
    int bound() const {
        std::vector<long> uses(static_cast<std::size_t>(per_group_ / q_), 0);
        for (const auto& c : cells_)
            for (int cell : c) ++uses[static_cast<std::size_t>(cell / q_)];
        long most = 0;
        for (long u : uses) most = std::max(most, u);
        return static_cast<int>((most + q_ - 1) / q_);
    }

    /// First fit, offsets with the most links first (ties by offset, so deterministic).
    void first_fit() {
        std::vector<int> order;
        for (int o = 1; o < offsets(); ++o) order.push_back(o);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return cells_[a].size() > cells_[b].size(); });
        for (int o : order) {
            bool placed = false;
            for (int g = 0; g < groups_ && !placed; ++g)
                for (int w = 0; w < q_ && !placed; ++w)
                    if (clashes(o, g, w) == 0) place(o, g, w), placed = true;
            if (!placed) add_group(), place(o, groups_ - 1, 0);
        }
    }

    /// Cells looked at so far (the work of the local search).
    long work() const { return work_; }

    /// Tries to pack into one group fewer within `moves` min-conflicts moves and until
    /// work() reaches `work_cap`: the group with the fewest offsets is dissolved, its
    /// offsets placed where they clash least, and offsets in clashing cells move until
    /// none clash. Restores the packing on failure.
    bool shrink(long moves, long work_cap, Rng& rng) {
        const std::vector<int> old_group = group_, old_phase = phase_;
        const int old_groups = groups_;
        const int victim = smallest_group();
        std::vector<int> homeless;
        for (int o = 1; o < offsets(); ++o)
            if (group(o) == victim) homeless.push_back(o);
        for (int o : homeless) remove(o);
        drop_group(victim);
        for (int o : homeless) place_best(o, rng, -1);
        std::vector<long> tabu(static_cast<std::size_t>(offsets()) * static_cast<std::size_t>(groups_), 0);
        for (long m = 1; m <= moves && !overloaded_.empty() && work_ < work_cap; ++m) {
            const int o = clashing_offset(rng);
            const int from = group(o);
            remove(o);
            tabu[static_cast<std::size_t>(o) * static_cast<std::size_t>(groups_) + static_cast<std::size_t>(from)] =
                m + 1 + rng.below(8);
            place_best(o, rng, m, &tabu);
        }
        if (overloaded_.empty()) return true;
        restore(old_groups, old_group, old_phase);
        return false;
    }

private:
    std::size_t cell(int g, int w, int c) const {
        return static_cast<std::size_t>(g) * static_cast<std::size_t>(per_group_) +
               static_cast<std::size_t>(c / q_ * q_ + (c % q_ + w) % q_);
    }
    int clashes(int o, int g, int w) {
        work_ += static_cast<long>(cells_[static_cast<std::size_t>(o)].size());
        int n = 0;
        for (int c : cells_[static_cast<std::size_t>(o)]) n += users_[cell(g, w, c)].empty() ? 0 : 1;
        return n;
    }
    void add_group() {
        ++groups_;
        users_.resize(static_cast<std::size_t>(groups_) * static_cast<std::size_t>(per_group_));
        where_.resize(users_.size(), -1);
    }
    void place(int o, int g, int w) {
        group_[static_cast<std::size_t>(o)] = g, phase_[static_cast<std::size_t>(o)] = w;
        for (int c : cells_[static_cast<std::size_t>(o)]) {
            auto& u = users_[cell(g, w, c)];
            u.push_back(o);
            if (u.size() == 2) mark(cell(g, w, c), true);
        }
    }
    void remove(int o) {
        const int g = group(o), w = phase(o);
        for (int c : cells_[static_cast<std::size_t>(o)]) {
            auto& u = users_[cell(g, w, c)];
            u.erase(std::find(u.begin(), u.end(), o));
            if (u.size() == 1) mark(cell(g, w, c), false);
        }
        group_[static_cast<std::size_t>(o)] = -1;
    }
    /// Places `o` where it clashes least (ties uniformly), skipping tabu groups.
    void place_best(int o, Rng& rng, long now, const std::vector<long>* tabu = nullptr) {
        int best = -1, ties = 0, bg = 0, bw = 0;
        for (int g = 0; g < groups_; ++g) {
            if (tabu &&
                (*tabu)[static_cast<std::size_t>(o) * static_cast<std::size_t>(groups_) + static_cast<std::size_t>(g)] > now)
                continue;
            for (int w = 0; w < q_; ++w) {
                const int c = clashes(o, g, w);
                if (best >= 0 && c > best) continue;
                if (c < best || best < 0) best = c, ties = 0;
                if (rng.below(static_cast<std::uint32_t>(++ties)) == 0) bg = g, bw = w;
            }
        }
        place(o, bg, bw);
    }
    int clashing_offset(Rng& rng) const {
        const auto& u = users_[overloaded_[rng.below(static_cast<std::uint32_t>(overloaded_.size()))]];
        return u[rng.below(static_cast<std::uint32_t>(u.size()))];
    }
    void mark(std::size_t c, bool on) {
        if (on) {
            where_[c] = static_cast<long>(overloaded_.size());
            overloaded_.push_back(c);
            return;
        }
        const auto i = static_cast<std::size_t>(where_[c]);
        overloaded_[i] = overloaded_.back();
        where_[overloaded_[i]] = static_cast<long>(i);
        overloaded_.pop_back();
        where_[c] = -1;
    }
    int smallest_group() const {
        std::vector<int> size(static_cast<std::size_t>(groups_), 0);
        for (int o = 1; o < offsets(); ++o) ++size[static_cast<std::size_t>(group(o))];
        return static_cast<int>(std::min_element(size.begin(), size.end()) - size.begin());
    }
    /// Removes the empty group g: the last group takes its index.
    void drop_group(int g) {
        const int last = groups_ - 1;
        if (g != last) {
            for (int o = 1; o < offsets(); ++o)
                if (group(o) == last) {
                    const int w = phase(o);
                    remove(o);
                    place(o, g, w);
                }
        }
        --groups_;
        users_.resize(static_cast<std::size_t>(groups_) * static_cast<std::size_t>(per_group_));
        where_.resize(users_.size());
    }
    void restore(int groups, const std::vector<int>& group, const std::vector<int>& phase) {
        for (auto& u : users_) u.clear();
        overloaded_.clear();
        groups_ = 0;
        users_.clear();
        where_.clear();
        while (groups_ < groups) add_group();
        for (int o = 1; o < offsets(); ++o) place(o, group[static_cast<std::size_t>(o)], phase[static_cast<std::size_t>(o)]);
    }

    const std::vector<std::vector<int>>& cells_;
    int q_, per_group_, groups_ = 0;
    long work_ = 0;
    std::vector<int> group_, phase_;
    std::vector<std::vector<int>> users_;  // by group · per_group_ + cell
    std::vector<long> where_;              // a cell's index in overloaded_, or -1
    std::vector<std::size_t> overloaded_;
};

/// Frame g·q + r holds the transfers of group g's offsets whose sender's phase is w + r.
std::optional<Schedule> expand(const Traffic& traffic, const Lattice& lattice, const Torus& torus, const OffsetPacking& packing,
                               const Deadline& deadline) {
    const int q = torus.q();
    Schedule s;
    s.frames.assign(static_cast<std::size_t>(packing.groups()) * static_cast<std::size_t>(q), {});
    for (int t = 0; t < traffic.size(); ++t) {
        if (t % kDeadlineStride == 0 && deadline.expired()) return std::nullopt;
        const int from = lattice.node_position[static_cast<std::size_t>(traffic[t].src)];
        const int to = lattice.node_position[static_cast<std::size_t>(traffic[t].dst)];
        const int o = torus.offset(from, to);
        const int r = mod(torus.phase(from) - packing.phase(o), q);
        s.frames[static_cast<std::size_t>(packing.group(o)) * static_cast<std::size_t>(q) + static_cast<std::size_t>(r)]
            .push_back(t);
    }
    std::erase_if(s.frames, [](const std::vector<int>& f) { return f.empty(); });
    return s;
}

/// Moves per attempt to drop a group, per offset: the attempts that succeed on
/// torus:8x8x8 (511 offsets) take 400-8 000 moves.
constexpr long kMovesPerOffset = 40;
/// Consecutive failed attempts before the local search stops.
constexpr int kAttempts = 2;
/// The local search's work, in cells looked at (about a second here), whatever the
/// deadline: the construction runs first and may have no deadline, and counting work
/// rather than time keeps its answer the same on every machine.
constexpr long kWorkCap = 400'000'000;

}  // namespace

bool translation_orbits_apply(const Traffic& traffic) {
    const auto& lattice = traffic.lattice();
    if (!lattice || !lattice->wrap || phase_modulus(lattice->dims) == 0) return false;
    const long n = lattice->positions();
    if (static_cast<long>(traffic.size()) != n * (n - 1) || static_cast<int>(lattice->link_from.size()) != traffic.link_count())
        return false;
    // Every ordered pair of distinct positions once (sizes equal: the papers' setting).
    std::vector<bool> seen(static_cast<std::size_t>(n * n), false);
    for (const Transfer& t : traffic.transfers()) {
        if (t.src < 0 || t.dst < 0 || t.size != traffic[0].size) return false;
        const int a = lattice->node_position[static_cast<std::size_t>(t.src)];
        const int b = lattice->node_position[static_cast<std::size_t>(t.dst)];
        if (a < 0 || b < 0 || a == b) return false;
        const auto i = static_cast<std::size_t>(a * n + b);
        if (seen[i]) return false;
        seen[i] = true;
    }
    return true;
}

std::optional<Schedule> translation_orbits_schedule(const Traffic& traffic, const Limits& limits) {
    if (!translation_orbits_apply(traffic)) return std::nullopt;
    const Lattice& lattice = *traffic.lattice();
    const Torus torus(lattice);
    const std::optional<OffsetCells> cells = offset_cells(traffic, lattice, torus);
    if (!cells) return std::nullopt;
    OffsetPacking packing(*cells, torus.q());
    packing.first_fit();
    Rng rng(1);
    const long moves = kMovesPerOffset * packing.offsets();
    for (int failed = 0;
         failed < kAttempts && packing.groups() > packing.bound() && packing.work() < kWorkCap && !limits.deadline.expired();)
        failed = packing.shrink(moves, kWorkCap, rng) ? 0 : failed + 1;
    return expand(traffic, lattice, torus, packing, limits.deadline);
}

}  // namespace liquid::sched
