// The one phrase for a schedule length's standing (schedule.hpp).
#include "liquid/sched/schedule.hpp"

namespace liquid {

std::string time_verdict(bool optimal, bool timed_out) {
    if (optimal) return "proven optimal";
    return timed_out ? "budget expired: best known" : "not proven optimal";
}

std::string length_verdict(bool liquid, bool optimal, bool timed_out) {
    return std::string(liquid ? "liquid" : "not liquid") + ", " + time_verdict(optimal, timed_out);
}

}  // namespace liquid
