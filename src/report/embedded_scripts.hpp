#pragma once
// The minified Vega, Vega-Lite and vega-embed builds, compiled in at build time from
// web/node_modules by tools/embed_text.cpp (see cmake/LiquidWebScripts.cmake).
#include <string>
#include <string_view>

namespace liquid::report {

/// "vega", "vega-lite" or "vega-embed"; empty for another name.
std::string embedded_script(std::string_view name);

}  // namespace liquid::report
