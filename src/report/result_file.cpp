// Reading back the JSON results of other commands (see result_file.hpp).
#include "liquid/report/result_file.hpp"

#include "liquid/io/json_input.hpp"

namespace liquid::report {

ResultFile read_result_file(const std::string& path) {
    ResultFile f{path, io::parse_json_file(path), ResultKind::Schedule};
    f.kind = results::result_kind(f.json, path);
    return f;
}

}  // namespace liquid::report
