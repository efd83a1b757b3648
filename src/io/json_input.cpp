#include "liquid/io/json_input.hpp"

#include <cmath>
#include <fstream>
#include <sstream>

#include "liquid/base/error.hpp"

namespace liquid::io {

json parse_json_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw InputError(path, "cannot open the file", "check the path");
    std::stringstream buf;
    buf << in.rdbuf();
    const std::string text = buf.str();
    try {
        return json::parse(text);
    } catch (const json::parse_error& e) {
        std::size_t line = 1, col = 1;
        for (std::size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
            if (text[i] == '\n') { ++line; col = 1; } else { ++col; }
        }
        std::string msg = e.what();
        if (auto p = msg.find("parse error"); p != std::string::npos) msg = msg.substr(p);
        throw InputError(path + ":" + std::to_string(line) + ":" + std::to_string(col), "invalid JSON: " + msg,
                         "fix the JSON syntax at that position");
    }
}

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
    return j_->get<long long>();
}

bool JsonAt::boolean() const {
    if (!j_->is_boolean()) fail("expected true or false", "use a JSON boolean");
    return j_->get<bool>();
}

}  // namespace liquid::io
