#pragma once
// How the testbed commands share their items between processes. In `liquid` there is one
// process: the shard is {0, 1} and gather_items() does nothing. `liquid-mpi` sets the
// shard to {rank, size} and `gather` to an MPI gather to rank 0 (apps/liquid-mpi), so the
// commands stay free of MPI: each process computes the items its shard owns, rank 0
// merges every rank's items and renders them as one process would; the other ranks print
// and write nothing.
#include <functional>
#include <string>
#include <vector>

#include "liquid/base/shard.hpp"

namespace liquid::app {

struct Distribution {
    Shard shard;
    /// Collective: every process passes its items' bytes; process 0 gets every process's
    /// bytes indexed by process, the others an empty vector.
    std::function<std::vector<std::vector<std::string>>(const std::vector<std::string>&)> gather;
    bool renders() const { return shard.index == 0; }
};

Distribution& distribution();

/// Fills the slots of `items` that other processes computed (on the rendering process).
template <class T, class Encode, class Decode>
void gather_items(std::vector<T>& items, Encode encode, Decode decode) {
    const Distribution& d = distribution();
    if (d.shard.count <= 1) return;
    std::vector<std::string> mine;
    for (std::size_t i : d.shard.items(items.size())) mine.push_back(encode(items[i]));
    const std::vector<std::vector<std::string>> all = d.gather(mine);
    if (!d.renders()) return;
    for (int r = 1; r < d.shard.count; ++r) {
        const std::vector<std::size_t> theirs = Shard{r, d.shard.count}.items(items.size());
        for (std::size_t k = 0; k < theirs.size(); ++k) items[theirs[k]] = decode(all.at(static_cast<std::size_t>(r)).at(k));
    }
}

}  // namespace liquid::app
