// The LIQUID_REPORT file of the interposer.
#include <fstream>
#include <nlohmann/json.hpp>

#include "interposer.hpp"

namespace liquid::mpi::interposer {

void write_report(const Report& report, const std::string& path) {
    using nlohmann::json;
    json plans = json::array();
    for (const CommunicatorPlan& p : report.plans) {
        json j{{"ranks", p.ranks}, {"fallback", p.fallback}, {"planning_ms", p.planning_ms}};
        if (p.fallback) {
            j["reason"] = p.reason;
        } else {
            j["method"] = p.method;
            j["length"] = p.length;
            j["duration"] = p.duration;
            j["liquid"] = p.liquid;
        }
        plans.push_back(j);
    }
    const json doc{{"intercepted_calls", report.alltoall_calls + report.alltoallv_calls},
                   {"alltoall_calls", report.alltoall_calls},
                   {"alltoallv_calls", report.alltoallv_calls},
                   {"calls_run_by_plan", report.calls_run_by_plan},
                   {"calls_fallen_back", report.calls_fallen_back},
                   {"call_fallback_reasons", report.call_fallback_reasons},
                   {"plans", plans}};
    // The library never prints; a report that cannot be written is silently skipped
    // only if the file cannot be opened (the program's own exit status is not ours).
    std::ofstream(path) << doc.dump(2) << "\n";
}

}  // namespace liquid::mpi::interposer
