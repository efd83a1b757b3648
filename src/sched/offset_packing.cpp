// Items with cells on Z_q packed into groups (see offset_packing.hpp).
#include "sched/offset_packing.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>

namespace liquid::sched {
namespace {

/// Bit-sliced counters: up to 255 cells of an item clash at one rotation.
constexpr int kCounterBits = 8;
/// A move's own cost beside the groups it looks at (removing, placing, the tabu list), in
/// group-cells: what makes small packings (torus:8x8, 11 groups) cost as long per unit of
/// work as large ones.
constexpr long kMoveWork = 100;

}  // namespace

OffsetPacking::OffsetPacking(std::vector<std::vector<int>> cells, int classes, int q)
    : classes_(static_cast<std::size_t>(classes)), q_(q), all_(q == kMostPhases ? ~Mask{0} : (Mask{1} << q) - 1),
      group_(cells.size(), -1), rotation_(cells.size(), 0) {
    if (q < 1 || q > kMostPhases) throw std::invalid_argument("OffsetPacking: q must be 1..64");
    cells_.resize(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (cells[i].size() >= (std::size_t{1} << kCounterBits)) throw std::invalid_argument("OffsetPacking: too many cells");
        for (int c : cells[i]) cells_[i].push_back({c / q, c % q});
    }
}

int OffsetPacking::bound() const {
    std::vector<long> uses(classes_, 0);
    for (const auto& cells : cells_)
        for (const Cell& c : cells) ++uses[static_cast<std::size_t>(c.cls)];
    const long most = uses.empty() ? 0 : *std::max_element(uses.begin(), uses.end());
    return static_cast<int>((most + q_ - 1) / q_);
}

void OffsetPacking::first_fit() {
    std::vector<int> order;
    for (std::size_t i = 0; i < cells_.size(); ++i)
        if (!cells_[i].empty()) order.push_back(static_cast<int>(i));
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return cells_[static_cast<std::size_t>(a)].size() > cells_[static_cast<std::size_t>(b)].size();
    });
    for (int item : order) {
        int g = 0, clashes = 0;
        Mask at = 0;
        for (; g < groups_; ++g) {
            at = least_clashing(item, g, clashes);
            if (clashes == 0) break;
        }
        if (g == groups_) add_group(), at = 1;
        place(item, g, std::countr_zero(at));
    }
}

bool OffsetPacking::shrink(long moves, long work_cap, Rng& rng, const Deadline& deadline) {
    const std::vector<int> old_group = group_, old_rotation = rotation_;
    const int old_groups = groups_;
    const int victim = smallest_group();
    std::vector<int> homeless;
    for (std::size_t i = 0; i < cells_.size(); ++i)
        if (group_[i] == victim) homeless.push_back(static_cast<int>(i));
    for (int item : homeless) remove(item);
    drop_group(victim);
    for (int item : homeless) place_best(item, rng, 0, nullptr);
    std::vector<long> tabu(cells_.size() * static_cast<std::size_t>(groups_), 0);
    constexpr long kDeadlineStride = 256;  // moves between deadline checks
    for (long m = 1; m <= moves && !overloaded_.empty() && work_ < work_cap; ++m) {
        if (m % kDeadlineStride == 0 && deadline.expired()) break;
        const int item = clashing_item(rng);
        const auto at =
            static_cast<std::size_t>(item) * static_cast<std::size_t>(groups_) + static_cast<std::size_t>(group(item));
        remove(item);
        // Not straight back: a short, random tenure.
        tabu[at] = m + 1 + rng.below(8);
        place_best(item, rng, m, &tabu);
    }
    if (overloaded_.empty()) return true;
    restore(old_groups, old_group, old_rotation);
    return false;
}

std::size_t OffsetPacking::slot(int g, int cls, int phase) const {
    return (static_cast<std::size_t>(g) * classes_ + static_cast<std::size_t>(cls)) * static_cast<std::size_t>(q_) +
           static_cast<std::size_t>(phase);
}

OffsetPacking::Mask OffsetPacking::least_clashing(int item, int g, int& clashes) {
    const auto& cells = cells_[static_cast<std::size_t>(item)];
    work_ += static_cast<long>(cells.size());
    // level[j] bit w: bit j of the number of the item's cells occupied at rotation w.
    std::array<Mask, kCounterBits> level{};
    for (const Cell& c : cells) {
        const Mask m = occupied(g, c.cls);
        if (m == 0) continue;
        // Bit w: cell (c.cls, c.phase + w) occupied.
        Mask carry = c.phase == 0 ? m : ((m >> c.phase) | (m << (q_ - c.phase))) & all_;
        for (int j = 0; carry != 0 && j < kCounterBits; ++j) {
            const Mask next = level[static_cast<std::size_t>(j)] & carry;
            level[static_cast<std::size_t>(j)] ^= carry;
            carry = next;
        }
    }
    // The rotations of least count, from the top bit down.
    Mask least = all_;
    clashes = 0;
    for (int j = kCounterBits - 1; j >= 0; --j) {
        const Mask zero = least & ~level[static_cast<std::size_t>(j)];
        if (zero != 0) least = zero;
        else clashes += 1 << j;
    }
    return least;
}

