#include "liquid/optical/p2p/model_run.hpp"

namespace liquid::optical::p2p {

std::uint32_t ModelRun::nodes() const { return ccc ? ccc_node_count(ccc_spec.dimension) : ring_spec.nodes; }

ModelRunResult run_model(const ModelRun& spec, const Progress& progress) {
    const std::uint64_t runs = spec.dynamic() ? 2 : 1;
    std::uint64_t base = 0;
    const Progress both = [&](std::uint64_t done, std::uint64_t total) {
        if (progress) progress(base + done, runs * total);
    };
    ModelRunResult r;
    r.result = spec.ccc ? simulate_ccc(spec.ccc_spec, spec.traffic, spec.run, both)
                        : simulate_multi_ring(spec.ring_spec, spec.traffic, spec.run, both);
    if (spec.dynamic()) {
        base = spec.run.rounds;
        MultiRingSpec fixed = spec.ring_spec;
        fixed.reconfig.variant = Reconfig::None;
        r.static_baseline = simulate_multi_ring(fixed, spec.traffic, spec.run, both);
    }
    return r;
}

}  // namespace liquid::optical::p2p
