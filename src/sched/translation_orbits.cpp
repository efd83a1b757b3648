// Whole-torus all-to-alls from translation orbits (see translation_orbits.hpp).
#include "sched/translation_orbits.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "liquid/base/rng.hpp"
#include "sched/offset_packing.hpp"

namespace liquid::sched {
namespace {

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

/// Frame g·q + r holds the transfers of group g's offsets whose sender's phase is w + r.
Schedule expand(const Traffic& traffic, const Lattice& lattice, const Torus& torus, const OffsetPacking& packing) {
    const int q = torus.q();
    Schedule s;
    s.frames.assign(static_cast<std::size_t>(packing.groups()) * static_cast<std::size_t>(q), {});
    for (int t = 0; t < traffic.size(); ++t) {
        const int from = lattice.node_position[static_cast<std::size_t>(traffic[t].src)];
        const int to = lattice.node_position[static_cast<std::size_t>(traffic[t].dst)];
        const int o = torus.offset(from, to);
        const int r = mod(torus.phase(from) - packing.rotation(o), q);
        s.frames[static_cast<std::size_t>(packing.group(o)) * static_cast<std::size_t>(q) + static_cast<std::size_t>(r)]
            .push_back(t);
    }
    std::erase_if(s.frames, [](const std::vector<int>& f) { return f.empty(); });
    return s;
}

/// Moves of the first attempt to drop a group, per offset (doubled after each failure):
/// the attempts that succeed on torus:8x8x8 (511 offsets) take 400-8 000 moves.
constexpr long kFirstMovesPerOffset = 40;
/// The local search's work, in group-cells looked at, within the deadline: at most this
/// much per transfer (on small tori the symmetry-invariant searches after the portfolio are
/// the better use of the budget: torus:8x8 is liquid by them) and at most kWorkCap (about
/// 5 s on a 2-core VM). At 1 000 per transfer torus:8x8x8 had 664 frames in 1.0 s and
/// torus:6x6x6 234; at 5 000, 656 in 4.9 s and 228 in 1.1 s (at 20 000 torus:8x8x8 is
/// still at 656, after 16 s); none of the constructions and searches after it come closer
/// on these tori (the Kempe insertion: 731 and worse). Above kHugeTraffic transfers (a
/// 4 096-node torus) the cap is kWorkCapHuge: the command there is bound by memory and
/// its traffic alone takes 25-40 s of a 60 s budget (performance.md), and at 1.5 G the
/// search took 10.3 s for 9 968 frames against 1.8 s for 10 064. Counting work rather
/// than time keeps the answer the same on every machine when the deadline is not the
/// limit.
constexpr long kWorkPerTransfer = 5000;
constexpr long kWorkCap = 1'500'000'000;
constexpr long kWorkCapHuge = 300'000'000;
constexpr int kHugeTraffic = 1 << 22;

}  // namespace

bool translation_orbits_apply(const Traffic& traffic) {
    const auto& lattice = traffic.lattice();
    if (!lattice || !lattice->wrap) return false;
    const int q = phase_modulus(lattice->dims);
    if (q == 0 || q > OffsetPacking::kMostPhases) return false;
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
    OffsetPacking packing(cells->cells, cells->classes, torus.q());
    packing.first_fit();
    Rng rng(1);
    long moves = kFirstMovesPerOffset * torus.positions();
    const long cap =
        std::min(traffic.size() > kHugeTraffic ? kWorkCapHuge : kWorkCap, kWorkPerTransfer * static_cast<long>(traffic.size()));
    // A failed attempt is repeated with twice the moves, until the work cap or the deadline.
    while (packing.groups() > packing.bound() && packing.work() < cap && !limits.deadline.expired())
        if (!packing.shrink(moves, cap, rng, limits.deadline)) moves *= 2;
    return expand(traffic, lattice, torus, packing);
}

}  // namespace liquid::sched
