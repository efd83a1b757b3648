#pragma once
// The packing behind the translation orbits (translation_orbits.hpp): items (a torus's
// offsets) with a set of cells each, a cell being (class, phase) with phase in Z_q; an item
// goes into a group at a rotation w, which shifts the phases of its cells by w; the cells of
// a group's items must be disjoint. Fewest groups wanted: first fit, then a min-conflicts
// local search (Minton et al., Artificial Intelligence 58, 1992) that dissolves one group at
// a time and repairs the clashes.
//
// Per group and class, the occupied phases are one 64-bit word, so an item's clashes at all
// q rotations of a group come from its cells' words rotated and added bit-sliced (q <= 64).
#include <cstdint>
#include <vector>

#include "liquid/base/deadline.hpp"
#include "liquid/base/rng.hpp"

namespace liquid::sched {

class OffsetPacking {
public:
    static constexpr int kMostPhases = 64;

    /// `cells[i]`: item i's cells as class · q + phase (each cell once); an empty list is
    /// not an item. 1 <= q <= kMostPhases.
    OffsetPacking(std::vector<std::vector<int>> cells, int classes, int q);

    int groups() const { return groups_; }
    int group(int item) const { return group_[static_cast<std::size_t>(item)]; }
    int rotation(int item) const { return rotation_[static_cast<std::size_t>(item)]; }
    /// The fewest groups any packing needs: a group holds each cell once.
    int bound() const;
    /// Group-cells looked at so far: the local search's work.
    long work() const { return work_; }

    /// First fit, items with the most cells first (ties by index), at the lowest rotation.
    void first_fit();

    /// Tries to pack into one group fewer within `moves` min-conflicts moves, until
    /// work() reaches `work_cap` and before the deadline: the group with the fewest items
    /// is dissolved, its items placed where they clash least, and items in clashing cells
    /// move until none clash. Restores the packing on failure.
    bool shrink(long moves, long work_cap, Rng& rng, const Deadline& deadline);

private:
    using Mask = std::uint64_t;
    struct Cell {
        int cls, phase;
    };

    std::size_t slot(int g, int cls, int phase) const;
    Mask& occupied(int g, int cls) { return occupied_[static_cast<std::size_t>(g) * classes_ + static_cast<std::size_t>(cls)]; }
    /// The rotations at which `item` clashes least in group g, and how much.
    Mask least_clashing(int item, int g, int& clashes);
    void add_group();
    void drop_group(int g);
    void place(int item, int g, int w);
    void remove(int item);
    void place_best(int item, Rng& rng, long now, const std::vector<long>* tabu);
    int clashing_item(Rng& rng) const;
    void mark(std::size_t s, bool on);
    int smallest_group() const;
    void restore(int groups, const std::vector<int>& group, const std::vector<int>& rotation);

    std::vector<std::vector<Cell>> cells_;
    std::size_t classes_;
    int q_;
    Mask all_;
    int groups_ = 0;
    long work_ = 0;
    std::vector<int> group_, rotation_;
    std::vector<Mask> occupied_;           // by group · classes + class: bit p = phase p used
    std::vector<std::vector<int>> users_;  // by slot(): the items using a cell
    std::vector<long> where_;              // a slot's index in overloaded_, or -1
    std::vector<std::size_t> overloaded_;  // slots used more than once
};

}  // namespace liquid::sched
