#pragma once
// The command line of the bench programs with their own main (fragments, peers, strategies,
// t1_tables, weighted): CLI11 with strict numbers, and the exit codes of the `liquid`
// command (0 after --help; 2 after a bad option or input, with one line on stderr).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "liquid/base/error.hpp"

namespace liquid::bench {

/// Seconds: a finite number > 0. Not CLI::PositiveNumber: it lets "nan" through (a NaN is
/// neither below nor above its range) and names DBL_MAX in full when it refuses.
inline CLI::Validator positive_seconds() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            double v = 0;
            const char* end = text.data() + text.size();
            const auto [stop, ec] = std::from_chars(text.data(), end, v);
            if (ec != std::errc() || stop != end || !std::isfinite(v) || v <= 0)
                return "'" + text + "' is not a number of seconds > 0";
            return "";
        },
        "NUMBER > 0");
}

/// A whole number in [lo, hi], decimal digits only (not "12x", "1.5" or "0x10"). Give it
/// with Option::transform: it writes the number back without leading zeros, since CLI11
/// converts with base 0 and would read "010" as octal 8 where std::stoi read 10.
template <class T>
CLI::Validator whole_number(T lo, T hi = std::numeric_limits<T>::max()) {
    const std::string range = "in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            T v{};
            const char* end = text.data() + text.size();
            const auto [stop, ec] = std::from_chars(text.data(), end, v);
            if (ec != std::errc() || stop != end || v < lo || v > hi) return "'" + text + "' is not a whole number " + range;
            text = std::to_string(v);
            return "";
        },
        "INTEGER " + range);
}

/// `--time-limit S` into `seconds` (positive_seconds), whose value before the parse is the default.
inline CLI::Option* add_time_limit(CLI::App& app, double& seconds, const std::string& help) {
    return app.add_option("--time-limit", seconds, help)->check(positive_seconds())->capture_default_str();
}

/// "64,128,256": whole numbers > 0 separated by single commas; nothing for "", "1,,2",
/// "2," or "3x" (std::stoi read "3x" as 3 and threw on "1,,2").
inline std::optional<std::vector<int>> count_list(const std::string& text) {
    std::vector<int> counts;
    for (std::size_t at = 0;;) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const char* end = text.data() + comma;
        int n = 0;
        const auto [stop, ec] = std::from_chars(text.data() + at, end, n);
        if (ec != std::errc() || stop != end || n <= 0) return std::nullopt;
        counts.push_back(n);
        if (comma == text.size()) return counts;
        at = comma + 1;
    }
}

/// `--NAME LIST` (count_list) into `out`, whose value before the parse is the default.
/// One command-line word per option, so positionals after it stay positionals.
inline CLI::Option* add_count_list(CLI::App& app, const std::string& name, std::vector<int>& out, const std::string& help) {
    std::string shown;
    for (int n : out) shown += (shown.empty() ? "" : ",") + std::to_string(n);
    const auto check = [](const std::string& text) -> std::string {
        return count_list(text) ? "" : "'" + text + "' is not a list of whole numbers > 0 separated by commas (e.g. 64,128)";
    };
    return app
        .add_option_function<std::string>(
            name, [&out](const std::string& text) { out = *count_list(text); }, help)
        ->check(check)
        ->type_name("LIST")
        ->default_str(shown);
}

/// Parses the command line: nothing when the program is to run, else main's exit code
/// (0 after --help, 2 after an error, said in one line that names the option).
inline std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        const std::string& name = app.get_name();
        std::fprintf(stderr, "%s: error: %s (see `%s --help`)\n", name.c_str(), e.what(), name.c_str());
        return 2;
    }
    return std::nullopt;
}

/// main of a bench program: its options, set up by `add` on `Options{}` (the defaults), then
/// `work`'s exit code; or 2 after a bad command line or a liquid::InputError from loading the
/// input (an unknown network spec, an unreadable file), said on stderr instead of ending in
/// std::terminate.
template <class Options>
int run(int argc, char** argv, const std::string& name, const std::string& about, void (*add)(CLI::App&, Options&),
        int (*work)(const Options&)) {
    Options options;
    CLI::App app{about, name};
    add(app, options);
    if (const auto code = parse_command_line(app, argc, argv)) return *code;
    try {
        return work(options);
    } catch (const InputError& e) {
        std::fflush(stdout);  // the rows printed so far come before the message
        std::fprintf(stderr, "%s: error: %s\n", name.c_str(), e.what());
        return 2;
    }
}

}  // namespace liquid::bench
