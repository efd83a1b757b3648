#pragma once
// One run of `liquid optical p2p`: a CCC or a multi ring under random traffic; a multi
// ring with dynamic reconfiguration (§5.9.3) is also run in its static configuration
// with the same seed and traffic, the thesis's comparison.
#include <optional>

#include "liquid/optical/p2p/simulator.hpp"

namespace liquid::optical::p2p {

struct ModelRun {
    bool ccc = true;
    CccSpec ccc_spec;
    MultiRingSpec ring_spec;
    TrafficSpec traffic;
    RunSpec run;
    bool dynamic() const { return !ccc && ring_spec.reconfig.variant != Reconfig::None; }
    std::uint32_t nodes() const;
};

struct ModelRunResult {
    SimResult result;
    std::optional<SimResult> static_baseline;  // with dynamic reconfiguration only
};

/// `progress` sees (rounds done, rounds expected) over both runs together.
ModelRunResult run_model(const ModelRun& spec, const Progress& progress = {});

}  // namespace liquid::optical::p2p