void OffsetPacking::add_group() {
    ++groups_;
    occupied_.resize(static_cast<std::size_t>(groups_) * classes_, 0);
    users_.resize(occupied_.size() * static_cast<std::size_t>(q_));
    where_.resize(users_.size(), -1);
}

/// Removes the empty group g: the last group takes its index.
void OffsetPacking::drop_group(int g) {
    const int last = groups_ - 1;
    if (g != last)
        for (std::size_t i = 0; i < cells_.size(); ++i)
            if (group_[i] == last) {
                const int w = rotation_[i];
                remove(static_cast<int>(i));
                place(static_cast<int>(i), g, w);
            }
    --groups_;
    occupied_.resize(static_cast<std::size_t>(groups_) * classes_);
    users_.resize(occupied_.size() * static_cast<std::size_t>(q_));
    where_.resize(users_.size());
}

void OffsetPacking::place(int item, int g, int w) {
    group_[static_cast<std::size_t>(item)] = g, rotation_[static_cast<std::size_t>(item)] = w;
    for (const Cell& c : cells_[static_cast<std::size_t>(item)]) {
        const int phase = (c.phase + w) % q_;
        auto& u = users_[slot(g, c.cls, phase)];
        u.push_back(item);
        if (u.size() == 2) mark(slot(g, c.cls, phase), true);
        occupied(g, c.cls) |= Mask{1} << phase;
    }
}

void OffsetPacking::remove(int item) {
    const int g = group(item), w = rotation(item);
    for (const Cell& c : cells_[static_cast<std::size_t>(item)]) {
        const int phase = (c.phase + w) % q_;
        auto& u = users_[slot(g, c.cls, phase)];
        u.erase(std::find(u.begin(), u.end(), item));
        if (u.size() == 1) mark(slot(g, c.cls, phase), false);
        if (u.empty()) occupied(g, c.cls) &= ~(Mask{1} << phase);
    }
    group_[static_cast<std::size_t>(item)] = -1;
}

/// Places `item` at a (group, rotation) of fewest clashes, uniformly among them, skipping
/// the groups tabu for it.
void OffsetPacking::place_best(int item, Rng& rng, long now, const std::vector<long>* tabu) {
    work_ += kMoveWork;
    int best = -1, best_group = 0;
    Mask best_at = 1;
    std::uint32_t ties = 0;  // (group, rotation) pairs of the fewest clashes seen
    for (int g = 0; g < groups_; ++g) {
        if (tabu &&
            (*tabu)[static_cast<std::size_t>(item) * static_cast<std::size_t>(groups_) + static_cast<std::size_t>(g)] > now)
            continue;
        int clashes = 0;
        const Mask at = least_clashing(item, g, clashes);
        if (best >= 0 && clashes > best) continue;
        if (best < 0 || clashes < best) best = clashes, ties = 0;
        const auto n = static_cast<std::uint32_t>(std::popcount(at));
        ties += n;
        if (rng.below(ties) < n) best_group = g, best_at = at;
    }
    // A uniform rotation of the chosen group's least clashing ones.
    for (std::uint32_t skip = rng.below(static_cast<std::uint32_t>(std::popcount(best_at))); skip > 0; --skip)
        best_at &= best_at - 1;
    place(item, best_group, std::countr_zero(best_at));
}

int OffsetPacking::clashing_item(Rng& rng) const {
    const auto& u = users_[overloaded_[rng.below(static_cast<std::uint32_t>(overloaded_.size()))]];
    return u[rng.below(static_cast<std::uint32_t>(u.size()))];
}

void OffsetPacking::mark(std::size_t s, bool on) {
    if (on) {
        where_[s] = static_cast<long>(overloaded_.size());
        overloaded_.push_back(s);
        return;
    }
    const auto i = static_cast<std::size_t>(where_[s]);
    overloaded_[i] = overloaded_.back();
    where_[overloaded_[i]] = static_cast<long>(i);
    overloaded_.pop_back();
    where_[s] = -1;
}

int OffsetPacking::smallest_group() const {
    std::vector<int> size(static_cast<std::size_t>(groups_), 0);
    for (int g : group_)
        if (g >= 0) ++size[static_cast<std::size_t>(g)];
    return static_cast<int>(std::min_element(size.begin(), size.end()) - size.begin());
}

void OffsetPacking::restore(int groups, const std::vector<int>& group, const std::vector<int>& rotation) {
    groups_ = 0;
    occupied_.clear(), users_.clear(), where_.clear(), overloaded_.clear();
    while (groups_ < groups) add_group();
    for (std::size_t i = 0; i < cells_.size(); ++i)
        if (group[i] >= 0) place(static_cast<int>(i), group[i], rotation[i]);
}

}  // namespace liquid::sched
