#pragma once
// The one seeded random number generator of liquid: xoshiro256** seeded through
// splitmix64, with its own uniform integers (Lemire's multiply-shift with rejection) and
// Fisher–Yates shuffle. Same seed, same numbers, with every standard library: liquid never
// uses std:: distributions or std::shuffle, whose output is implementation-defined.
#include <cstdint>
#include <iterator>
#include <utility>

namespace liquid {

inline std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

class Rng {
public:
    explicit Rng(std::uint64_t seed) {
        std::uint64_t s = seed;
        for (auto& w : s_) w = splitmix64(s);
    }
    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }
    /// Uniform integer in [0, n), n > 0 (Lemire's multiply-shift with rejection: unbiased).
    std::uint32_t below(std::uint32_t n) {
        std::uint64_t m = (next() >> 32) * std::uint64_t(n);
        auto low = std::uint32_t(m);
        if (low < n) {
            const std::uint32_t threshold = std::uint32_t(-n) % n;
            while (low < threshold) {
                m = (next() >> 32) * std::uint64_t(n);
                low = std::uint32_t(m);
            }
        }
        return std::uint32_t(m >> 32);
    }
    /// Uniform integer in [lo, hi], lo <= hi, hi - lo < 2^32 - 1.
    int between(int lo, int hi) { return lo + static_cast<int>(below(static_cast<std::uint32_t>(hi - lo) + 1U)); }
    /// Uniform double in [0, 1).
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4];
};

/// Fisher–Yates shuffle of [first, last) (fewer than 2^32 elements): for i = n down to 2,
/// swaps element i-1 with a uniform element of [0, i).
template <class RandomIt>
void shuffle(RandomIt first, RandomIt last, Rng& rng) {
    for (auto i = static_cast<std::uint32_t>(std::distance(first, last)); i > 1; --i)
        std::swap(first[i - 1], first[rng.below(i)]);
}

}  // namespace liquid
