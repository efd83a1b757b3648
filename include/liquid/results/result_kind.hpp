#pragma once
// Which command wrote a --json result: each owner of a document recognises its own.
#include <nlohmann/json.hpp>
#include <string>

namespace liquid::results {

enum class ResultKind {
    Schedule,           // liquid schedule --json
    Simulation,         // liquid simulate --json
    Testbed,            // liquid testbed t1 --json (or t1-summary.json; --sweep-only too)
    TestbedSimulation,  // liquid simulate testbed --json
    OpticalTables,      // liquid optical p2p-tables --json (or p2p-tables.json)
    OpticalSweep,       // liquid optical sweep --json
};

/// The command's name: "schedule", "testbed t1", ...
const char* kind_name(ResultKind k);

/// Recognises a parsed result; throws InputError naming `where` when no owner knows it.
ResultKind result_kind(const nlohmann::json& j, const std::string& where);

}  // namespace liquid::results
