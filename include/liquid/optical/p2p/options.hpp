#pragma once
// Parsing of the point-to-point simulator's user-facing option values (shared by the
// command and the tests). Every function throws InputError naming the option.
#include <cstdint>
#include <string>

#include "liquid/optical/p2p/simulator.hpp"

namespace liquid::optical::p2p {

/// "100%" (of N) or an absolute count such as "512".
std::uint32_t parse_spawn(const std::string& text, std::uint32_t nodes);
/// "5%", "0.05" -> 0.05.
double parse_probability(const std::string& text, const std::string& option);
CccDiscipline parse_discipline(const std::string& text);
CycleKind parse_cycle(const std::string& text);
CccRouting parse_routing(const std::string& text);
ChordKind parse_chords(const std::string& text);
Reconfig parse_reconfig(const std::string& text);
MmirScope parse_mmir_scope(const std::string& text);  // "link" or "node"

std::string to_string(CccDiscipline d);
std::string to_string(CycleKind c);
std::string to_string(CccRouting r);
std::string to_string(ChordKind c);
std::string to_string(Reconfig r);
/// MMIR as a reader sees it: "35 per link", "unlimited" for 0 (0 means no cap, not "MMIR 0").
std::string mmir_text(std::uint32_t mmir, MmirScope scope);

}  // namespace liquid::optical::p2p
