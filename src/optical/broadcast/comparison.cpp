#include "liquid/optical/broadcast/comparison.hpp"

namespace liquid::optical {

BroadcastComparison compare_broadcasts(const std::vector<BroadcastAlgorithm>& algorithms, const ModelParams& p, int k,
                                       bool with_half_optimal) {
    BroadcastComparison c;
    c.thesis_k = smart_ring_thesis_k(p);
    c.k = k > 0 ? k : c.thesis_k;
    for (BroadcastAlgorithm a : algorithms)
        c.runs.push_back({a, run_broadcast(a, p, c.k), thesis_closed_form(a, p, c.k), exact_closed_form(a, p),
                          with_half_optimal ? half_optimal(a, p) : HalfOptimal{}});
    return c;
}

std::vector<AllgatherRun> compare_allgathers(const std::vector<AllgatherAlgorithm>& algorithms, const ModelParams& p) {
    std::vector<AllgatherRun> runs;
    for (AllgatherAlgorithm a : algorithms) runs.push_back({a, run_allgather(a, p), allgather_closed_form(a, p)});
    return runs;
}

}  // namespace liquid::optical
