#pragma once
// The command's time budget: `--time-limit` bounds the whole command, from its start to its
// last line of output. The command starts the clock before it parses its options and sets
// the budget once it knows it; every phase then keeps to it in one of two ways:
//  - work that comes before any result (generating or importing the network, routing,
//    building the traffic, analysing it) and work whose partial result is no result (a
//    simulation) polls throw_if_out_of_budget() and throws OutOfTime once the budget has
//    run out: the command exits with its own code and message (docs/cli.md, "Budgets");
//  - a search takes search_deadline(): it ends early enough for the work that still has to
//    be done with its result (verifying, rendering, simulating it) and returns the best
//    result found by then.
// Without a budget (library callers, the tests) nothing changes: no deadline, no throw.
#include "liquid/base/deadline.hpp"
#include "liquid/base/stop.hpp"

namespace liquid {

/// Starts the command's clock (and forgets any previous budget).
void start_command_clock() noexcept;
/// Seconds since start_command_clock() (or since the first call of any function here).
double command_seconds() noexcept;

/// The budget: `seconds` from the command's start (<= 0 or not finite: none).
void set_time_budget(double seconds) noexcept;
void clear_time_budget() noexcept;
/// The budget in seconds (0 when there is none).
double time_budget_seconds() noexcept;
/// Seconds of the budget left (+infinity when there is none).
double time_budget_left() noexcept;
/// True once the budget has run out (reads the clock: poll it every few thousand steps).
bool time_budget_expired() noexcept;

/// Thrown by work that comes before any result when the time budget runs out.
class OutOfTime : public Interrupted {
public:
    OutOfTime() : Interrupted("the time budget ran out") {}
};

/// Throws Interrupted on a stop request (stop.hpp) and OutOfTime once the time budget has
/// run out. Before throwing it calls the exit hook, if one is installed and no output file
/// is being written.
void throw_if_out_of_budget();

/// Throws Interrupted on a stop request, and OutOfTime when less than `seconds` of the
/// budget is left (negative: that long past it), calling the exit hook first like
/// throw_if_out_of_budget(): for work that would need that long to deliver any result (a
/// search whose result takes seconds to verify and print), which ends the command at once
/// instead of long after its limit.
void throw_unless_budget_left(double seconds);
/// The `seconds` that throw_unless_budget_left() found missing, and what was left then
/// (0 and 0 when it has not thrown since the command's clock started): for the message.
double time_budget_needed() noexcept;
double time_budget_left_then() noexcept;

/// Throws Interrupted on a stop request, calling the exit hook first like
/// throw_if_out_of_budget(), and ignores the time budget: for writing out a result that
/// exists (a long JSON text, an export), which the budget lets finish but a signal ends.
void throw_if_stop_requested();

/// The command's way out when throw_if_out_of_budget() stops work that has no result yet:
/// it prints the reason and ends the process at once. Unwinding would free the partly
/// built network, routes and traffic first (a million transfers: a quarter of a second
/// and more), time the budget does not have; nothing is lost, no output exists yet. The
/// hook must not return unless it leaves the throw to do the work.
using OutOfBudgetExit = void (*)();
void set_out_of_budget_exit(OutOfBudgetExit hook) noexcept;

/// Held while an output file is being written (output_file.hpp): the exit hook is not
/// called then, so the file's temporary copy is removed by the unwinding.
class OutputInProgress {
public:
    OutputInProgress() noexcept;
    ~OutputInProgress();
    OutputInProgress(const OutputInProgress&) = delete;
    OutputInProgress& operator=(const OutputInProgress&) = delete;
};

/// Held by a search while it runs (solve.hpp): the exit hook is not called then, so a stop
/// or the end of the budget inside a step that has no result of its own (the congestion
/// graph of a bound) throws to the search, which returns the verified schedule it already
/// holds instead of the command ending with nothing.
class SearchInProgress {
public:
    SearchInProgress() noexcept;
    ~SearchInProgress();
    SearchInProgress(const SearchInProgress&) = delete;
    SearchInProgress& operator=(const SearchInProgress&) = delete;
};

/// A search's deadline: `seconds` from now (<= 0: no limit of its own), ended early enough
/// to leave the command as much time after the search as it spent before it, at most half
/// of what is left: what follows a search (verifying, rendering, simulating or planning its
/// result) is linear in the same traffic as what preceded it (routing and building it).
Deadline search_deadline(double seconds);

}  // namespace liquid
