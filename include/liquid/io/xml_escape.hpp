#pragma once
// Escaping text for XML-family outputs (GraphML export, the report's HTML and SVG).
#include <string>

namespace liquid {

/// Escapes &, <, >, " for XML/HTML/SVG text and attribute values.
std::string xml_escape(const std::string& text);

}  // namespace liquid
