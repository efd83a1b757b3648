#pragma once
// Large tables on transparent huge pages. Where Linux offers them on request (its
// "madvise" mode) or always, a table of tens of megabytes touched for the first
// time takes one page fault per 2 MB instead of one per 4 KB: the fission search's
// congestion rows of a 128-host all-to-all (33 MB, built afresh by each descent of the
// dive) cost 8 000 faults, most of a descent's kernel time on a virtual machine.
#include <cstddef>
#include <vector>

namespace liquid {

/// Asks the kernel to back [data, data + bytes) with huge pages when it is first touched;
/// no effect where the system has none or the range holds no whole huge page.
void advise_huge_pages(void* data, std::size_t bytes);

/// `v` becomes `n` zeros, its buffer advised onto huge pages before it is written.
template <class T>
void assign_zeros_on_huge_pages(std::vector<T>& v, std::size_t n) {
    std::vector<T>().swap(v);  // a fresh buffer, untouched until assign() writes it
    v.reserve(n);
    advise_huge_pages(v.data(), n * sizeof(T));
    v.assign(n, T{});
}

}  // namespace liquid
