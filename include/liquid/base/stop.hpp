#pragma once
// The process-wide stop request: the command installs SIGINT/SIGTERM handlers that call
// request_stop(); every search, sweep and simulation checks stop_requested() where it
// checks its deadline and winds down. Work that cannot return a complete result throws
// Interrupted instead of returning a partial one; output files are only committed when no
// stop was requested (see output_file.hpp).
#include <stdexcept>

namespace liquid {

/// Records that `signal` asked the process to stop. Async-signal-safe.
void request_stop(int signal) noexcept;
/// True once request_stop() was called.
bool stop_requested() noexcept;
/// The signal given to request_stop() (0 if none).
int stop_signal() noexcept;
/// Clears the request (tests only).
void clear_stop_request() noexcept;

/// Thrown by work that was stopped before it had a complete result.
class Interrupted : public std::runtime_error {
public:
    Interrupted() : std::runtime_error("interrupted") {}

protected:
    explicit Interrupted(const char* why) : std::runtime_error(why) {}
};

/// Throws Interrupted if a stop was requested.
void throw_if_stopped();

}  // namespace liquid
