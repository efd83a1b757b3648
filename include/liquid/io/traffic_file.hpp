#pragma once
// Link-set traffic files (*.traffic): one transfer per line,
// `name: link link ... [@ BYTES]` (the size, a whole number of bytes, default 1), `#`
// starts a comment. The link universe is the set of link
// names in order of first appearance.
#include <iosfwd>
#include <string>

#include "liquid/traffic/traffic.hpp"

namespace liquid {

Traffic read_traffic_file(const std::string& path);
/// Parses from a stream; `filename` is used in error messages ("file:line: ...").
Traffic parse_traffic(std::istream& in, const std::string& filename);
void write_traffic(std::ostream& out, const Traffic& traffic);
void write_traffic_file(const std::string& path, const Traffic& traffic);

}  // namespace liquid
