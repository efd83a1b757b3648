#pragma once
// Reading a file named by the environment or a plan: a regular file of bounded size only.
// A device (/dev/zero), a FIFO or a directory is refused before anything is read, so a
// wrong name never hangs the reader or exhausts memory.
#include <cstddef>
#include <string>

namespace liquid::io {

/// Largest file read_regular_file() accepts by default (1 GiB).
inline constexpr std::size_t kMaxRegularFileBytes = std::size_t(1) << 30;

/// Throws InputError naming `where` (an environment variable, or the path) unless `path`
/// is an existing regular file (after symbolic links) of at most `max_bytes` bytes.
void check_regular_file(const std::string& path, const std::string& where, std::size_t max_bytes = kMaxRegularFileBytes);

/// The content of `path`, after check_regular_file(); at most `max_bytes` are read even if
/// the file grows meanwhile (InputError then).
std::string read_regular_file(const std::string& path, const std::string& where, std::size_t max_bytes = kMaxRegularFileBytes);

}  // namespace liquid::io
