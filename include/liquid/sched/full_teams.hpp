#pragma once
// Full-team enumeration by fission of categories (report §5–6).
// The testbed uses count_full_teams() to reproduce the papers' search-space figures, so
// its counting rule is part of the reproduction: extend, do not change it.
#include <cstdint>
#include <functional>
#include <string>

#include "liquid/base/bitset.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid {

/// Which depot transfer the fission splits on once every critical link is covered (the
/// papers fix none). The critical-link-first choice of the skeleton phases and the idle
/// checks are the same under both rules.
///  * LowestIndex: the first depot transfer (lowest index, or the heaviest under the
///    search's link weights): the naive coverage partitioning of report §5.3.
///  * Constrained: a depot transfer congesting with the *most constrained* excluder
///    transfer (the one with the fewest congesting transfers left in the depot), so that
///    a blank category (§5.4) shows up after the fewest fissions; lowest index while the
///    excluder is empty.
enum class PivotRule { LowestIndex, Constrained };
/// "lowest-index", "constrained".
const char* pivot_rule_name(PivotRule r);
/// Parses a pivot rule name; throws InputError(where) naming the accepted ones.
PivotRule parse_pivot_rule(const std::string& name, const std::string& where = "--pivot");

struct EnumerationOptions {
    bool blank_pruning = true;         // §5.4
    bool idle_pruning = true;          // §5.5
    bool skeleton = true;              // §6.2 two-phase enumeration
    std::uint64_t max_categories = 0;  // 0 = no limit; stop once exceeded
    PivotRule pivot = PivotRule::Constrained;
    /// false: every *team* (a simultaneity using each critical link), full or not — the
    /// frame candidates of the earlier search strategies (ICON'04 §7.1–7.2). Blank pruning
    /// and the skeleton phases are about fullness, so they are off for teams.
    bool full = true;
};

struct EnumerationStats {
    std::uint64_t categories = 0;  // categories traversed (created by fission, incl. the prim-category)
    std::uint64_t full_teams = 0;  // teams produced (full ones unless options.full is false)
    bool stopped = false;          // the callback asked to stop or a limit was hit
};

/// Calls `on_team(team)` once for every full team of `traffic` (a transfer bitset over
/// traffic's indices). Return false from the callback to stop. Lazy: nothing is stored.
EnumerationStats enumerate_full_teams(const Traffic& traffic, const EnumerationOptions& options,
                                      const std::function<bool(const Bitset& team)>& on_team);

/// Enumerates every full team without storing them and returns the counts.
EnumerationStats count_full_teams(const Traffic& traffic, const EnumerationOptions& options);

}  // namespace liquid
