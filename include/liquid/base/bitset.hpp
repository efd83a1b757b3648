#pragma once
// Bitset: a run-time sized, fixed-width set of small integers stored as 64-bit words.
// Transfers are link bitsets; schedules and categories are transfer bitsets. Hot paths
// use the word-level operations (intersects, and_not, for_each) and never allocate once
// sized.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace liquid {

class Bitset {
public:
    using Word = std::uint64_t;
    static constexpr std::size_t kWordBits = 64;

    Bitset() = default;
    explicit Bitset(std::size_t size) : size_(size), words_((size + kWordBits - 1) / kWordBits, 0) {}

    std::size_t size() const { return size_; }
    std::size_t word_count() const { return words_.size(); }
    const Word* words() const { return words_.data(); }
    Word* words() { return words_.data(); }

    bool test(std::size_t i) const { return (words_[i / kWordBits] >> (i % kWordBits)) & 1U; }
    void set(std::size_t i) { words_[i / kWordBits] |= Word{1} << (i % kWordBits); }
    void reset(std::size_t i) { words_[i / kWordBits] &= ~(Word{1} << (i % kWordBits)); }
    void clear() { std::fill(words_.begin(), words_.end(), Word{0}); }
    /// Sets bits 0..size-1.
    void fill();

    std::size_t count() const;
    bool any() const;
    bool none() const { return !any(); }
    bool intersects(const Bitset& o) const;
    /// True if every bit of this is also in o.
    bool subset_of(const Bitset& o) const;

    Bitset& operator|=(const Bitset& o);
    Bitset& operator&=(const Bitset& o);
    Bitset& and_not(const Bitset& o);  // this &= ~o
    friend Bitset operator|(Bitset a, const Bitset& b) { return a |= b; }
    friend Bitset operator&(Bitset a, const Bitset& b) { return a &= b; }
    bool operator==(const Bitset& o) const = default;

    /// Index of the lowest set bit at or after `from`, or size() if none.
    std::size_t next(std::size_t from) const;
    std::size_t first() const { return next(0); }

    template <class F>
    void for_each(F&& f) const {
        for (std::size_t w = 0; w < words_.size(); ++w)
            for (Word bits = words_[w]; bits; bits &= bits - 1)
                f(w * kWordBits + static_cast<std::size_t>(std::countr_zero(bits)));
    }
    std::vector<int> to_vector() const;

private:
    std::size_t size_ = 0;
    std::vector<Word> words_;
};

}  // namespace liquid
