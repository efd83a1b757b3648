// Ring-arc traffics: the benchmark family of hard "no shorter schedule" proofs.
#include "liquid/sched/ring_arcs.hpp"

#include <string>
#include "liquid/base/rng.hpp"

#include "liquid/base/error.hpp"

namespace liquid::sched {

Traffic make_ring_arc_traffic(int ring_links, int arcs, int min_len, int max_len, std::uint64_t seed) {
    if (ring_links < 1 || arcs < 0 || min_len < 1 || max_len < min_len || max_len > ring_links)
        throw InputError("ring arcs", "need ring_links >= 1 and 1 <= min_len <= max_len <= ring_links");
    std::vector<std::string> names;
    for (int l = 0; l < ring_links; ++l) names.push_back("r" + std::to_string(l));
    Traffic t(names);
    Rng rng(seed);
    for (int k = 0; k < arcs; ++k) {
        const int s = rng.between(0, ring_links - 1);
        const int n = rng.between(min_len, max_len);
        std::vector<int> path;
        for (int i = 0; i < n; ++i) path.push_back((s + i) % ring_links);
        t.add("a" + std::to_string(k), path);
    }
    return t;
}

}  // namespace liquid::sched
