#pragma once
// Reading user JSON with errors that name the file and the JSON path ("/links/3/from")
// or, for syntax errors, the line and column.
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>

namespace liquid::io {

using nlohmann::json;

/// Deepest nesting of arrays and objects accepted (real files nest at most ~6 levels).
inline constexpr int kMaxJsonDepth = 64;

/// Parses a JSON file; throws InputError "file:line:col: ..." on a syntax error, a number
/// out of range, or nesting deeper than kMaxJsonDepth. A UTF-8 BOM is skipped.
json parse_json_file(const std::string& path);
/// The same for text already in memory; `name` is used in error messages.
json parse_json_text(std::string text, const std::string& name);

/// A value inside a document, carrying the file name and JSON pointer for errors.
class JsonAt {
public:
    JsonAt(const json& j, std::string file, std::string pointer = "")
        : j_(&j), file_(std::move(file)), pointer_(std::move(pointer)) {}

    const json& value() const { return *j_; }
    std::string where() const { return file_ + ": " + (pointer_.empty() ? "/" : pointer_); }
    [[noreturn]] void fail(const std::string& problem, const std::string& fix) const;

    bool has(const std::string& key) const { return j_->is_object() && j_->contains(key); }
    /// Fails on a member not in `known` unless its name starts with "x-" (extensions).
    void allow_members(std::initializer_list<const char*> known) const;
    JsonAt operator[](const std::string& key) const;  // required member
    JsonAt operator[](std::size_t i) const;
    std::size_t size() const { return j_->size(); }

    const json& object() const;
    const json& array() const;
    std::string string() const;
    double number() const;
    long long integer() const;
    /// A whole number in [lo, hi]; the error names the range.
    long long integer(long long lo, long long hi) const;
    bool boolean() const;

private:
    const json* j_;
    std::string file_, pointer_;
};

}  // namespace liquid::io
