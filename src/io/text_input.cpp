#include "io/text_input.hpp"

#include <algorithm>

#include "io/input_file.hpp"
#include "liquid/base/error.hpp"

namespace liquid::io {

TextLines::TextLines(const std::string& path) : path_(path), text_(read_input_file(path)) {}

bool TextLines::next(std::string& line) {
    if (next_ >= text_.size()) return false;
    const std::size_t end = std::min(text_.find('\n', next_), text_.size());
    line.assign(text_, next_, end - next_);
    next_ = end + 1;
    ++line_;
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
    return true;
}

void TextLines::fail(const std::string& problem, const std::string& fix) const { throw InputError(where(), problem, fix); }

std::string_view trim(std::string_view s) {
    const char* space = " \t\r\n\f\v";
    auto b = s.find_first_not_of(space);
    if (b == std::string_view::npos) return {};
    auto e = s.find_last_not_of(space);
    return s.substr(b, e - b + 1);
}

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != '\r') ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

bool parse_uint(std::string_view s, std::uint64_t& out, std::uint64_t max, int base) {
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        s.remove_prefix(2);
        base = 16;
    }
    if (s.empty()) return false;
    std::uint64_t v = 0;
    for (char c : s) {
        int d;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (base == 16 && c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if (base == 16 && c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else return false;
        if (v > (max - static_cast<std::uint64_t>(d)) / static_cast<std::uint64_t>(base)) return false;
        v = v * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(d);
    }
    out = v;
    return true;
}

std::string safe_name(std::string_view s) {
    std::string out(s);
    for (char& c : out) {
        bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
                  c == '+' || c == '-';
        if (!ok) c = '_';
    }
    return out;
}

}  // namespace liquid::io
