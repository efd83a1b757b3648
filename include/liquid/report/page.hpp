#pragma once
// A report page: sections of HTML, Vega-Lite charts and SVG drawings, rendered as one
// self-contained HTML file (Vega, Vega-Lite and vega-embed inlined; no fonts, no CDN, no
// request of any kind) or as standalone SVG files for papers.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace liquid::report {

/// One figure: a Vega-Lite chart (`vega_lite` set) or an SVG drawing made here (`svg`).
/// `id` names the element in the page and the file written by --svg-dir (<id>.svg).
struct Figure {
    std::string id, title, caption;
    nlohmann::json vega_lite;
    std::string svg;
    bool is_chart() const { return !vega_lite.is_null(); }
};

struct Section {
    std::string id, heading;
    std::string intro_html;  // before the figures (summary tables, notes)
    std::vector<Figure> figures;
    std::string html;  // after the figures (e.g. the pictogram gallery)
};

struct Page {
    std::string title, subtitle;
    std::vector<Section> sections;
    nlohmann::json data = nlohmann::json::object();  // window.LIQUID_DATA for `script`
    std::string script;                              // page logic beyond the charts (runs after they are embedded)
    std::vector<Figure> extra_svgs;                  // written by --svg-dir only (e.g. one pictogram per frame)
};

/// The page as one HTML document.
std::string render_html(const Page& page);

/// Writes render_html(page) to `path`; InputError if it cannot.
void write_html(const Page& page, const std::string& path);

/// Every figure of the page (and `extra_svgs`) in one list, in page order.
std::vector<const Figure*> all_figures(const Page& page);

/// A key/value table as HTML (values are escaped).
std::string html_table(const std::vector<std::pair<std::string, std::string>>& rows);

/// A table with a header row (cells are escaped).
std::string html_grid(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows);

/// Appends the sections of `other` (and its data, script and extra files) to `page`.
void append_page(Page& page, Page other);

}  // namespace liquid::report
