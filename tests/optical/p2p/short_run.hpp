#pragma once
// A short seeded simulator run for the point-to-point tests.
#include <cstdint>

#include "liquid/optical/p2p/simulator.hpp"

namespace liquid::optical::p2p::test {

inline RunSpec short_run(std::uint32_t rounds = 400, std::uint64_t seed = 1) {
    RunSpec r;
    r.rounds = rounds;
    r.seed = seed;
    return r;
}

}  // namespace liquid::optical::p2p::test
