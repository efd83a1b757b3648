#pragma once
// Whether the tests run in the sanitizer build (`make test-asan` sets LIQUID_SANITIZED=1).
// It runs about ten times slower: heavy end-to-end tests skip themselves there (the
// Release pass runs them), and grid tests thin the dimensions they do not need in full.
#include <cstdlib>
#include <string_view>

namespace liquid::test {

inline bool sanitized_build() {
    const char* s = std::getenv("LIQUID_SANITIZED");
    return s != nullptr && std::string_view(s) == "1";
}

}  // namespace liquid::test
