#pragma once
// Reading line-oriented text formats (ibnetdiscover, LFT dumps, Slurm, BookSim2) with
// errors that name the file and line, and number parsing that never throws anything but
// InputError (so truncated or corrupted input cannot crash an importer).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace liquid::io {

class TextLines {
public:
    /// Reads `path` (input_file.hpp: regular files within the input limit); throws
    /// InputError when it cannot be read.
    explicit TextLines(const std::string& path);
    /// Next line without its end-of-line characters; false at the end of the file.
    bool next(std::string& line);
    int line_number() const { return line_; }
    const std::string& path() const { return path_; }
    std::string where() const { return path_ + ":" + std::to_string(line_); }
    [[noreturn]] void fail(const std::string& problem, const std::string& fix) const;

private:
    std::string path_;
    std::string text_;      // the whole file, read through the bounded reader
    std::size_t next_ = 0;  // offset of the next line in text_
    int line_ = 0;
};

std::string_view trim(std::string_view s);
/// Whitespace-separated words.
std::vector<std::string_view> words(std::string_view s);
bool starts_with(std::string_view s, std::string_view prefix);
/// Parses a whole unsigned number (decimal, or hex after "0x"/"0X" or with base 16);
/// false on anything else, on an empty string or on overflow past `max`.
bool parse_uint(std::string_view s, std::uint64_t& out, std::uint64_t max, int base = 10);
/// Replaces every character outside [A-Za-z0-9_.+-] by '_' (names usable in every
/// liquid format, including link-set traffic files).
std::string safe_name(std::string_view s);

}  // namespace liquid::io
