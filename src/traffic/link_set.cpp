#include "liquid/traffic/link_set.hpp"

namespace liquid {

LinkSet::LinkSet(std::size_t width, std::span<const int> ascending, LinkStorage storage)
    : width_(width), dense_(storage == LinkStorage::Bitset || (storage == LinkStorage::Automatic && width <= kDenseLinkWidth)) {
    if (!dense_) {
        data_.assign(ascending.begin(), ascending.end());
        return;
    }
    data_.assign((width + 31) / 32, 0);
    for (int l : ascending) data_[static_cast<std::size_t>(l) / 32] |= std::uint32_t{1} << (static_cast<std::size_t>(l) % 32);
}

std::size_t LinkSet::count() const {
    if (!dense_) return data_.size();
    std::size_t c = 0;
    for (std::uint32_t w : data_) c += static_cast<std::size_t>(std::popcount(w));
    return c;
}

bool LinkSet::test(std::size_t l) const {
    if (l >= width_) return false;
    if (dense_) return (data_[l / 32] >> (l % 32)) & 1U;
    return std::binary_search(data_.begin(), data_.end(), static_cast<std::uint32_t>(l));
}

bool LinkSet::intersects(const LinkSet& o) const {
    if (dense_ && o.dense_) {
        const std::size_t words = std::min(data_.size(), o.data_.size());
        for (std::size_t w = 0; w < words; ++w)
            if (data_[w] & o.data_[w]) return true;
        return false;
    }
    if (dense_) return o.intersects(*this);
    if (o.dense_) {
        for (std::uint32_t l : data_)
            if (o.test(l)) return true;
        return false;
    }
    // Two ascending lists: a merge.
    auto a = data_.begin(), b = o.data_.begin();
    while (a != data_.end() && b != o.data_.end()) {
        if (*a == *b) return true;
        if (*a < *b) ++a;
        else ++b;
    }
    return false;
}

bool LinkSet::intersects(const Bitset& links) const {
    if (!dense_) {
        for (std::uint32_t l : data_)
            if (l < links.size() && links.test(l)) return true;
        return false;
    }
    // Word-wise: each 64-bit word of `links` covers two of the 32-bit words (bits past its
    // size are zero). analyze() asks this for every transfer against the bottleneck links.
    const std::size_t words = std::min(data_.size(), 2 * links.word_count());
    for (std::size_t w = 0; w < words; ++w)
        if (data_[w] & static_cast<std::uint32_t>(links.words()[w / 2] >> (w % 2 * 32))) return true;
    return false;
}

std::size_t LinkSet::first() const {
    if (!dense_) return data_.empty() ? width_ : data_.front();
    for (std::size_t w = 0; w < data_.size(); ++w)
        if (data_[w]) return w * 32 + static_cast<std::size_t>(std::countr_zero(data_[w]));
    return width_;
}

void LinkSet::add_to(Bitset& links) const {
    for_each([&](std::size_t l) { links.set(l); });
}

Bitset LinkSet::bits() const {
    Bitset b(width_);
    add_to(b);
    return b;
}

std::vector<int> LinkSet::to_vector() const {
    std::vector<int> v;
    v.reserve(count());
    for_each([&](std::size_t l) { v.push_back(static_cast<int>(l)); });
    return v;
}

}  // namespace liquid
