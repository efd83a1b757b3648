#pragma once
// Reading user files: the one bounded reader every importer, parser and command uses.
// Only regular files are read (a device such as /dev/zero, a FIFO or a socket would never
// end or would block), at most input_limit() bytes, so no input can exhaust memory or hang
// a command before its parser sees it. A UTF-8 byte-order mark is skipped (editors on some
// systems add one; it is not part of the first name).
#include <cstdint>
#include <string>

namespace liquid {

/// Largest input file read by default: 256 MiB (a 10^5-line fabric file is a few MB).
inline constexpr std::uint64_t kDefaultInputLimit = std::uint64_t{256} << 20;

/// The environment variable that overrides kDefaultInputLimit (bytes, a whole number).
inline constexpr const char* kInputLimitVariable = "LIQUID_INPUT_LIMIT";

/// The limit in bytes: LIQUID_INPUT_LIMIT if set, else kDefaultInputLimit. Throws
/// InputError naming the variable when its value is not a whole number >= 1.
std::uint64_t input_limit();

/// The whole content of `path`, BOM skipped. Throws InputError naming the file if it does
/// not exist, is a directory or not a regular file, is larger than input_limit(), or
/// cannot be read.
std::string read_input_file(const std::string& path);

/// Checks, without reading, what read_input_file() would check: `path` names an existing
/// regular file (after symbolic links) of at most input_limit() bytes. Errors name `where`
/// (an environment variable, say) and the path, so a name given indirectly is traceable.
void check_input_file(const std::string& path, const std::string& where);

/// Removes a leading UTF-8 BOM from `text`.
void strip_bom(std::string& text);

}  // namespace liquid
