#pragma once
// A result another liquid command printed with --json (or wrote as its summary file),
// read back for `liquid report --from FILE`. The kind is recognised by the owners of the
// documents (liquid/results/), which also read the members each page shows.
#include <nlohmann/json.hpp>
#include <string>

#include "liquid/results/result_kind.hpp"

namespace liquid::report {

using results::ResultKind;

struct ResultFile {
    std::string path;
    nlohmann::json json;
    ResultKind kind = ResultKind::Schedule;
};

/// Parses and recognises a result file. Throws InputError naming the file (and line for a
/// syntax error) when it is not JSON or not the output of one of the commands above.
ResultFile read_result_file(const std::string& path);

}  // namespace liquid::report
