#include "liquid/base/name_check.hpp"

#include <fmt/core.h>

#include "liquid/base/error.hpp"

namespace liquid {

bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '+' ||
           c == '-';
}

bool is_valid_name(std::string_view name) {
    if (name.empty() || name.size() > kMaxNameLength) return false;
    for (char c : name)
        if (!is_name_char(c)) return false;
    return true;
}

std::string printable_name(std::string_view name) {
    std::string out;
    const std::size_t shown = name.size() > 40 ? 40 : name.size();
    for (std::size_t i = 0; i < shown; ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        if (c < 0x20 || c == 0x7f || c >= 0x80) out += fmt::format("\\x{:02x}", c);
        else out += static_cast<char>(c);
    }
    if (shown < name.size()) out += "...";
    return out;
}

void check_name(std::string_view name, const std::string& where, const std::string& what) {
    if (is_valid_name(name)) return;  // the common case builds no message
    const std::string fix = "use letters, digits and _ . + - (at most " + std::to_string(kMaxNameLength) + " characters)";
    if (name.empty()) throw InputError(where, "a " + what + " name is empty", fix);
    if (name.size() > kMaxNameLength)
        throw InputError(
            where, what + " name '" + printable_name(name) + "' is " + std::to_string(name.size()) + " characters long", fix);
    for (char c : name)
        if (!is_name_char(c))
            throw InputError(where,
                             "bad " + what + " name '" + printable_name(name) + "': character '" +
                                 printable_name(std::string_view(&c, 1)) + "' is not allowed",
                             fix);
}

}  // namespace liquid
