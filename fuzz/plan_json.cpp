// libFuzzer harness: the plan file reader (plan/plan_json, LIQUID_PLAN of the interposer).
// Oracle: an accepted plan passes the independent plan verifier and reads back identically
// from the plan file liquid writes for it.
#include <cstdio>
#include <cstdlib>

#include "input_file.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/json_text.hpp"
#include "liquid/plan/plan.hpp"
#include "liquid/plan/plan_json.hpp"

namespace {

[[noreturn]] void oracle_failed(const char* what) {
    std::fprintf(stderr, "fuzz oracle: plan file: %s\n", what);
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    static const liquid::fuzz::InputFile file(".plan.json");
    static const liquid::fuzz::InputFile again(".plan-again.json");
    liquid::plan::Plan plan;
    try {
        plan = liquid::plan::read_plan_json(file.write({reinterpret_cast<const char*>(data), size}));
    } catch (const liquid::InputError&) {
        return 0;
    }
    if (!liquid::plan::verify_plan(plan).empty()) oracle_failed("an accepted plan fails verify_plan");
    const liquid::plan::Plan back = liquid::plan::read_plan_json(again.write(liquid::json_text(liquid::plan::plan_json(plan))));
    if (back.ranks != plan.ranks || back.frames != plan.frames || back.hosts != plan.hosts) oracle_failed("no round trip");
    return 0;
}
