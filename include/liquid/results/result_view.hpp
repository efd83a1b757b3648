#pragma once
// One description of a command's result, rendered as text or as JSON. The owner of a
// result kind (this module) builds a ResultView from the result struct a library call
// returned; every row names its JSON
// key and value next to its text line, so a field cannot be in one output and missing
// from the other by accident (a row that belongs to one output only says so: json_only,
// text_only). Nested sections become JSON objects, lists become JSON arrays.
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace liquid::results {

class ResultView {
public:
    /// Text lines of fields are "label:" padded to `label_width` characters, then the text.
    explicit ResultView(int label_width = 20) : label_width_(label_width) {}

    /// A field: JSON `key: value`; text "label:   text".
    ResultView& field(std::string key, nlohmann::json value, const std::string& label, const std::string& text);
    /// A field whose text is its value as JSON prints it (numbers, strings without quotes).
    ResultView& field(std::string key, nlohmann::json value, const std::string& label);
    /// A list of names: JSON array; text "3 (a b c)".
    ResultView& names(std::string key, const std::vector<std::string>& names, const std::string& label);
    /// A value only the JSON carries (details the text summarises in another line).
    ResultView& json_only(std::string key, nlohmann::json value);
    /// Every member of a JSON object the library already describes (e.g. a file row), JSON only.
    ResultView& json_fields(const nlohmann::json& object);
    /// The same, moving the members (a plan file of a million routes is not copied).
    ResultView& json_fields(nlohmann::json&& object);
    /// A line only the text shows (a heading, a note, a line combining several JSON fields).
    ResultView& text_only(std::string line);
    /// A field shown as one free-form text line (e.g. a table row) with its JSON value.
    ResultView& row(std::string key, nlohmann::json value, std::string line);
    /// A row as large as the result (a schedule's frames): its JSON value and its text line
    /// are made when the view is rendered, and only the one rendered. The functions must
    /// stay valid until then (they usually refer to the result the view describes).
    ResultView& deferred_row(std::string key, std::function<nlohmann::json()> value, std::function<std::string()> line);
    /// A nested object: JSON `key: {...}`; its text lines follow in place. The sub-view is
    /// kept as it is (its deferred rows stay deferred).
    ResultView& section(std::string key, ResultView sub);
    /// A list: JSON `key: [...]` of the items' objects; each item's text lines follow in place.
    ResultView& list(std::string key, const std::vector<ResultView>& items);
    /// The text of another view at this place (its JSON sits elsewhere, e.g. in a section).
    ResultView& text_of(const ResultView& other);
    /// Text only when `shown` (e.g. `--loads`); the JSON row is kept either way.
    ResultView& text_if(bool shown);

    nlohmann::json to_json() const&;
    /// The JSON, moving the rows' values out of a view that is no longer needed.
    nlohmann::json to_json() &&;
    std::string to_text() const;

    /// A field label padded to the view's width: "traffic:" -> "traffic:            ".
    std::string label(const std::string& name) const;

private:
    struct Row {
        std::optional<std::string> key;
        nlohmann::json value;
        std::optional<std::string> text;  // whole line(s), newline-terminated
        // Made at rendering instead (deferred_row): the value, the line without its newline.
        std::function<nlohmann::json()> make_value{};
        std::function<std::string()> make_text{};
        std::shared_ptr<ResultView> sub{};  // a section: value and text are the sub-view's
        bool text_shown = true;             // text_if(false) hides the text of any kind of row
    };
    static nlohmann::json row_value(const Row& r);
    void append_text(std::string& out) const;
    int label_width_;
    std::vector<Row> rows_;
};

/// One view per item, e.g. the rows of a list: views_of(rows, row_view).
template <class Item, class View>
std::vector<ResultView> views_of(const std::vector<Item>& items, View view) {
    std::vector<ResultView> out;
    out.reserve(items.size());
    for (const Item& item : items) out.push_back(view(item));
    return out;
}

}  // namespace liquid::results
