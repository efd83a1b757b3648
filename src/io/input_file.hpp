#pragma once
// The readers' view of the bounded input reader (liquid/base/input_file.hpp).
#include <cstddef>
#include <string>

#include "liquid/base/input_file.hpp"

namespace liquid::io {

/// Longest line a line-based reader accepts (bytes, without the newline).
inline constexpr std::size_t kMaxLineLength = 65536;

using liquid::read_input_file;
using liquid::strip_bom;

}  // namespace liquid::io
