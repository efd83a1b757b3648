#pragma once
// `--memory-limit` for the whole command: Limits (deadline.hpp) lets the large solver
// structures estimate their footprint before allocating, but the network, its routes and
// the traffic are built before any of them. A MemoryWatch samples the process's resident
// memory while the command runs and, once it exceeds the limit, requests a stop
// (stop.hpp): every loop that polls the stop flag winds down and the command reports the
// limit (exit code 3, stopped_for_memory()) instead of growing on.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace liquid {

/// Resident memory of this process in bytes (/proc/self/statm), 0 if unknown.
std::uint64_t resident_bytes();

/// True once a MemoryWatch requested the stop (the stop was not a signal).
bool stopped_for_memory() noexcept;

class MemoryWatch {
public:
    /// Starts sampling every `period_ms` (no thread when `limit_bytes` is 0 or no thread
    /// can be created: then only the solver's own estimates hold the limit).
    explicit MemoryWatch(std::uint64_t limit_bytes, int period_ms = 5);
    ~MemoryWatch();
    MemoryWatch(const MemoryWatch&) = delete;
    MemoryWatch& operator=(const MemoryWatch&) = delete;

    /// Largest resident memory sampled so far, bytes.
    std::uint64_t peak_bytes() const { return peak_.load(); }
    std::uint64_t limit_bytes() const { return limit_; }

private:
    void loop(int period_ms);
    std::uint64_t limit_;
    std::atomic<std::uint64_t> peak_{0};
    std::mutex mutex_;
    std::condition_variable cv_;
    bool done_ = false;
    std::thread thread_;
};

}  // namespace liquid
