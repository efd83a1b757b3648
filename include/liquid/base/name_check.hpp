#pragma once
// Names of hosts, switches, links and transfers. Every file liquid writes (link-set
// traffic, network and traffic JSON, schedules, CSV) must read back to the same thing, so
// names are restricted to characters that need no escaping in any of them: letters,
// digits and _ . + - (no spaces, '#', ':', ',' or control characters), at most
// kMaxNameLength bytes. Checked with plain character tests: bounded time and stack on
// any input.
#include <cstddef>
#include <string>
#include <string_view>

namespace liquid {

inline constexpr std::size_t kMaxNameLength = 256;

/// True if `c` may appear in a name.
bool is_name_char(char c);
/// True if `name` is non-empty, at most kMaxNameLength long and made of name characters.
bool is_valid_name(std::string_view name);
/// Throws InputError(where, ...) naming the first bad character or the length; `what` is
/// "transfer", "link", "host" ...
void check_name(std::string_view name, const std::string& where, const std::string& what);
/// The name as it may be quoted in an error message: cut to 40 characters, control
/// characters shown as \xNN.
std::string printable_name(std::string_view name);

}  // namespace liquid
