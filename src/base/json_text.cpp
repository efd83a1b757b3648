#include "liquid/base/json_text.hpp"

#include "liquid/base/utf8.hpp"

namespace liquid {

namespace {

std::string valid(const std::string& s) { return is_utf8(s) ? s : printable_text(s); }

nlohmann::json with_valid_strings(const nlohmann::json& j) {
    if (j.is_string()) return valid(j.get_ref<const std::string&>());
    if (j.is_array()) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& v : j) out.push_back(with_valid_strings(v));
        return out;
    }
    if (j.is_object()) {
        nlohmann::json out = nlohmann::json::object();
        for (const auto& [key, v] : j.items()) out[valid(key)] = with_valid_strings(v);
        return out;
    }
    return j;
}

}  // namespace

std::string json_text(const nlohmann::json& j, int indent) {
    try {
        return j.dump(indent);
    } catch (const nlohmann::json::type_error& e) {
        if (e.id != 316) throw;  // 316: a string is not UTF-8; the only error dump() raises
        return with_valid_strings(j).dump(indent);
    }
}

}  // namespace liquid
