// Pages from saved results (see report.hpp).
#include "liquid/report/report.hpp"

#include <map>

#include "liquid/base/error.hpp"
#include "liquid/report/optical_report.hpp"
#include "liquid/report/result_file.hpp"
#include "liquid/report/testbed_report.hpp"
#include "liquid/report/weighted_schedule_report.hpp"
#include "liquid/results/schedule_result.hpp"

namespace liquid::report {

Page report_from_results(const std::vector<std::string>& paths, const TrafficSource& traffic,
                         const ScheduleReportOptions& options) {
    if (paths.empty()) throw InputError("--from", "no result file given", "give at least one --json result");
    std::map<ResultKind, ResultFile> files;
    std::vector<ResultKind> order;
    for (const std::string& p : paths) {
        ResultFile f = read_result_file(p);
        if (files.count(f.kind))
            throw InputError(
                "--from " + p,
                std::string("a second '") + results::kind_name(f.kind) + "' result (the first is " + files[f.kind].path + ")",
                "give one result of each kind");
        order.push_back(f.kind);
        files.emplace(f.kind, std::move(f));
    }
    auto find = [&](ResultKind k) { return files.count(k) ? &files.at(k) : nullptr; };
    Page page;
    bool optical_done = false;
    for (ResultKind k : order) {
        const ResultFile& f = files.at(k);
        switch (k) {
            case ResultKind::Schedule: {
                const ReportTraffic t = traffic();
                if (results::is_weighted_schedule_result(f.json))
                    append_page(page, weighted_schedule_page(saved_weighted_schedule_for_report(f.path, f.json, t.network,
                                                                                                *t.traffic, t.source, t.rates),
                                                             options));
                else
                    append_page(
                        page, schedule_page(saved_schedule_for_report(f.path, f.json, t.network, *t.traffic, t.source), options));
                break;
            }
            case ResultKind::Simulation: append_page(page, simulation_page(f)); break;
            case ResultKind::Testbed: append_page(page, testbed_page(f)); break;
            case ResultKind::TestbedSimulation: append_page(page, testbed_simulation_page(f)); break;
            case ResultKind::OpticalTables:
            case ResultKind::OpticalSweep:
                if (!optical_done)
                    append_page(page, optical_page(find(ResultKind::OpticalTables), find(ResultKind::OpticalSweep)));
                optical_done = true;
                break;
        }
    }
    return page;
}

}  // namespace liquid::report
