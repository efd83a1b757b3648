// SVG network drawings (see network_drawing.hpp).
#include "liquid/report/network_drawing.hpp"

#include "liquid/base/stop.hpp"
#include "node_grid.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace liquid::report {
namespace {

std::string link_attributes(const LinkMark& m, int index, const DrawingOptions& o, double default_width) {
    std::string s = fmt::format(" class=\"{}\"", m.css_class);
    if (o.link_ids) s += fmt::format(" data-l=\"{}\"", index);
    if (!m.stroke.empty()) s += fmt::format(" stroke=\"{}\"", m.stroke);
    s += fmt::format(" stroke-width=\"{:.2f}\"", m.width > 0 ? m.width : default_width);
    return s;
}

std::string title_element(const LinkMark& m) { return m.title.empty() ? "" : "<title>" + xml_escape(m.title) + "</title>"; }

}  // namespace

const std::string& drawing_style() {
    static const std::string css =
        ".idle{stroke:#c9ced6}.busy{stroke:#1f77b4}.bottleneck{stroke:#d62728}"
        ".bottleneck-idle{stroke:#d62728;stroke-dasharray:3 3;opacity:.55}"
        "svg.lg rect.busy{fill:#1f77b4}svg.lg rect.bottleneck{fill:#d62728}"
        ".sw{fill:#4a5568}.host{fill:#fff;stroke:#4a5568}.lbl{font:10px sans-serif;fill:#2d3748}";
    return css;
}

std::string network_svg(const Network& net, const NetworkLayout& layout, const std::vector<LinkMark>& marks,
                        const DrawingOptions& o) {
    const double S = o.size, node_r = std::clamp(S / std::sqrt(double(net.node_count()) + 1) / 6, 1.5, 9.0);
    const double gap = std::max(0.8, node_r * 0.45), width = std::max(0.6, node_r * 0.28);
    auto at = [&](int n) {
        return Point{layout.position[static_cast<std::size_t>(n)].x * S, layout.position[static_cast<std::size_t>(n)].y * S};
    };
    std::string svg = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\"{} width=\"{:.0f}\" height=\"{:.0f}\" viewBox=\"0 0 {:.0f} {:.0f}\" "
        "data-layout=\"{}\"><style>{}</style><g fill=\"none\" stroke-linecap=\"round\">",
        o.id.empty() ? "" : " id=\"" + o.id + "\"", S, S, S, S, layout_name(layout.kind), drawing_style());
    // Parallel links between the same two nodes get increasing offsets; a link whose
    // straight line would run through another node (a torus wrap-around, a long chord)
    // is drawn as an arc around it.
    std::map<std::pair<int, int>, int> seen;
    std::vector<Point> positions(static_cast<std::size_t>(net.node_count()));
    for (int n = 0; n < net.node_count(); ++n) positions[static_cast<std::size_t>(n)] = at(n);
    NodeGrid grid(std::move(positions), node_r);
    for (int l = 0; l < net.link_count(); ++l) {
        if (l % 1024 == 0) throw_if_stopped();  // SIGINT ends a drawing of tens of thousands of links
        const Link& link = net.link(l);
        const LinkMark& m = marks[static_cast<std::size_t>(l)];
        Point a = at(link.from), b = at(link.to);
        const double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
        if (len < 1e-9) continue;
        const int k = seen[{link.from, link.to}]++;
        const double ux = dx / len, uy = dy / len, off = gap * (1 + 2 * k);  // right of travel: (-uy, ux) in SVG
        const double trim = std::min(node_r * 1.2, len / 3);
        a = {a.x + ux * trim - uy * off, a.y + uy * trim + ux * off};
        b = {b.x - ux * trim - uy * off, b.y - uy * trim + ux * off};
        const std::string attrs = link_attributes(m, l, o, width);
        if (grid.passes_through_a_node(link.from, link.to)) {
            // Both directions bow the same way, away from the centre of the drawing.
            const double mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2, bulge = std::min(std::max(len * 0.12, node_r * 3), S * 0.07);
            const double side = (mx - S / 2) * -uy + (my - S / 2) * ux >= 0 ? 1 : -1;
            const Point c{mx - uy * bulge * side, my + ux * bulge * side};
            svg += fmt::format("<path d=\"M{:.1f},{:.1f} Q{:.1f},{:.1f} {:.1f},{:.1f}\"{}>{}</path>", a.x, a.y, c.x, c.y, b.x,
                               b.y, attrs, title_element(m));
        } else {
            svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"{}>{}</line>", a.x, a.y, b.x, b.y,
                               attrs, title_element(m));
        }
    }
    svg += "</g><g>";
    for (int n = 0; n < net.node_count(); ++n) {
        const Point p = at(n);
        const std::string name = xml_escape(net.node(n).name);
        if (net.is_host(n))
            svg += fmt::format("<circle class=\"host\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\"><title>{}</title></circle>", p.x,
                               p.y, node_r * 0.8, name);
        else
            svg += fmt::format(
                "<rect class=\"sw\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
                "rx=\"2\"><title>{}</title></rect>",
                p.x - node_r, p.y - node_r, 2 * node_r, 2 * node_r, name);
        if (o.labels)
            svg += fmt::format("<text class=\"lbl\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>", p.x,
                               p.y - node_r * 1.3, name);
    }
    return svg + "</g></svg>";
}

std::string link_grid_svg(const std::vector<std::string>& names, const std::vector<LinkMark>& marks, const DrawingOptions& o) {
    const int n = static_cast<int>(names.size());
    const int cols = std::max(1, static_cast<int>(std::ceil(std::sqrt(double(n)))));
    const int rows = std::max(1, (n + cols - 1) / cols);
    const double cell = std::min(o.size / cols, o.labels ? 64.0 : 24.0), w = cell * cols, h = cell * rows;
    std::string svg = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"lg\"{} width=\"{:.0f}\" height=\"{:.0f}\" viewBox=\"0 0 {:.0f} "
        "{:.0f}\" "
        "data-layout=\"links\"><style>{}</style><g fill=\"none\">",
        o.id.empty() ? "" : " id=\"" + o.id + "\"", w, h, w, h, drawing_style());
    for (int l = 0; l < n; ++l) {
        LinkMark m = marks[static_cast<std::size_t>(l)];
        if (m.title.empty()) m.title = names[static_cast<std::size_t>(l)];
        const int row = l / cols, col = l % cols;  // grid cell of link l
        const double x = col * cell, y = row * cell;
        svg += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\"{}>{}</rect>", x + cell * 0.15,
                           y + cell * 0.15, cell * 0.7, cell * 0.7, link_attributes(m, l, o, std::max(1.0, cell * 0.12)),
                           title_element(m));
        if (o.labels && cell >= 24)
            svg += fmt::format("<text class=\"lbl\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>", x + cell / 2,
                               y + cell / 2 + 3, xml_escape(names[static_cast<std::size_t>(l)]));
    }
    return svg + "</g></svg>";
}

}  // namespace liquid::report
