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

ResultView& ResultView::section(std::string key, const ResultView& sub) {
    const std::string text = sub.to_text();
    rows_.push_back({std::move(key), sub.to_json(), text.empty() ? std::nullopt : std::optional(text)});
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
    if (!shown && !rows_.empty()) rows_.back().text.reset();
    return *this;
}

nlohmann::json ResultView::to_json() const& {
    nlohmann::json j = nlohmann::json::object();
    for (const Row& r : rows_)
        if (r.key) j[*r.key] = r.value;
    return j;
}

nlohmann::json ResultView::to_json() && {
    nlohmann::json j = nlohmann::json::object();
    for (Row& r : rows_)
        if (r.key) j[*r.key] = std::move(r.value);
    return j;
}

std::string ResultView::to_text() const {
    std::string out;
    for (const Row& r : rows_)
        if (r.text) out += *r.text;
    return out;
}

}  // namespace liquid::results
