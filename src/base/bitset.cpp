#include "liquid/base/bitset.hpp"

#include <algorithm>

namespace liquid {

void Bitset::fill() {
    std::fill(words_.begin(), words_.end(), ~Word{0});
    if (std::size_t tail = size_ % kWordBits; tail != 0 && !words_.empty()) words_.back() = (Word{1} << tail) - 1;
}

std::size_t Bitset::count() const {
    std::size_t c = 0;
    for (Word w : words_) c += static_cast<std::size_t>(std::popcount(w));
    return c;
}

bool Bitset::any() const {
    return std::any_of(words_.begin(), words_.end(), [](Word w) { return w != 0; });
}

bool Bitset::intersects(const Bitset& o) const {
    const std::size_t n = std::min(words_.size(), o.words_.size());
    for (std::size_t i = 0; i < n; ++i)
        if (words_[i] & o.words_[i]) return true;
    return false;
}

bool Bitset::subset_of(const Bitset& o) const {
    for (std::size_t i = 0; i < words_.size(); ++i) {
        Word other = i < o.words_.size() ? o.words_[i] : 0;
        if (words_[i] & ~other) return false;
    }
    return true;
}

Bitset& Bitset::operator|=(const Bitset& o) {
    for (std::size_t i = 0; i < words_.size() && i < o.words_.size(); ++i) words_[i] |= o.words_[i];
    return *this;
}

Bitset& Bitset::operator&=(const Bitset& o) {
    for (std::size_t i = 0; i < words_.size(); ++i) words_[i] &= i < o.words_.size() ? o.words_[i] : 0;
    return *this;
}

Bitset& Bitset::and_not(const Bitset& o) {
    for (std::size_t i = 0; i < words_.size() && i < o.words_.size(); ++i) words_[i] &= ~o.words_[i];
    return *this;
}

std::size_t Bitset::next(std::size_t from) const {
    if (from >= size_) return size_;
    std::size_t w = from / kWordBits;
    Word bits = words_[w] & (~Word{0} << (from % kWordBits));
    while (true) {
        if (bits) return std::min(size_, w * kWordBits + static_cast<std::size_t>(std::countr_zero(bits)));
        if (++w >= words_.size()) return size_;
        bits = words_[w];
    }
}

std::vector<int> Bitset::to_vector() const {
    std::vector<int> v;
    v.reserve(count());
    for_each([&](std::size_t i) { v.push_back(static_cast<int>(i)); });
    return v;
}

}  // namespace liquid
