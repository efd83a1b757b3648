#pragma once
// NameIndex: the position of every transfer of a traffic by its name, without a copy of
// the names. An open-addressing table of (32-bit hash, position) slots, looked up with
// linear probing, that compares names in the traffic's own storage. A
// std::unordered_map<std::string, int> keeps a copy of each name in a node of its own
// (about 70 bytes, an allocation and a cache miss per transfer: 1.2 GB and several seconds
// for the 16.7 million transfers of a 4 096-host all-to-all); this keeps 8 to 16 bytes.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace liquid {

class NameIndex {
public:
    /// Makes room for `names` names (no effect on the result).
    void reserve(std::size_t names);

    /// The position of `name`, or -1. name_of(p) is the name at position p.
    template <class NameOf>
    int find(std::string_view name, const NameOf& name_of) const {
        if (slots_.empty()) return -1;
        const std::uint32_t h = hash(name);
        for (std::size_t s = h & mask(); slots_[s] != 0; s = (s + 1) & mask())
            if (hash_of(slots_[s]) == h && name_of(position_of(slots_[s])) == name) return position_of(slots_[s]);
        return -1;
    }

    /// Records `name` at `position` (>= 0) unless the name is there already: returns -1 when
    /// recorded, else the position that holds it.
    template <class NameOf>
    int insert(std::string_view name, int position, const NameOf& name_of) {
        if (2 * (used_ + 1) > slots_.size()) grow(2 * (used_ + 1));
        return insert_hashed(hash(name), name, position, name_of);
    }

    /// Records the names at positions [first, last) in order, as insert() would one by one,
    /// and returns -1; or stops at the first position whose name is recorded already and
    /// returns it. The slots are fetched a few names ahead: one name after the other, each
    /// lookup in a table of millions would wait for the memory.
    template <class NameOf>
    int insert_range(int first, int last, const NameOf& name_of) {
        constexpr int kAhead = 16;
        if (last <= first) return -1;
        if (2 * (used_ + static_cast<std::size_t>(last - first)) > slots_.size())
            grow(2 * (used_ + static_cast<std::size_t>(last - first)));
        std::vector<std::uint32_t> hashes(static_cast<std::size_t>(last - first));
        for (int p = first; p < last; ++p) hashes[static_cast<std::size_t>(p - first)] = hash(name_of(p));
        for (int p = first; p < last; ++p) {
            if (p + kAhead < last) __builtin_prefetch(&slots_[hashes[static_cast<std::size_t>(p + kAhead - first)] & mask()]);
            if (insert_hashed(hashes[static_cast<std::size_t>(p - first)], name_of(p), p, name_of) >= 0) return p;
        }
        return -1;
    }

private:
    template <class NameOf>
    int insert_hashed(std::uint32_t h, std::string_view name, int position, const NameOf& name_of) {
        std::size_t s = h & mask();
        for (; slots_[s] != 0; s = (s + 1) & mask())
            if (hash_of(slots_[s]) == h && name_of(position_of(slots_[s])) == name) return position_of(slots_[s]);
        slots_[s] = slot(h, position);
        ++used_;
        return -1;
    }
    static std::uint32_t hash(std::string_view name);
    static std::uint64_t slot(std::uint32_t h, int position) {
        return static_cast<std::uint64_t>(h) << 32 | (static_cast<std::uint64_t>(position) + 1);
    }
    static std::uint32_t hash_of(std::uint64_t slot) { return static_cast<std::uint32_t>(slot >> 32); }
    static int position_of(std::uint64_t slot) { return static_cast<int>((slot & 0xffffffffU) - 1); }
    std::size_t mask() const { return slots_.size() - 1; }
    /// At least `min_slots` slots (a power of two), every recorded name kept.
    void grow(std::size_t min_slots);

    std::vector<std::uint64_t> slots_;  // 0: empty
    std::size_t used_ = 0;
};

}  // namespace liquid
