#pragma once
// Full-team enumeration by fission of categories (report §5–6).
// INTERFACE CONTRACT: the testbed (issue 4) uses count_full_teams() to reproduce the
// papers' search-space figures; extend, but do not change what is declared here.
#include <cstdint>
#include <functional>

#include "liquid/base/bitset.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid {

struct EnumerationOptions {
    bool blank_pruning = true;   // §5.4
    bool idle_pruning = true;    // §5.5
    bool skeleton = true;        // §6.2 two-phase enumeration
    std::uint64_t max_categories = 0;  // 0 = no limit; stop once exceeded
};

struct EnumerationStats {
    std::uint64_t categories = 0;  // categories traversed (created by fission, incl. the prim-category)
    std::uint64_t full_teams = 0;
    bool stopped = false;          // the callback asked to stop or a limit was hit
};

/// Calls `on_team(team)` once for every full team of `traffic` (a transfer bitset over
/// traffic's indices). Return false from the callback to stop. Lazy: nothing is stored.
EnumerationStats enumerate_full_teams(const Traffic& traffic, const EnumerationOptions& options,
                                      const std::function<bool(const Bitset& team)>& on_team);

/// Enumerates every full team without storing them and returns the counts.
EnumerationStats count_full_teams(const Traffic& traffic, const EnumerationOptions& options);

}  // namespace liquid
