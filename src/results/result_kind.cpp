// Recognising a --json result by asking the owners of the documents (see result_kind.hpp).
#include "liquid/results/result_kind.hpp"

#include "liquid/base/error.hpp"
#include "liquid/results/optical_p2p_result.hpp"
#include "liquid/results/optical_sweep_result.hpp"
#include "liquid/results/schedule_result.hpp"
#include "liquid/results/simulation_result.hpp"
#include "liquid/results/t1_result.hpp"
#include "liquid/results/testbed_simulation_result.hpp"

namespace liquid::results {

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
    // The first owner that knows the document wins.
    if (is_schedule_result(j)) return ResultKind::Schedule;
    if (is_t1_result(j)) return ResultKind::Testbed;
    if (is_testbed_simulation_result(j)) return ResultKind::TestbedSimulation;
    if (is_simulation_result(j)) return ResultKind::Simulation;
    if (is_thesis_tables_result(j)) return ResultKind::OpticalTables;
    if (is_sweep_result(j)) return ResultKind::OpticalSweep;
    throw InputError(where + ": /", "not a result liquid report knows",
                     "give the --json output of liquid schedule, simulate, simulate testbed, testbed t1, optical p2p-tables "
                     "or optical sweep");
}

}  // namespace liquid::results
