#include "liquid/optical/p2p/options.hpp"

#include <cmath>
#include <cstdlib>

#include "liquid/error.hpp"

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

CccDiscipline parse_discipline(const std::string& t) {
    if (t == "on-demand") return CccDiscipline::on_demand;
    if (t == "cycled") return CccDiscipline::cycled;
    if (t == "unsynchronized") return CccDiscipline::unsynchronized;
    throw InputError("--discipline", "unknown discipline '" + t + "'", "use on-demand or cycled");
}

CycleKind parse_cycle(const std::string& t) {
    if (t == "optimized") return CycleKind::optimized;
    if (t == "plain") return CycleKind::plain;
    throw InputError("--cycle", "unknown cycle '" + t + "'", "use optimized or plain");
}

CccRouting parse_routing(const std::string& t) {
    if (t == "thesis") return CccRouting::thesis;
    if (t == "shortest-walks") return CccRouting::shortest_walks;
    if (t == "current-dimension") return CccRouting::current_dimension;
    throw InputError("--routing", "unknown routing '" + t + "'", "use thesis, shortest-walks or current-dimension");
}

ChordKind parse_chords(const std::string& t) {
    if (t == "random") return ChordKind::random;
    if (t == "fixed") return ChordKind::fixed;
    throw InputError("--chords", "unknown chord assignment '" + t + "'", "use random or fixed");
}

Reconfig parse_reconfig(const std::string& t) {
    if (t == "none" || t == "0") return Reconfig::none;
    if (t == "1" || t == "local-strength") return Reconfig::local_strength;
    if (t == "2" || t == "global-average") return Reconfig::global_average;
    if (t == "3" || t == "near-destination") return Reconfig::near_destination;
    if (t == "4" || t == "random-regenerate") return Reconfig::random_regenerate;
    throw InputError("--reconfig", "unknown variant '" + t + "'", "use none or 1..4 (§5.9.3)");
}

MmirScope parse_mmir_scope(const std::string& t) {
    if (t == "link" || t == "arc") return MmirScope::arc;
    if (t == "node") return MmirScope::node;
    throw InputError("--mmir-per", "unknown MMIR scope '" + t + "'", "use link or node");
}

std::string to_string(CccDiscipline d) {
    switch (d) {
    case CccDiscipline::on_demand: return "on-demand";
    case CccDiscipline::cycled: return "cycled";
    case CccDiscipline::unsynchronized: return "unsynchronized";
    }
    return "?";
}
std::string to_string(CycleKind c) { return c == CycleKind::plain ? "plain" : "optimized"; }
std::string to_string(CccRouting r) {
    switch (r) {
    case CccRouting::thesis: return "thesis";
    case CccRouting::shortest_walks: return "shortest-walks";
    case CccRouting::current_dimension: return "current-dimension";
    }
    return "?";
}
std::string to_string(ChordKind c) { return c == ChordKind::fixed ? "fixed" : "random"; }
std::string to_string(Reconfig r) {
    switch (r) {
    case Reconfig::none: return "none";
    case Reconfig::local_strength: return "1-local-strength";
    case Reconfig::global_average: return "2-global-average";
    case Reconfig::near_destination: return "3-near-destination";
    case Reconfig::random_regenerate: return "4-random-regenerate";
    }
    return "?";
}

}  // namespace liquid::optical::p2p
