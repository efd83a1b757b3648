#pragma once
// Seeded random numbers for the point-to-point simulator: xoshiro256** seeded through
// splitmix64. Same seed, same numbers, on every platform (no std:: distributions, whose
// output is implementation-defined).
#include <cstdint>

namespace liquid::optical::p2p {

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
    /// Uniform double in [0, 1).
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4];
};

}  // namespace liquid::optical::p2p
