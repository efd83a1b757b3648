#include "liquid/optical/p2p/options.hpp"

#include <cmath>
#include <cstdlib>

#include "liquid/base/error.hpp"
#include "liquid/base/names.hpp"

namespace liquid::optical::p2p {
namespace {

double parse_number(const std::string& text, const std::string& option, bool& percent) {
    std::string body = text;
    percent = !body.empty() && body.back() == '%';
    if (percent) body.pop_back();
    char* end = nullptr;
    const double v = std::strtod(body.c_str(), &end);
    if (body.empty() || end != body.c_str() + body.size() || !std::isfinite(v))
        throw InputError(option, "'" + text + "' is not a number", "write e.g. 50% or 0.5");
    return v;
}

}  // namespace

std::uint32_t parse_spawn(const std::string& text, std::uint32_t nodes) {
    bool percent = false;
    const double v = parse_number(text, "--spawn", percent);
    const double count = percent ? std::round(v / 100.0 * nodes) : v;
    if (count < 1 || count > 1e8 || (!percent && count != std::floor(count)))
        throw InputError("--spawn", "spawn value '" + text + "' must give a whole number of events >= 1",
                         "e.g. 100% (= N) or 10%");
    return std::uint32_t(count);
}

double parse_probability(const std::string& text, const std::string& option) {
    bool percent = false;
    double v = parse_number(text, option, percent);
    if (percent) v /= 100.0;
    if (v < 0 || v > 1) throw InputError(option, "'" + text + "' is not a probability", "use 0..1 or 0%..100%");
    return v;
}

namespace {
constexpr NameTable<CccDiscipline, 3> kDisciplines{{
    {CccDiscipline::OnDemand, "on-demand"},
    {CccDiscipline::Cycled, "cycled"},
    {CccDiscipline::Unsynchronized, "unsynchronized"},
}};
constexpr NameTable<CycleKind, 2> kCycles{{{CycleKind::Optimized, "optimized"}, {CycleKind::Plain, "plain"}}};
constexpr NameTable<CccRouting, 3> kRoutings{{
    {CccRouting::Thesis, "thesis"},
    {CccRouting::ShortestWalks, "shortest-walks"},
    {CccRouting::CurrentDimension, "current-dimension"},
}};
constexpr NameTable<ChordKind, 2> kChords{{{ChordKind::Random, "random"}, {ChordKind::Fixed, "fixed"}}};
// Printed names first; the input table adds the thesis's variant numbers (§5.9.3).
constexpr NameTable<Reconfig, 5> kReconfigs{{
    {Reconfig::None, "none"},
    {Reconfig::LocalStrength, "1-local-strength"},
    {Reconfig::GlobalAverage, "2-global-average"},
    {Reconfig::NearDestination, "3-near-destination"},
    {Reconfig::RandomRegenerate, "4-random-regenerate"},
}};
constexpr NameTable<Reconfig, 10> kReconfigInputs{{
    {Reconfig::None, "none"},
    {Reconfig::None, "0"},
    {Reconfig::LocalStrength, "1"},
    {Reconfig::LocalStrength, "local-strength"},
    {Reconfig::GlobalAverage, "2"},
    {Reconfig::GlobalAverage, "global-average"},
    {Reconfig::NearDestination, "3"},
    {Reconfig::NearDestination, "near-destination"},
    {Reconfig::RandomRegenerate, "4"},
    {Reconfig::RandomRegenerate, "random-regenerate"},
}};
constexpr NameTable<MmirScope, 3> kMmirScopes{{{MmirScope::Arc, "link"}, {MmirScope::Arc, "arc"}, {MmirScope::Node, "node"}}};
}  // namespace

CccDiscipline parse_discipline(const std::string& t) {
    return parse_name(kDisciplines, t, "--discipline", "discipline", "use on-demand or cycled");
}
CycleKind parse_cycle(const std::string& t) { return parse_name(kCycles, t, "--cycle", "cycle"); }
CccRouting parse_routing(const std::string& t) { return parse_name(kRoutings, t, "--routing", "routing"); }
ChordKind parse_chords(const std::string& t) { return parse_name(kChords, t, "--chords", "chord assignment"); }
Reconfig parse_reconfig(const std::string& t) {
    return parse_name(kReconfigInputs, t, "--reconfig", "variant", "use none or 1..4 (§5.9.3)");
}
MmirScope parse_mmir_scope(const std::string& t) {
    return parse_name(kMmirScopes, t, "--mmir-per", "MMIR scope", "use link or node");
}

std::string to_string(CccDiscipline d) { return name_of(kDisciplines, d); }
std::string to_string(CycleKind c) { return name_of(kCycles, c); }
std::string to_string(CccRouting r) { return name_of(kRoutings, r); }
std::string to_string(ChordKind c) { return name_of(kChords, c); }
std::string to_string(Reconfig r) { return name_of(kReconfigs, r); }
std::string mmir_text(std::uint32_t mmir, MmirScope scope) {
    if (mmir == 0) return "unlimited";
    return std::to_string(mmir) + (scope == MmirScope::Node ? " per node" : " per link");
}

}  // namespace liquid::optical::p2p
