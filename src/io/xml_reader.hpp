#pragma once
// A small XML reader for GraphML: elements, attributes, text, the five named entities
// and numeric character references; comments, processing instructions, DOCTYPE and
// CDATA are handled. Errors are InputError "file:line"; nesting is bounded so corrupted
// input cannot exhaust the stack.
#include <map>
#include <string>
#include <vector>

namespace liquid::io {

struct XmlElement {
    std::string name;  // without namespace prefix
    std::map<std::string, std::string> attributes;
    std::vector<XmlElement> children;
    std::string text;  // concatenated character data directly inside
    int line = 0;
};

XmlElement read_xml_file(const std::string& path);

}  // namespace liquid::io
