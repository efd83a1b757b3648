#include "liquid/base/json_text.hpp"

#include "liquid/base/time_budget.hpp"
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

std::string dumped(const nlohmann::json& j, int indent) {
    try {
        return j.dump(indent);
    } catch (const nlohmann::json::type_error& e) {
        if (e.id != 316) throw;  // 316: a string is not UTF-8; the only error dump() raises
        return with_valid_strings(j).dump(indent);
    }
}

bool has_structured_member(const nlohmann::json& j) {
    for (const auto& v : j)
        if (v.is_structured()) return true;
    return false;
}

/// Writes `j` as dump(indent) would at nesting `depth`, one container at a time so that a
/// stop request ends a long output (a 1 024-host routing
/// table is tens of megabytes) between containers. A container of plain values is dumped
/// whole; its lines get the depth's indentation (a dump has line breaks only between its
/// values: strings escape theirs).
class Writer {
public:
    Writer(std::string& out, int indent) : out_(out), indent_(indent) {}

    void write(const nlohmann::json& j, int depth) {
        if (++containers_ % 256 == 0) throw_if_stop_requested();
        if (!j.is_structured() || j.empty() || !has_structured_member(j)) return write_whole(j, depth);
        const bool object = j.is_object();
        out_ += object ? '{' : '[';
        bool first = true;
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (!first) out_ += ',';
            first = false;
            new_line(depth + 1);
            if (object) {
                out_ += dumped(nlohmann::json(valid(it.key())), -1);
                out_ += indent_ >= 0 ? ": " : ":";
            }
            write(*it, depth + 1);
        }
        new_line(depth);
        out_ += object ? '}' : ']';
    }

private:
    void new_line(int depth) {
        if (indent_ < 0) return;
        out_ += '\n';
        out_.append(static_cast<std::size_t>(indent_) * static_cast<std::size_t>(depth), ' ');
    }

    void write_whole(const nlohmann::json& j, int depth) {
        const std::string text = dumped(j, indent_);
        if (indent_ <= 0 || depth == 0 || !j.is_structured()) {
            out_ += text;
            return;
        }
        const std::string prefix(static_cast<std::size_t>(indent_) * static_cast<std::size_t>(depth), ' ');
        for (char c : text) {
            out_ += c;
            if (c == '\n') out_ += prefix;
        }
    }

    std::string& out_;
    int indent_;
    long long containers_ = 0;
};

}  // namespace

std::string json_text(const nlohmann::json& j, int indent) {
    std::string out;
    Writer(out, indent).write(j, 0);
    return out;
}

}  // namespace liquid
