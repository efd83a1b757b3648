#include "liquid/traffic/name_index.hpp"

#include <bit>
#include <functional>

namespace liquid {

std::uint32_t NameIndex::hash(std::string_view name) {
    const std::uint64_t h = std::hash<std::string_view>{}(name);
    return static_cast<std::uint32_t>(h ^ (h >> 32));
}

void NameIndex::reserve(std::size_t names) {
    if (2 * names > slots_.size()) grow(2 * names);
}

void NameIndex::grow(std::size_t min_slots) {
    std::vector<std::uint64_t> old = std::move(slots_);
    slots_.assign(std::bit_ceil(std::max<std::size_t>(min_slots, 16)), 0);
    // The stored hash places a slot again: no name is read.
    for (std::uint64_t s : old) {
        if (s == 0) continue;
        std::size_t at = hash_of(s) & mask();
        while (slots_[at] != 0) at = (at + 1) & mask();
        slots_[at] = s;
    }
}

}  // namespace liquid
