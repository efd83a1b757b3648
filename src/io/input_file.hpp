#pragma once
// Opening user files for reading: one place that turns "missing", "a directory" and
// "unreadable" into clear InputErrors, and skips a UTF-8 byte-order mark (editors on some
// systems add one; it is not part of the first name).
#include <cstddef>
#include <fstream>
#include <string>

namespace liquid::io {

/// Longest line a line-based reader accepts (bytes, without the newline).
inline constexpr std::size_t kMaxLineLength = 65536;

/// Opens `path` for reading; throws InputError naming it if it does not exist, is a
/// directory or cannot be read. The stream is positioned after a UTF-8 BOM, if any.
std::ifstream open_input_file(const std::string& path);

/// The whole content of `path` (opened as above, BOM skipped).
std::string read_input_file(const std::string& path);

/// Removes a leading UTF-8 BOM from `text`.
void strip_bom(std::string& text);

}  // namespace liquid::io
