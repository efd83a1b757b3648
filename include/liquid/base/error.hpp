#pragma once
// Errors the library raises. The library never prints or exits; front ends catch
// InputError and exit with code 2 after printing what() on stderr, OutOfMemory with code 3.
#include <stdexcept>
#include <string>

namespace liquid {

/// Bad user input: a malformed file, an unknown name, an impossible parameter.
/// `where` is "file:line", "file: /json/path" or just a parameter name; `fix` says
/// what to change. what() reads "where: problem (fix)".
class InputError : public std::runtime_error {
public:
    InputError(const std::string& where, const std::string& problem, const std::string& fix = "")
        : std::runtime_error(compose(where, problem, fix)), where_(where) {}
    const std::string& where() const noexcept { return where_; }

private:
    static std::string compose(const std::string& where, const std::string& problem, const std::string& fix) {
        std::string s = where.empty() ? problem : where + ": " + problem;
        if (!fix.empty()) s += " (" + fix + ")";
        return s;
    }
    std::string where_;
};

/// Work refused before it starts because it would need more memory than allowed: what()
/// says how much, the limit, and what to make smaller.
class OutOfMemory : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace liquid
