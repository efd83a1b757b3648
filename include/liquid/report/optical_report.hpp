#pragma once
// The optical page: the thesis's point-to-point Tables 1-3 (and the dynamic
// reconfiguration runs) beside the published values, and the broadcast completion time
// against N for every algorithm (Gabrielyan, optical cross-connect communication models,
// thesis ch. 4-5).
#include "liquid/report/page.hpp"
#include "liquid/report/result_file.hpp"

namespace liquid::report {

/// `tables`: liquid optical p2p-tables --json (may be null). `sweep`: liquid optical sweep
/// --json (may be null: the broadcast sweep over N = 8..1024 and Tc = 100 us, 1 ms, 10 ms
/// with the thesis's default parameters is then computed here).
Page optical_page(const ResultFile* tables, const ResultFile* sweep);

}  // namespace liquid::report
