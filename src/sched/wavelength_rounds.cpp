// Optical use (report §2.2, "lightpaths on demand"): a time frame is one wavelength; a
// fibre carries W wavelengths at once, so W frames form one round. The minimum number of
// rounds is ceil(L*/W), reached by the shortest schedule, which is what solve() returns.
#include "liquid/sched/schedule.hpp"

namespace liquid {

std::vector<std::vector<int>> group_into_rounds(const Schedule& schedule, int wavelengths) {
    std::vector<std::vector<int>> rounds;
    if (wavelengths <= 0) return rounds;
    for (int f = 0; f < schedule.length(); ++f) {
        if (f % wavelengths == 0) rounds.emplace_back();
        rounds.back().push_back(f);
    }
    return rounds;
}

}  // namespace liquid
