#include "option_checks.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <cmath>

namespace liquid::app {

namespace {

constexpr double kYear = 365.0 * 24 * 3600;

std::string trimmed(const std::string& s) {
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

}  // namespace

CLI::Validator finite_number(double lo, double hi, bool lo_open) {
    const std::string range = fmt::format("{}{:g}, {:g}]", lo_open ? "(" : "[", lo, hi);
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            const std::string t = trimmed(text);
            double v = 0;
            const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
            if (t.empty() || end != t.data() + t.size()) return "'" + text + "' is not a number";
            if (ec == std::errc::result_out_of_range) return "'" + text + "' is outside " + range;
            if (ec != std::errc()) return "'" + text + "' is not a number";
            if (!std::isfinite(v)) return "'" + text + "' is not a finite number";
            if (v < lo || (lo_open && v == lo) || v > hi) return "'" + text + "' is outside " + range;
            return "";
        },
        "NUMBER in " + range);
}

CLI::Validator positive_seconds() { return finite_number(0, kYear, true); }
CLI::Validator non_negative_seconds() { return finite_number(0, kYear, false); }
CLI::Validator positive_amount() { return finite_number(0, kMaxAmount, true); }

CLI::Validator non_empty() {
    return CLI::Validator([](std::string& text) -> std::string { return text.empty() ? "the value is empty" : ""; }, "");
}

CLI::Validator whole_number(long long lo, long long hi) {
    const std::string range = fmt::format("[{}, {}]", lo, hi);
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            const std::string t = trimmed(text);
            long long v = 0;
            const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
            if (t.empty() || end != t.data() + t.size()) return "'" + text + "' is not a whole number";
            if (ec == std::errc::result_out_of_range || v < lo || v > hi) return "'" + text + "' is outside " + range;
            if (ec != std::errc()) return "'" + text + "' is not a whole number";
            return "";
        },
        "INTEGER in " + range);
}

}  // namespace liquid::app
