// The one phrase for a schedule length's standing (schedule.hpp).
#include "liquid/sched/schedule.hpp"

namespace liquid {

std::string length_verdict(bool liquid, bool optimal, bool timed_out) {
    std::string verdict = liquid ? "liquid" : "not liquid";
    if (optimal) return verdict + ", proven optimal";
    return verdict + (timed_out ? ", budget expired: best known" : ", not proven optimal");
}

}  // namespace liquid
