// One self-contained HTML document per report (see page.hpp). Everything the page needs
// is inside it: the chart libraries, the chart specifications, the data and the SVG
// drawings, so it opens offline and sends no request.
#include "liquid/report/page.hpp"

#include <fmt/format.h>

#include <fstream>

#include "liquid/base/error.hpp"
#include "liquid/base/json_text.hpp"
#include "liquid/io/output_file.hpp"
#include "liquid/report/network_drawing.hpp"
#include "report/embedded_scripts.hpp"

namespace liquid::report {
namespace {

constexpr const char* kStyle = R"css(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1a202c;margin:0;background:#f7f8fa}
header{background:#1a365d;color:#fff;padding:18px 28px}header h1{margin:0;font-size:22px}header p{margin:4px 0 0;opacity:.85}
nav{padding:8px 28px;background:#e2e8f0}nav a{margin-right:16px;color:#1a365d;text-decoration:none}
main{padding:8px 28px 40px}section{background:#fff;border:1px solid #e2e8f0;border-radius:6px;margin:16px 0;padding:12px 18px}
h2{font-size:18px;margin:6px 0 10px;color:#1a365d}.figures{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
figure{margin:0;padding:6px;border:1px solid #edf2f7;border-radius:4px;max-width:100%;overflow:auto}
figcaption{font-size:12px;color:#4a5568;max-width:720px}figure h3{font-size:14px;margin:2px 0 6px}
table{border-collapse:collapse;margin:6px 0 10px}td,th{border:1px solid #e2e8f0;padding:3px 8px;text-align:left;font-size:13px}
th{background:#edf2f7}td.num{text-align:right;font-variant-numeric:tabular-nums}
.gallery{display:flex;flex-wrap:wrap;gap:8px}.pict{border:1px solid #e2e8f0;border-radius:4px;padding:4px;background:#fff}
.pict .busy,.pict .bottleneck{stroke-width:2.2px}.pict div{font-size:11px;color:#4a5568;text-align:center}.controls{margin:8px 0}.controls button{margin-right:8px}
.legend span{display:inline-block;margin-right:14px;font-size:12px}.legend i{display:inline-block;width:18px;height:3px;vertical-align:middle;margin-right:4px}
)css";

constexpr const char* kChartScript = R"js(
(function () {
  const specs = JSON.parse(document.getElementById('liquid-charts').textContent);
  window.LIQUID_DATA = JSON.parse(document.getElementById('liquid-data').textContent);
  const status = window.liquidReport = {charts: Object.keys(specs).length, rendered: 0, failed: 0, done: false};
  if (typeof vegaEmbed === 'undefined') { status.done = true; document.body.dataset.chartsDone = '1'; return; }
  const jobs = Object.entries(specs).map(([id, spec]) => {
    const renderer = (spec.usermeta && spec.usermeta.renderer) || 'svg';
    return vegaEmbed('#' + id, spec, {mode: 'vega-lite', actions: false, renderer: renderer})
      .then(() => { status.rendered++; document.getElementById(id).dataset.rendered = '1'; })
      .catch((e) => { status.failed++; console.error('chart ' + id + ': ' + e); });
  });
  Promise.all(jobs).then(() => { status.done = true; document.body.dataset.chartsDone = '1'; });
})();
)js";

/// JSON safe inside <script>: "</" (only inside JSON strings) becomes the equal "<\\/".
std::string json_safe(std::string text) {
    for (auto at = text.find("</"); at != std::string::npos; at = text.find("</", at + 3)) text.replace(at, 2, "<\\/");
    return text;
}

/// JavaScript safe inside <script>: only "</script" could close the element (a blanket
/// "</" rewrite would break regular expressions such as /</g).
std::string script_safe(std::string text) {
    for (auto at = text.find("</script"); at != std::string::npos; at = text.find("</script", at + 3))
        text.replace(at, 2, "<\\/");
    return text;
}

std::string figure_html(const Figure& f) {
    std::string body = f.is_chart() ? fmt::format("<div class=\"chart\" id=\"{}\"></div>", f.id)
                                    : fmt::format("<div class=\"drawing\" id=\"{}\">{}</div>", f.id, f.svg);
    return fmt::format("<figure data-figure=\"{}\">{}{}{}</figure>\n", f.id,
                       f.title.empty() ? "" : "<h3>" + xml_escape(f.title) + "</h3>", body,
                       f.caption.empty() ? "" : "<figcaption>" + f.caption + "</figcaption>");
}

}  // namespace

std::string html_table(const std::vector<std::pair<std::string, std::string>>& rows) {
    std::string s = "<table>";
    for (const auto& [k, v] : rows) s += "<tr><th>" + xml_escape(k) + "</th><td>" + xml_escape(v) + "</td></tr>";
    return s + "</table>\n";
}

std::string html_grid(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows) {
    std::string s = "<table><tr>";
    for (const auto& h : header) s += "<th>" + xml_escape(h) + "</th>";
    s += "</tr>";
    for (const auto& row : rows) {
        s += "<tr>";
        for (const auto& c : row) {
            const bool num = !c.empty() && (std::isdigit(static_cast<unsigned char>(c[0])) || c[0] == '-');
            s += (num ? "<td class=\"num\">" : "<td>") + xml_escape(c) + "</td>";
        }
        s += "</tr>";
    }
    return s + "</table>\n";
}

std::vector<const Figure*> all_figures(const Page& page) {
    std::vector<const Figure*> out;
    for (const Section& s : page.sections)
        for (const Figure& f : s.figures) out.push_back(&f);
    for (const Figure& f : page.extra_svgs) out.push_back(&f);
    return out;
}

void append_page(Page& page, Page other) {
    if (page.title.empty()) page.title = other.title;
    else if (!other.title.empty()) page.title += " + " + other.title;
    if (page.subtitle.empty()) page.subtitle = other.subtitle;
    for (Section& s : other.sections) page.sections.push_back(std::move(s));
    for (auto& [k, v] : other.data.items()) page.data[k] = v;
    page.script += other.script;
    for (Figure& f : other.extra_svgs) page.extra_svgs.push_back(std::move(f));
}

std::string render_html(const Page& page) {
    nlohmann::json specs = nlohmann::json::object();
    std::string nav, body;
    for (const Section& s : page.sections) {
        nav += fmt::format("<a href=\"#section-{}\">{}</a>", s.id, xml_escape(s.heading));
        body += fmt::format("<section id=\"section-{}\"><h2>{}</h2>\n{}<div class=\"figures\">\n", s.id, xml_escape(s.heading),
                            s.intro_html);
        for (const Figure& f : s.figures) {
            body += figure_html(f);
            if (f.is_chart()) specs[f.id] = f.vega_lite;
        }
        body += "</div>\n" + s.html + "</section>\n";
    }
    std::string html =
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        "<meta name=\"generator\" content=\"liquid report\">";
    html += "<title>" + xml_escape(page.title) + "</title><style>" + kStyle + "</style></head>\n<body>\n";
    html += "<header><h1>" + xml_escape(page.title) + "</h1><p>" + xml_escape(page.subtitle) + "</p>";
    // A build without the chart libraries (cmake -DLIQUID_WEB_ASSETS=OFF) says why the
    // charts are not drawn; their specifications and data stay in the page.
    const bool charts_drawn = !embedded_script("vega-embed").empty();
    if (!charts_drawn)
        html +=
            "<p>The charts are not drawn: this liquid was built without the Vega libraries (LIQUID_WEB_ASSETS=OFF); "
            "their Vega-Lite specifications and data are in this page (#liquid-charts, #liquid-data).</p>";
    html += "</header>\n";
    html += "<nav>" + nav + "</nav>\n<main>\n" + body + "</main>\n";
    html += "<script type=\"application/json\" id=\"liquid-charts\">" + json_safe(json_text(specs)) + "</script>\n";
    html += "<script type=\"application/json\" id=\"liquid-data\">" + json_safe(json_text(page.data)) + "</script>\n";
    if (charts_drawn)
        for (const char* lib : {"vega", "vega-lite", "vega-embed"})
            html += fmt::format("<script data-library=\"{}\">\n{}\n</script>\n", lib, script_safe(embedded_script(lib)));
    html += "<script>" + std::string(kChartScript) + script_safe(page.script) + "</script>\n</body></html>\n";
    return html;
}

void write_html(const Page& page, const std::string& path) { write_file_atomically(path, render_html(page)); }

}  // namespace liquid::report
