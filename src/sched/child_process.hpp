#pragma once
// Work that cannot be interrupted, run in a forked child process so that a deadline can
// cut it off (the parent kills the child): the MILP solvers (they check their clocks only
// between steps) and bliss's automorphism search (no stop hook at all). The child hands
// its result back as bytes through a pipe.
#include <chrono>
#include <functional>
#include <string>

namespace liquid::sched {

struct ChildOutcome {
    bool forked = false;    // false: fork() or pipe() failed, `work` did not run
    bool finished = false;  // the child wrote its result and exited before the deadline
    std::string bytes;      // what `work` returned (when finished)
};

/// Runs `work` in a forked child and returns its bytes, or finished = false when the
/// deadline came first (the child is killed) or the child died. Call it with no other
/// thread of this process running (fork copies only the caller). The child leaves with
/// _exit: no destructors, no atexit handlers of the parent's state.
ChildOutcome run_in_child(const std::function<std::string()>& work, std::chrono::steady_clock::time_point deadline);

}  // namespace liquid::sched
