#pragma once
// Per-item results of the testbed experiments as bytes, so that processes that each ran
// a shard (base/shard.hpp) can send theirs to one process that merges and renders them
// exactly as a single process would: every field round-trips bit for bit (CBOR, doubles
// as IEEE 754 binary64).
#include <string>

#include "liquid/testbed/experiment.hpp"
#include "liquid/testbed/testbed_table.hpp"

namespace liquid::testbed {

std::string encode_result(const RepresentativeResult& r);
/// Throws InputError on bytes encode_result() did not write.
RepresentativeResult decode_result(const std::string& bytes);

std::string encode_row(const TestbedRow& r);
/// Throws InputError on bytes encode_row() did not write.
TestbedRow decode_row(const std::string& bytes);

}  // namespace liquid::testbed
