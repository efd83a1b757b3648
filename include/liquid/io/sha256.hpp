#pragma once
// SHA-256 (FIPS 180-4) of a byte string, as 64 lowercase hex digits: the run manifests
// (output_file.hpp) identify each file of a run by its digest.
#include <string>
#include <string_view>

namespace liquid {

std::string sha256_hex(std::string_view bytes);

}  // namespace liquid
