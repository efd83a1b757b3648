#pragma once
// The weighted methods (liquid/sched/weighted.hpp) and what they share: the crossbar view of
// a traffic (a demand matrix between input and output ports), slots of a crossbar
// schedule, and the repair of pieces below the minimum size.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "liquid/sched/weighted.hpp"
#include "liquid/traffic/byte_load.hpp"

namespace liquid::sched {

using WeightedClock = std::chrono::steady_clock;

/// A traffic whose every transfer occupies exactly two links, an input port (used only as
/// a first link) and an output port (used only as a last link), all of one rate: a crossbar.
/// Cells of the square matrix (n = max(inputs, outputs)) hold bytes.
struct CrossbarDemand {
    int n = 0;
    double rate = 0;
    std::vector<std::int64_t> bytes;          // n × n, row-major
    std::vector<std::vector<int>> transfers;  // per cell, the transfers it holds
};

/// The crossbar view of p's traffic, or nullopt with `why_not` set.
std::optional<CrossbarDemand> crossbar_demand(const WeightedProblem& p, std::string& why_not);

/// One configuration of the crossbar: matched cells, served for `bytes` at most each.
struct Slot {
    std::vector<std::pair<int, int>> cells;
    std::int64_t bytes = 0;
};

/// The weighted schedule that serves the slots in order (each matched cell sends up to the
/// slot's bytes of its first unfinished transfer); pieces below the minimum are repaired.
WeightedSchedule schedule_from_slots(const WeightedProblem& p, const CrossbarDemand& d, const std::vector<Slot>& slots);

/// Moves every piece below p.min_piece of a split transfer into that transfer's largest
/// piece, drops empty frames and sets the durations.
void repair_small_pieces(const WeightedProblem& p, WeightedSchedule& s);

/// Largest-first greedy: frames of whole transfers, each frame filled in decreasing size
/// order with every remaining transfer that fits.
WeightedSchedule greedy_schedule(const WeightedProblem& p);

/// Birkhoff–von Neumann: the matrix stuffed to equal line sums, then peeled into
/// permutations, each lasting its smallest entry (at most n² − 2n + 2 slots).
std::vector<Slot> bvn_slots(const CrossbarDemand& d, WeightedClock::time_point deadline);
/// Solstice (Liu et al., CoNEXT 2015) without its packet switch: stuffing, then perfect
/// matchings among entries >= a threshold halved whenever none exists.
std::vector<Slot> solstice_slots(const CrossbarDemand& d, WeightedClock::time_point deadline);
/// Eclipse (Bojja Venkatakrishnan et al., SIGMETRICS 2016): greedy configurations maximising
/// served bytes per unit of time, duration and reconfiguration δ included.
std::vector<Slot> eclipse_slots(const CrossbarDemand& d, double overhead_s, WeightedClock::time_point deadline);

/// How long transfer x takes whole, over its slowest link.
inline double transfer_seconds(const WeightedProblem& p, int x) {
    return static_cast<double>(transfer_bytes((*p.traffic)[x])) / transfer_rate(*p.traffic, p.rates, x);
}

/// The unit split's quanta, finest first: the finest makes at most max_units pieces (none
/// rounded when the sizes share a divisor on one rate), each next one is twice as long,
/// the last leaves every transfer whole. A coarser quantum pays fewer frame overheads.
std::vector<double> unit_quanta(const WeightedProblem& p, std::int64_t max_units);
/// Every transfer cut into equal pieces of at most `quantum_s` (none below the minimum
/// piece), the pieces scheduled as equal transfers by the uniform engine within `seconds`;
/// nullopt when the engine returned no schedule.
std::optional<WeightedSchedule> unit_split_schedule(const WeightedProblem& p, double quantum_s, double seconds,
                                                    std::uint64_t seed);

/// Whole bytes for frames of given durations (sets of transfers, seconds): each transfer
/// fills its frames longest first, up to the duration rounded up to a whole byte; what the
/// durations leave (a solver's tolerance) joins the transfer's largest piece; pieces below
/// the minimum are repaired.
WeightedSchedule round_columns(const WeightedProblem& p, const std::vector<std::vector<int>>& sets,
                               const std::vector<double>& seconds);

/// The configuration LP over non-congesting sets (columns priced by a max-weight
/// simultaneity search), its value and whether the pricing was exact, and the schedule
/// rounded from it. Starts from `seed_frames` (sets of transfers).
struct ConfigurationLp {
    WeightedSchedule schedule;
    double value_s = 0;
    bool exact = false;
    bool solved = false;
    int columns = 0;
    int iterations = 0;
};
ConfigurationLp configuration_lp(const WeightedProblem& p, const std::vector<std::vector<int>>& seed_frames,
                                 const std::optional<CrossbarDemand>& crossbar, WeightedClock::time_point deadline);

}  // namespace liquid::sched
