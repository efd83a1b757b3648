// Public full-team enumeration (report §5–6): the bottlenecks of the traffic are the
// critical links, every transfer is active.
#include "liquid/sched/full_teams.hpp"

#include "liquid/base/names.hpp"
#include "liquid/traffic/analysis.hpp"
#include "sched/fission.hpp"

namespace liquid {

namespace {
constexpr NameTable<PivotRule, 2> kPivotRules{{
    {PivotRule::LowestIndex, "lowest-index"},
    {PivotRule::Constrained, "constrained"},
}};
}  // namespace

const char* pivot_rule_name(PivotRule r) { return name_of(kPivotRules, r); }

PivotRule parse_pivot_rule(const std::string& name, const std::string& where) {
    return parse_name(kPivotRules, name, where, "pivot rule");
}

EnumerationStats enumerate_full_teams(const Traffic& traffic, const EnumerationOptions& options,
                                      const std::function<bool(const Bitset& team)>& on_team) {
    if (traffic.empty()) return {};
    const sched::FissionTables tables(traffic);
    const TrafficAnalysis a = analyze(traffic);
    std::vector<sched::Word> active(static_cast<std::size_t>(tables.words()), 0);
    for (int t = 0; t < traffic.size(); ++t) sched::row_set(active.data(), t);
    Bitset team(static_cast<std::size_t>(traffic.size()));
    sched::FissionEngine engine(tables);
    return engine.run(active.data(), a.bottlenecks, options, nullptr, nullptr, [&](const sched::Word* row) {
        std::copy(row, row + tables.words(), team.words());
        return on_team(team);
    });
}

EnumerationStats count_full_teams(const Traffic& traffic, const EnumerationOptions& options) {
    return enumerate_full_teams(traffic, options, [](const Bitset&) { return true; });
}

}  // namespace liquid
