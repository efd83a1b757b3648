#pragma once
// The one way liquid maps enum values to their command-line names and back: a constexpr
// table of {value, name} rows per enum, read by name_of() and parse_name().
#include <array>
#include <cstddef>
#include <string>

#include "liquid/base/error.hpp"

namespace liquid {

template <class Enum>
struct NameRow {
    Enum value;
    const char* name;
};

template <class Enum, std::size_t N>
using NameTable = std::array<NameRow<Enum>, N>;

/// The name of `value`, or "?" when the table lacks it.
template <class Enum, std::size_t N>
constexpr const char* name_of(const NameTable<Enum, N>& table, Enum value) {
    for (const auto& row : table)
        if (row.value == value) return row.name;
    return "?";
}

/// "a, b or c": the table's names, for messages.
template <class Enum, std::size_t N>
std::string names_list(const NameTable<Enum, N>& table) {
    std::string s;
    for (std::size_t i = 0; i < N; ++i) s += (i == 0 ? "" : i + 1 == N ? " or " : ", ") + std::string(table[i].name);
    return s;
}

/// The value named `text`; throws InputError(where, "unknown <what> '<text>'", fix) where
/// fix defaults to "use <names_list>".
template <class Enum, std::size_t N>
Enum parse_name(const NameTable<Enum, N>& table, const std::string& text, const std::string& where, const std::string& what,
                const std::string& fix = "") {
    for (const auto& row : table)
        if (text == row.name) return row.value;
    throw InputError(where, "unknown " + what + " '" + text + "'", fix.empty() ? "use " + names_list(table) : fix);
}

}  // namespace liquid
