// libFuzzer harness: the result files `liquid report --from` reads (report/result_file,
// read by the owners of the documents in results/). Oracle: any input is recognised and
// read, or refused with an InputError; nothing else may escape (a JSON type error of a
// mistyped member, an out-of-range access).
#include "liquid/report/result_file.hpp"
#include "input_file.hpp"
#include "liquid/base/error.hpp"
#include "liquid/results/optical_p2p_result.hpp"
#include "liquid/results/optical_sweep_result.hpp"
#include "liquid/results/schedule_result.hpp"
#include "liquid/results/simulation_result.hpp"
#include "liquid/results/t1_result.hpp"
#include "liquid/results/testbed_simulation_result.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    using namespace liquid::results;
    static const liquid::fuzz::InputFile file(".result.json");
    try {
        const liquid::report::ResultFile f =
            liquid::report::read_result_file(file.write({reinterpret_cast<const char*>(data), size}));
        switch (f.kind) {
            case ResultKind::Schedule: (void)read_schedule_verdict(f.json, f.path); break;
            case ResultKind::Simulation: (void)read_simulation(f.json, f.path); break;
            case ResultKind::Testbed: (void)read_t1(f.json, f.path); break;
            case ResultKind::TestbedSimulation: (void)read_testbed_simulation(f.json, f.path); break;
            case ResultKind::OpticalTables: (void)read_thesis_tables(f.json, f.path); break;
            case ResultKind::OpticalSweep: (void)read_sweep_points(f.json, f.path); break;
        }
    } catch (const liquid::InputError&) {
    }
    return 0;
}
