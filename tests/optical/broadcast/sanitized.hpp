#pragma once
// The sanitizer build (make test-asan sets LIQUID_SANITIZED=1) runs ~10x slower: tests keep
// their full N range there but thin the other grid dimensions.
#include <cstdlib>

inline bool sanitized_build() { return std::getenv("LIQUID_SANITIZED") != nullptr; }
