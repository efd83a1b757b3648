#include "liquid/base/time_budget.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>

#include "liquid/base/deadline.hpp"

namespace liquid {

namespace {

using Clock = std::chrono::steady_clock;

// Nanoseconds on the steady clock: read from every thread that polls (parallel routing).
std::atomic<Clock::rep> g_start{Clock::now().time_since_epoch().count()};
std::atomic<Clock::rep> g_end{0};  // 0: no budget
std::atomic<double> g_seconds{0};

std::atomic<OutOfBudgetExit> g_exit{nullptr};
std::atomic<double> g_needed{0}, g_left_then{0};  // the last throw_unless_budget_left() that threw
std::atomic<int> g_outputs{0};                    // OutputInProgress and SearchInProgress held

Clock::time_point at(Clock::rep ticks) { return Clock::time_point(Clock::duration(ticks)); }

/// Work without a result is stopping: the command's exit hook ends the process now, unless
/// an output file is being written (its unwinding removes the temporary copy) or a search
/// runs (it returns the schedule it holds).
void exit_if_no_output() {
    if (const OutOfBudgetExit hook = g_exit.load(); hook && g_outputs.load() == 0) hook();
}

}  // namespace

void start_command_clock() noexcept {
    g_start = Clock::now().time_since_epoch().count();
    g_needed = 0;
    g_left_then = 0;
    clear_time_budget();
}

double command_seconds() noexcept { return std::chrono::duration<double>(Clock::now() - at(g_start.load())).count(); }

void set_time_budget(double seconds) noexcept {
    if (!(seconds > 0) || !std::isfinite(seconds)) return clear_time_budget();
    const auto span = steady_span(seconds);
    g_seconds = seconds;
    g_end = (at(g_start.load()) + span).time_since_epoch().count();
}

void clear_time_budget() noexcept {
    g_end = 0;
    g_seconds = 0;
}

double time_budget_seconds() noexcept { return g_seconds.load(); }

double time_budget_left() noexcept {
    const Clock::rep end = g_end.load(std::memory_order_relaxed);
    if (end == 0) return std::numeric_limits<double>::infinity();
    return std::chrono::duration<double>(at(end) - Clock::now()).count();
}

bool time_budget_expired() noexcept {
    const Clock::rep end = g_end.load(std::memory_order_relaxed);
    return end != 0 && Clock::now().time_since_epoch().count() >= end;
}

void throw_if_out_of_budget() {
    const bool stopped = stop_requested();
    if (!stopped && !time_budget_expired()) return;
    exit_if_no_output();
    if (stopped) throw Interrupted();
    throw OutOfTime();
}

void throw_unless_budget_left(double seconds) {
    throw_if_stop_requested();
    const double left = time_budget_left();
    if (left >= seconds) return;
    g_needed = seconds;
    g_left_then = left;
    exit_if_no_output();
    throw OutOfTime();
}

double time_budget_needed() noexcept { return g_needed.load(); }

double time_budget_left_then() noexcept { return g_left_then.load(); }

void throw_if_stop_requested() {
    if (!stop_requested()) return;
    exit_if_no_output();
    throw Interrupted();
}

void set_out_of_budget_exit(OutOfBudgetExit hook) noexcept { g_exit = hook; }

OutputInProgress::OutputInProgress() noexcept { ++g_outputs; }

OutputInProgress::~OutputInProgress() { --g_outputs; }

SearchInProgress::SearchInProgress() noexcept { ++g_outputs; }

SearchInProgress::~SearchInProgress() { --g_outputs; }

Deadline search_deadline(double seconds) {
    const Deadline own = Deadline::after(seconds);
    const Clock::rep end = g_end.load();
    if (end == 0) return own;
    const Clock::time_point now = Clock::now();
    const double left = std::chrono::duration<double>(at(end) - now).count();
    const double spent = std::chrono::duration<double>(now - at(g_start.load())).count();
    const double reserve = std::clamp(spent, 0.0, std::max(0.0, left / 2));
    // At least a microsecond: Deadline::after reads a non-positive span as "no limit".
    return own.sooner(std::max(1e-6, left - reserve));
}

}  // namespace liquid
