#pragma once
// LIQUID_ASSERT(condition, message): checks an engine invariant in Debug and sanitizer
// builds (NDEBUG not defined, or LIQUID_ASSERTIONS defined) and compiles to nothing in
// Release, so hot loops pay nothing. A failed assertion is a bug in liquid, not bad input
// (bad input throws InputError): it prints the invariant and where, then aborts.
#include <cstdio>
#include <cstdlib>

#if !defined(NDEBUG) || defined(LIQUID_ASSERTIONS)
#define LIQUID_ASSERTIONS_ON 1
#define LIQUID_ASSERT(condition, message)                                                      \
    do {                                                                                       \
        if (!(condition)) ::liquid::assertion_failed(#condition, message, __FILE__, __LINE__); \
    } while (false)
#else
#define LIQUID_ASSERTIONS_ON 0
#define LIQUID_ASSERT(condition, message) \
    do {                                  \
    } while (false)
#endif

namespace liquid {

[[noreturn]] inline void assertion_failed(const char* condition, const char* message, const char* file, int line) {
    std::fprintf(stderr, "%s:%d: liquid invariant violated: %s (%s)\n", file, line, message, condition);
    std::abort();
}

}  // namespace liquid
