// Searches of the stable invariant form on the quotient traffic (see quotient_search.hpp).
#include "sched/quotient_search.hpp"

#include <algorithm>
#include <string>

#include "liquid/base/deadline.hpp"
#include "liquid/sched/baselines.hpp"
#include "liquid/traffic/analysis.hpp"
#include "sched/frame_search.hpp"
#include "sched/quotient_traffic.hpp"
#include "sched/tabu_search.hpp"

namespace liquid::sched {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_until(Clock::time_point t) { return std::chrono::duration<double>(t - Clock::now()).count(); }

/// `share` of the time from now to `deadline`.
Clock::time_point part_of(Clock::time_point deadline, double share) {
    const Clock::time_point now = Clock::now();
    if (deadline <= now) return now;
    return now + std::chrono::duration_cast<Clock::duration>((deadline - now) * share);
}

/// The quotient's frame search if its bitset tables (quadratic in the orbits, built
/// without deadline checks) fit in memory and take milliseconds: up to 4 096 orbits.
bool frame_search_fits(const Traffic& q, std::size_t memory_bytes) {
    const auto n = static_cast<std::size_t>(q.size());
    const std::size_t row = (n + 63) / 64 * 8;
    return n <= 4096 && 3 * n * row + static_cast<std::size_t>(q.link_count()) * row + (std::size_t{64} << 20) <= memory_bytes;
}

/// Luby, Sinclair and Zuckerman's universal restart sequence, "Optimal speedup of Las
/// Vegas algorithms", IPL 47, 1993: 1 1 2 1 1 2 4 1 1 2 ... (i >= 1).
std::uint64_t luby(std::uint64_t i) {
    unsigned k = 1;
    while ((std::uint64_t{1} << k) - 1 < i) ++k;  // the smallest k with 2^k - 1 >= i
    if (i == (std::uint64_t{1} << k) - 1) return std::uint64_t{1} << (k - 1);
    return luby(i - (std::uint64_t{1} << (k - 1)) + 1);
}

InvariantOutcome found(const QuotientTraffic& q, const Schedule& s, InvariantOutcome out, const char* by) {
    out.answer = InvariantAnswer::Found;
    out.found_by = by;
    out.schedule = expand_quotient_schedule(q, s);
    return out;
}

}  // namespace

InvariantOutcome stable_schedule_search(const Traffic& traffic, const std::vector<TransferPermutation>& group, int L,
                                        std::uint64_t seed, Clock::time_point deadline, std::size_t memory_bytes) {
    InvariantOutcome out;
    out.frames_fixed = true;
    out.group_order = static_cast<int>(group.size());
    const std::optional<QuotientTraffic> q = quotient_traffic(traffic, group);
    if (!q || L < 1 || q->traffic.empty()) {
        out.answer = InvariantAnswer::NoGroup;
        return out;
    }
    out.variables = q->traffic.size();  // the problem's size: one transfer per orbit
    if (analyze(q->traffic).duration > L) {
        out.answer = InvariantAnswer::NoInvariant;
        return out;
    }
    Limits limits;
    limits.deadline = Deadline::after(std::max(1e-6, seconds_until(deadline)));
    limits.memory_bytes = memory_bytes;
    std::optional<Schedule> start = dsatur_schedule(q->traffic, limits);
    if (!start) return out;
    if (start->length() <= L) return found(*q, *start, out, "dsatur");
    // DSatur answers at once where the group is large enough (torus:4x4x4, order 32: 126
    // orbits). Then the exact search (a tenth of the window): it answers both ways; the
    // tabu search finds what it misses (mesh:6x6 under a reflection of order 2: 630 orbits,
    // about a second).
    if (frame_search_fits(q->traffic, memory_bytes)) {
        FrameSearchOptions fo;
        fo.deadline = Deadline::after(std::max(1e-6, 0.05 * seconds_until(deadline)));
        FrameSearch search(q->traffic, fo);
        Budget budget(std::max(1e-6, seconds_until(part_of(deadline, 0.1))), 0);
        Schedule s;
        const FrameSearch::Outcome o = search.decide(L, budget, &s);
        if (o == FrameSearch::Outcome::Found) return found(*q, s, out, "fission");
        if (o == FrameSearch::Outcome::Exhausted) {
            out.answer = InvariantAnswer::NoInvariant;
            return out;
        }
    }
    // The tabu search either answers within a fraction of a second or stalls, depending on
    // the seed (mesh:6x6's order-4 quotient): restarts with the next seed on windows of
    // Luby's sequence times 0.1 s bound the expected time to answer.
    constexpr double kRestartUnitS = 0.1;
    for (std::uint64_t k = 1; !reached(deadline); ++k) {
        const auto slice = steady_span(kRestartUnitS * luby(k));
        TabuOutcome tabu = tabu_search(q->traffic, *start, L, seed + k - 1, std::min(deadline, Clock::now() + slice));
        if (tabu.found) return found(*q, tabu.schedule, out, "tabu");
    }
    return out;
}

}  // namespace liquid::sched
