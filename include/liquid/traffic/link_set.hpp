#pragma once
// LinkSet: the links of one transfer. Two encodings behind one interface, chosen by the
// width of the link universe: a bitset where the universe is narrow (the papers' fabrics:
// a word-wise AND decides congestion), an ascending list of link indices where it is wide
// (a 1 024-host fat tree has 10 240 links: a bitset would cost 1 280 bytes per transfer,
// 1.3 GB for its all-to-all, while its paths have at most 10 links).
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "liquid/base/bitset.hpp"

namespace liquid {

/// How a traffic stores its link sets. Automatic: a bitset up to kDenseLinkWidth links,
/// a list above. The forced encodings exist to compare the two (tests, benchmarks).
enum class LinkStorage { Automatic, Bitset, List };

/// Widest link universe stored as bitsets by LinkStorage::Automatic (8 words: 64 bytes).
inline constexpr std::size_t kDenseLinkWidth = 512;

class LinkSet {
public:
    LinkSet() = default;
    /// The set of `ascending` (distinct, each < width) over a universe of `width` links.
    LinkSet(std::size_t width, std::span<const int> ascending, LinkStorage storage = LinkStorage::Automatic);

    /// Width of the link universe (not the number of links in the set).
    std::size_t size() const { return width_; }
    /// True when stored as a bitset.
    bool dense() const { return dense_; }
    std::size_t count() const;
    bool any() const { return count() > 0; }
    bool test(std::size_t l) const;
    bool intersects(const LinkSet& o) const;
    /// True if some link of this set is in `links` (a bitset over the same universe).
    bool intersects(const Bitset& links) const;
    /// Lowest link, or size() if empty.
    std::size_t first() const;
    /// Adds the links of this set to `links` (links |= this).
    void add_to(Bitset& links) const;
    /// The set as a bitset of width size().
    Bitset bits() const;
    std::vector<int> to_vector() const;
    bool operator==(const LinkSet& o) const { return width_ == o.width_ && to_vector() == o.to_vector(); }

    /// Calls f(link) for every link, ascending.
    template <class F>
    void for_each(F&& f) const {
        if (!dense_) {
            for (std::uint32_t l : data_) f(static_cast<std::size_t>(l));
            return;
        }
        for (std::size_t w = 0; w < data_.size(); ++w)
            for (std::uint32_t bits = data_[w]; bits; bits &= bits - 1)
                f(w * 32 + static_cast<std::size_t>(std::countr_zero(bits)));
    }

private:
    std::size_t width_ = 0;
    bool dense_ = true;
    // Dense: 32-bit words of the bitset. List: the link indices, ascending.
    std::vector<std::uint32_t> data_;
};

}  // namespace liquid
