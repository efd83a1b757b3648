#pragma once
// A result another liquid command printed with --json (or wrote as its summary file),
// read back for `liquid report --from FILE`. The kind is recognised from the keys.
#include <nlohmann/json.hpp>
#include <string>

namespace liquid::report {

enum class ResultKind {
    Schedule,           // liquid schedule --json
    Simulation,         // liquid simulate --json
    Testbed,            // liquid testbed t1 --json (or t1-summary.json; --sweep-only too)
    TestbedSimulation,  // liquid simulate testbed --json
    OpticalTables,      // liquid optical p2p-tables --json (or p2p-tables.json)
    OpticalSweep,       // liquid optical sweep --json
};

const char* kind_name(ResultKind k);

struct ResultFile {
    std::string path;
    nlohmann::json json;
    ResultKind kind = ResultKind::Schedule;
};

/// Parses and recognises a result file. Throws InputError naming the file (and line for a
/// syntax error) when it is not JSON or not the output of one of the commands above.
ResultFile read_result_file(const std::string& path);

/// Recognises an already parsed result; `where` names it in errors.
ResultKind result_kind(const nlohmann::json& j, const std::string& where);

/// Required member `key` of `j` (at JSON pointer `pointer` of `file`), else InputError
/// "file: /pointer/key: missing ...".
const nlohmann::json& member(const nlohmann::json& j, const std::string& key, const std::string& file,
                             const std::string& pointer);

/// A number member (integers accepted), else InputError naming the JSON path.
double number_at(const nlohmann::json& j, const std::string& key, const std::string& file, const std::string& pointer);

}  // namespace liquid::report
