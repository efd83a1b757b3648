#include "liquid/results/result_view.hpp"

#include <fmt/core.h>

#include "liquid/base/json_text.hpp"

namespace liquid::results {

std::string ResultView::label(const std::string& name) const { return fmt::format("{:<{}}", name + ":", label_width_); }

ResultView& ResultView::field(std::string key, nlohmann::json value, const std::string& label_text, const std::string& text) {
    rows_.push_back({std::move(key), std::move(value), label(label_text) + text + "\n"});
    return *this;
}

ResultView& ResultView::field(std::string key, nlohmann::json value, const std::string& label_text) {
    const std::string text = value.is_string() ? value.get<std::string>() : json_text(value);
    return field(std::move(key), std::move(value), label_text, text);
}

ResultView& ResultView::names(std::string key, const std::vector<std::string>& names, const std::string& label_text) {
    std::string joined;
    for (const std::string& n : names) joined += (joined.empty() ? "" : " ") + n;
    return field(std::move(key), names, label_text, fmt::format("{} ({})", names.size(), joined));
}

ResultView& ResultView::json_only(std::string key, nlohmann::json value) {
    rows_.push_back({std::move(key), std::move(value), std::nullopt});
    return *this;
}

ResultView& ResultView::json_fields(const nlohmann::json& object) {
    for (const auto& [key, value] : object.items()) json_only(key, value);
    return *this;
}

ResultView& ResultView::json_fields(nlohmann::json&& object) {
    for (auto& member : object.items()) json_only(member.key(), std::move(member.value()));
    return *this;
}

ResultView& ResultView::text_only(std::string line) {
    rows_.push_back({std::nullopt, nullptr, std::move(line) + "\n"});
    return *this;
}

ResultView& ResultView::row(std::string key, nlohmann::json value, std::string line) {
    rows_.push_back({std::move(key), std::move(value), std::move(line) + "\n"});
    return *this;
}

ResultView& ResultView::deferred_row(std::string key, std::function<nlohmann::json()> value, std::function<std::string()> line) {
    Row r{std::move(key), nullptr, std::nullopt};
    r.make_value = std::move(value);
    r.make_text = std::move(line);
    rows_.push_back(std::move(r));
    return *this;
}

ResultView& ResultView::section(std::string key, ResultView sub) {
    Row r{std::move(key), nullptr, std::nullopt};
    r.sub = std::make_shared<ResultView>(std::move(sub));
    rows_.push_back(std::move(r));
    return *this;
}

ResultView& ResultView::list(std::string key, const std::vector<ResultView>& items) {
    nlohmann::json array = nlohmann::json::array();
    std::string text;
    for (const ResultView& item : items) {
        array.push_back(item.to_json());
        text += item.to_text();
    }
    rows_.push_back({std::move(key), std::move(array), text.empty() ? std::nullopt : std::optional(text)});
    return *this;
}

ResultView& ResultView::text_of(const ResultView& other) {
    rows_.push_back({std::nullopt, nullptr, other.to_text()});
    return *this;
}

ResultView& ResultView::text_if(bool shown) {
    if (!shown && !rows_.empty()) rows_.back().text_shown = false;
    return *this;
}

nlohmann::json ResultView::row_value(const Row& r) {
    if (r.sub) return r.sub->to_json();
    if (r.make_value) return r.make_value();
    return r.value;
}

// Appended in place: the frames of a large schedule are tens of megabytes of text.
void ResultView::append_text(std::string& out) const {
    for (const Row& r : rows_) {
        if (!r.text_shown) continue;
        if (r.sub) {
            r.sub->append_text(out);
        } else if (r.make_text) {
            out += r.make_text();
            out += '\n';
        } else if (r.text) {
            out += *r.text;
        }
    }
}

nlohmann::json ResultView::to_json() const& {
    nlohmann::json j = nlohmann::json::object();
    for (const Row& r : rows_)
        if (r.key) j[*r.key] = row_value(r);
    return j;
}

nlohmann::json ResultView::to_json() && {
    nlohmann::json j = nlohmann::json::object();
    for (Row& r : rows_) {
        if (!r.key) continue;
        if (r.sub && r.sub.use_count() == 1) j[*r.key] = std::move(*r.sub).to_json();
        else if (r.sub || r.make_value) j[*r.key] = row_value(r);
        else j[*r.key] = std::move(r.value);
    }
    return j;
}

std::string ResultView::to_text() const {
    std::string out;
    append_text(out);
    return out;
}

}  // namespace liquid::results
