#pragma once
// A shard: the share of a list of independent items one of `count` processes works on
// (e.g. one MPI rank of `liquid-mpi`). Item i belongs to process i mod count, so every
// process gets a mix of cheap and expensive items when their cost grows along the list.
#include <cstddef>
#include <vector>

namespace liquid {

struct Shard {
    int index = 0;  // this process, 0..count-1
    int count = 1;  // processes sharing the items; 1 = this process does everything

    bool owns(std::size_t item) const {
        return count <= 1 || item % static_cast<std::size_t>(count) == static_cast<std::size_t>(index);
    }

    /// The items of [0, items) this shard owns, ascending.
    std::vector<std::size_t> items(std::size_t items) const {
        std::vector<std::size_t> mine;
        for (std::size_t i = 0; i < items; ++i)
            if (owns(i)) mine.push_back(i);
        return mine;
    }
};

}  // namespace liquid
