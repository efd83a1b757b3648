#include "liquid/base/memory_watch.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <system_error>

#include "liquid/base/stop.hpp"

namespace liquid {

namespace {

std::atomic<bool> g_over_memory{false};

}  // namespace

bool stopped_for_memory() noexcept { return g_over_memory.load(std::memory_order_relaxed); }

std::uint64_t resident_bytes() {
    std::FILE* f = std::fopen("/proc/self/statm", "r");
    if (!f) return 0;
    unsigned long long pages = 0, resident = 0;
    const int read = std::fscanf(f, "%llu %llu", &pages, &resident);
    std::fclose(f);
    const long page = ::sysconf(_SC_PAGE_SIZE);
    return read == 2 && page > 0 ? resident * static_cast<std::uint64_t>(page) : 0;
}

MemoryWatch::MemoryWatch(std::uint64_t limit_bytes, int period_ms) : limit_(limit_bytes) {
    if (limit_ == 0) return;
    try {
        thread_ = std::thread([this, period_ms] { loop(period_ms); });
    } catch (const std::system_error&) {
        // No thread under a process limit: the solver's estimates still hold the limit.
    }
}

MemoryWatch::~MemoryWatch() {
    {
        std::lock_guard lock(mutex_);
        done_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void MemoryWatch::loop(int period_ms) {
    std::unique_lock lock(mutex_);
    while (!cv_.wait_for(lock, std::chrono::milliseconds(period_ms), [this] { return done_; })) {
        const std::uint64_t now = resident_bytes();
        if (now > peak_.load()) peak_ = now;
        if (now > limit_ && !stop_requested()) {
            g_over_memory = true;
            request_stop(0);  // not a signal: stop_signal() stays 0
        }
    }
}

}  // namespace liquid
