// Reading back the JSON results of other commands (see result_file.hpp).
#include "liquid/report/result_file.hpp"

#include "liquid/base/error.hpp"
#include "liquid/io/json_input.hpp"

namespace liquid::report {
namespace {

bool has(const nlohmann::json& j, const char* key) { return j.is_object() && j.contains(key); }

}  // namespace

const char* kind_name(ResultKind k) {
    switch (k) {
        case ResultKind::Schedule: return "schedule";
        case ResultKind::Simulation: return "simulate";
        case ResultKind::Testbed: return "testbed t1";
        case ResultKind::TestbedSimulation: return "simulate testbed";
        case ResultKind::OpticalTables: return "optical p2p-tables";
        case ResultKind::OpticalSweep: return "optical sweep";
    }
    return "?";
}

ResultKind result_kind(const nlohmann::json& j, const std::string& where) {
    if (has(j, "schedule") && j["schedule"].is_object() && has(j["schedule"], "frames")) return ResultKind::Schedule;
    if (has(j, "summary") && has(j, "sweep")) return ResultKind::Testbed;
    if (has(j, "sweep") && has(j["sweep"], "by_nodes")) return ResultKind::Testbed;  // --sweep-only
    if (has(j, "patterns") && has(j, "ratio")) return ResultKind::TestbedSimulation;
    if (has(j, "makespan_s") && has(j, "links")) return ResultKind::Simulation;
    if (has(j, "table1") || has(j, "table2")) return ResultKind::OpticalTables;
    if (has(j, "command") && j["command"] == "optical sweep" && has(j, "rows")) return ResultKind::OpticalSweep;
    throw InputError(where + ": /", "not a result liquid report knows",
                     "give the --json output of liquid schedule, simulate, simulate testbed, testbed t1, optical p2p-tables "
                     "or optical sweep");
}

ResultFile read_result_file(const std::string& path) {
    ResultFile f{path, io::parse_json_file(path), ResultKind::Schedule};
    f.kind = result_kind(f.json, path);
    return f;
}

const nlohmann::json& member(const nlohmann::json& j, const std::string& key, const std::string& file,
                             const std::string& pointer) {
    if (!j.is_object() || !j.contains(key))
        throw InputError(file + ": " + pointer + "/" + key, "missing", "give the unmodified --json output of the command");
    return j[key];
}

double number_at(const nlohmann::json& j, const std::string& key, const std::string& file, const std::string& pointer) {
    const nlohmann::json& v = member(j, key, file, pointer);
    if (!v.is_number())
        throw InputError(file + ": " + pointer + "/" + key, "not a number", "give the unmodified --json output of the command");
    return v.get<double>();
}

}  // namespace liquid::report
