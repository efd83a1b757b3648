#pragma once
#include "liquid/io/xml_escape.hpp"
// The network drawn as SVG: switches as squares, hosts as circles, each *directed* link
// as its own line (the two directions of a cable side by side, each shifted to the right
// of its travel direction) so a frame's links can be highlighted one by one.
#include <string>
#include <vector>

#include "liquid/net/network.hpp"
#include "liquid/report/network_layout.hpp"

namespace liquid::report {

/// How one link is painted. `css_class` goes on the element (the page's style sheet and
/// script use it); `stroke`/`width` override the class when set; `title` is the tooltip.
struct LinkMark {
    std::string css_class = "idle";
    std::string stroke;
    double width = 0;
    std::string title;
};

struct DrawingOptions {
    double size = 640;      // width and height in px
    bool labels = true;     // node names
    bool link_ids = false;  // data-l="<link index>" on every link (for the page script)
    std::string id;         // id of the <svg> element
};

/// CSS of the link classes idle, busy, bottleneck, bottleneck-idle (inside every SVG, so
/// a standalone file looks like the page).
const std::string& drawing_style();

std::string network_svg(const Network& net, const NetworkLayout& layout, const std::vector<LinkMark>& marks,
                        const DrawingOptions& options);

/// For a link-set traffic (no network to draw): one square per link in a grid, named by
/// its title, painted like the links of network_svg().
std::string link_grid_svg(const std::vector<std::string>& link_names, const std::vector<LinkMark>& marks,
                          const DrawingOptions& options);

/// Escapes &, <, >, " for HTML/SVG text and attributes (one escaper, in io).
using liquid::xml_escape;

}  // namespace liquid::report
