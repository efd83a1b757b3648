// The independent verifier of weighted schedules: it recomputes everything from the
// traffic's link lists, sizes and rates and shares no code with the methods.
#include <cmath>
#include <string>
#include <vector>

#include "liquid/sched/weighted.hpp"

namespace liquid {

std::string verify_weighted_schedule(const WeightedProblem& p, const WeightedSchedule& s) {
    const Traffic& t = *p.traffic;
    std::vector<long double> delivered(static_cast<std::size_t>(t.size()), 0);
    std::vector<int> link_owner(static_cast<std::size_t>(t.link_count()), -1);
    for (int fi = 0; fi < s.length(); ++fi) {
        const WeightedFrame& f = s.frames[static_cast<std::size_t>(fi)];
        const std::string at = "frame " + std::to_string(fi + 1) + ": ";
        if (f.pieces.empty()) return at + "no piece";
        double longest = 0;
        for (const Piece& x : f.pieces) {
            if (x.transfer < 0 || x.transfer >= t.size()) return at + "a piece names no transfer of the traffic";
            const Transfer& tr = t[x.transfer];
            if (x.bytes <= 0) return at + "piece of " + tr.name + " carries no byte";
            if (x.bytes < p.min_piece && static_cast<double>(x.bytes) != tr.size)
                return at + "piece of " + tr.name + " is smaller than the minimum piece";
            delivered[static_cast<std::size_t>(x.transfer)] += x.bytes;
            double slowest = 0;
            std::string clash;
            tr.links.for_each([&](std::size_t l) {
                const double r = p.rates[l];
                slowest = slowest == 0 ? r : std::min(slowest, r);
                if (link_owner[l] == fi) clash = t.link_name(static_cast<int>(l));
                link_owner[l] = fi;
            });
            if (!clash.empty()) return at + tr.name + " shares link " + clash + " with another piece";
            longest = std::max(longest, static_cast<double>(x.bytes) / slowest);
        }
        if (std::abs(f.duration_s - longest) > 1e-9 * std::max(1.0, longest))
            return at + "duration " + std::to_string(f.duration_s) + " s, its longest piece takes " + std::to_string(longest) +
                   " s";
    }
    for (int x = 0; x < t.size(); ++x)
        if (delivered[static_cast<std::size_t>(x)] != static_cast<long double>(t[x].size))
            return "transfer " + t[x].name + ": " + std::to_string(static_cast<double>(delivered[static_cast<std::size_t>(x)])) +
                   " bytes delivered of " + std::to_string(t[x].size);
    return "";
}

}  // namespace liquid
