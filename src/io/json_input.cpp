#include "liquid/io/json_input.hpp"

#include <climits>
#include <cmath>
#include <fstream>
#include <sstream>

#include "io/input_file.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/name_check.hpp"

namespace liquid::io {

namespace {

std::string line_col(const std::string& text, std::size_t byte) {
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i + 1 < byte && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return std::to_string(line) + ":" + std::to_string(col);
}

/// Byte offset where nesting first exceeds kMaxJsonDepth, or npos. Strings are skipped so
/// brackets inside names do not count. Keeps the parser and the recursive dump/destructor
/// of nlohmann::json within a small stack on any input.
std::size_t too_deep_at(const std::string& text) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth) return i + 1;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return std::string::npos;
}

}  // namespace

json parse_json_text(std::string text, const std::string& name) {
    strip_bom(text);
    if (auto at = too_deep_at(text); at != std::string::npos)
        throw InputError(name + ":" + line_col(text, at),
                         "arrays and objects nest deeper than " + std::to_string(kMaxJsonDepth) + " levels",
                         "flatten the document");
    try {
        return json::parse(text);
    } catch (const json::parse_error& e) {
        std::string msg = e.what();
        if (auto p = msg.find("parse error"); p != std::string::npos) msg = msg.substr(p);
        throw InputError(name + ":" + line_col(text, e.byte), "invalid JSON: " + msg, "fix the JSON syntax at that position");
    } catch (const json::exception& e) {
        // e.g. out_of_range 406: a number such as -1e400 that no double holds.
        std::string msg = e.what();
        if (auto p = msg.find("] "); p != std::string::npos) msg = msg.substr(p + 2);
        throw InputError(name, "invalid JSON: " + msg, "write numbers a double can hold (|x| < 1e308)");
    }
}

json parse_json_file(const std::string& path) { return parse_json_text(read_input_file(path), path); }

void JsonAt::fail(const std::string& problem, const std::string& fix) const { throw InputError(where(), problem, fix); }

JsonAt JsonAt::operator[](const std::string& key) const {
    const json& o = object();
    auto it = o.find(key);
    if (it == o.end()) fail("missing member \"" + key + "\"", "add \"" + key + "\"");
    return JsonAt(*it, file_, pointer_ + "/" + key);
}

JsonAt JsonAt::operator[](std::size_t i) const { return JsonAt(array().at(i), file_, pointer_ + "/" + std::to_string(i)); }

const json& JsonAt::object() const {
    if (!j_->is_object()) fail("expected an object", "use { ... }");
    return *j_;
}

const json& JsonAt::array() const {
    if (!j_->is_array()) fail("expected an array", "use [ ... ]");
    return *j_;
}

std::string JsonAt::string() const {
    if (!j_->is_string()) fail("expected a string", "put the value in double quotes");
    return j_->get<std::string>();
}

double JsonAt::number() const {
    if (!j_->is_number()) fail("expected a number", "give a numeric value");
    double v = j_->get<double>();
    if (!std::isfinite(v)) fail("the number is not finite", "give a finite value");
    return v;
}

long long JsonAt::integer() const {
    if (!j_->is_number_integer()) fail("expected a whole number", "give an integer value");
    if (j_->is_number_unsigned() && j_->get<unsigned long long>() > static_cast<unsigned long long>(LLONG_MAX))
        fail("the number is too large", "give a smaller whole number");
    return j_->get<long long>();
}

long long JsonAt::integer(long long lo, long long hi) const {
    const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
    if (!j_->is_number_integer()) fail("expected a whole number in " + range, "give an integer value");
    const bool too_big = j_->is_number_unsigned() && j_->get<unsigned long long>() > static_cast<unsigned long long>(hi);
    if (too_big || j_->get<long long>() < lo || j_->get<long long>() > hi)
        fail("the number " + j_->dump() + " is outside " + range, "give a whole number in " + range);
    return j_->get<long long>();
}

void JsonAt::allow_members(std::initializer_list<const char*> known) const {
    for (const auto& [key, value] : object().items()) {
        (void)value;
        if (key.rfind("x-", 0) == 0) continue;
        bool ok = false;
        for (const char* k : known) ok = ok || key == k;
        if (ok) continue;
        std::string list;
        for (const char* k : known) list += (list.empty() ? "\"" : ", \"") + std::string(k) + "\"";
        fail("unknown member \"" + printable_name(key) + "\"",
             "the members here are " + list + "; prefix extension members with \"x-\"");
    }
}

bool JsonAt::boolean() const {
    if (!j_->is_boolean()) fail("expected true or false", "use a JSON boolean");
    return j_->get<bool>();
}

}  // namespace liquid::io
