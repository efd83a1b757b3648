// Transparent huge pages on request (see huge_pages.hpp).
#include "liquid/base/huge_pages.hpp"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace liquid {

void advise_huge_pages(void* data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
    const auto begin = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t first = (begin + kHugePage - 1) & ~(kHugePage - 1), end = (begin + bytes) & ~(kHugePage - 1);
    // Advice only: where the kernel has no huge pages the call fails and the pages stay small.
    if (end > first) ::madvise(reinterpret_cast<void*>(first), end - first, MADV_HUGEPAGE);
#else
    (void)data, (void)bytes;
#endif
}

}  // namespace liquid
