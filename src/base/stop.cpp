#include "liquid/base/stop.hpp"

#include <atomic>

namespace liquid {

namespace {

// A lock-free atomic int is safe to store from a signal handler.
std::atomic<int> g_stop_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);

}  // namespace

void request_stop(int signal) noexcept { g_stop_signal.store(signal == 0 ? -1 : signal, std::memory_order_relaxed); }

bool stop_requested() noexcept { return g_stop_signal.load(std::memory_order_relaxed) != 0; }

int stop_signal() noexcept {
    const int s = g_stop_signal.load(std::memory_order_relaxed);
    return s < 0 ? 0 : s;
}

void clear_stop_request() noexcept { g_stop_signal.store(0, std::memory_order_relaxed); }

void throw_if_stopped() {
    if (stop_requested()) throw Interrupted();
}

}  // namespace liquid
