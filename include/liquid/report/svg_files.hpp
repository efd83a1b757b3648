#pragma once
// `--svg-dir`: every figure of a page as a standalone SVG file, for papers. Drawings are
// written as made; Vega-Lite charts are rendered by Node.js with vega's own node API
// (View.toSVG(), renderer "none"), using the Vega builds compiled into liquid, so only a
// `node` binary on PATH is needed (no browser, no node_modules).
#include <string>
#include <vector>

#include "liquid/report/page.hpp"

namespace liquid::report {

/// Writes DIR/<figure id>.svg for every figure; returns the paths written. Throws
/// InputError when DIR cannot be created or `node` is missing, std::runtime_error when
/// the renderer fails.
std::vector<std::string> write_svg_files(const Page& page, const std::string& dir);

/// Creates DIR if missing and checks it is a writable directory (and, when the page has
/// charts, that `node` is on PATH): called before any file of the run is written, so a bad
/// --svg-dir fails the command without leaving the HTML page behind. Throws InputError.
void prepare_svg_dir(const Page& page, const std::string& dir);

}  // namespace liquid::report
