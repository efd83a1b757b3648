#pragma once
// Deadline and memory limit: the one budget object a command passes down to every phase
// (lower bounds, constructions, searches, the SAT partner, verification), so that
// `--time-limit` bounds the whole command and `--memory-limit` every large structure.
// Long loops poll the deadline every few thousand iterations (a clock read costs ~20 ns).
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>

#include "liquid/base/memory_watch.hpp"
#include "liquid/base/stop.hpp"

namespace liquid {

/// `seconds` (fractional) as a steady_clock span: what every deadline `seconds` from now adds.
inline std::chrono::steady_clock::duration steady_span(double seconds) {
    return std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
}

class Deadline {
public:
    using Clock = std::chrono::steady_clock;

    /// No limit (never expires unless `stop` is set).
    Deadline() = default;
    /// Expires `seconds` from now; seconds <= 0 means no limit.
    static Deadline after(double seconds, const std::atomic<bool>* stop = nullptr) {
        Deadline d;
        d.stop_ = stop;
        if (seconds > 0) {
            d.limited_ = true;
            d.at_ = Clock::now() + steady_span(seconds);
        }
        return d;
    }
    bool limited() const { return limited_; }
    bool expired() const {
        // SIGINT/SIGTERM end every budget: the phases finish with their best verified result.
        if (stop_requested() || (stop_ && stop_->load(std::memory_order_relaxed))) return true;
        return limited_ && Clock::now() >= at_;
    }
    /// Seconds left (+infinity when unlimited, 0 once expired).
    double remaining_s() const {
        if (!limited_) return std::numeric_limits<double>::infinity();
        return std::max(0.0, std::chrono::duration<double>(at_ - Clock::now()).count());
    }
    /// The earlier of this deadline and `seconds` from now (same stop flag).
    Deadline sooner(double seconds) const {
        Deadline d = after(seconds, stop_);
        if (limited_ && (!d.limited_ || at_ < d.at_)) d.at_ = at_, d.limited_ = true;
        return d;
    }
    /// The same deadline, also stopped by `stop` (replaces any previous stop flag).
    Deadline with_stop(const std::atomic<bool>* stop) const {
        Deadline d = *this;
        d.stop_ = stop;
        return d;
    }

private:
    bool limited_ = false;
    Clock::time_point at_{};
    const std::atomic<bool>* stop_ = nullptr;
};

/// True once `t` has passed or SIGINT/SIGTERM asked the process to stop: the test for loops
/// that hold a plain time point, which a signal must end as it ends a Deadline (a loop that
/// only read the clock kept a stopped command busy until its share of a ten-minute budget).
inline bool reached(std::chrono::steady_clock::time_point t) { return stop_requested() || std::chrono::steady_clock::now() >= t; }

/// Polls a deadline in a hot loop: reads the clock once every `period` calls.
class DeadlinePoll {
public:
    explicit DeadlinePoll(const Deadline& d, unsigned period = 4096) : d_(d), period_(period) {}
    bool expired() {
        if (expired_) return true;
        if (++calls_ % period_ == 0) expired_ = d_.expired();
        return expired_;
    }

private:
    const Deadline& d_;
    unsigned period_, calls_ = 0;
    bool expired_ = false;
};

/// Physical memory of this machine in bytes (0 if unknown).
inline std::uint64_t physical_memory_bytes() {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
}

/// What a command may spend: wall clock and memory for its large structures. Structures
/// estimate their footprint before allocating and degrade (or are skipped) when it does
/// not fit, instead of ending in std::bad_alloc.
struct Limits {
    Deadline deadline;
    std::uint64_t memory_bytes = default_memory_bytes();

    /// True when `bytes` more fit in memory_bytes beside what the process holds already:
    /// the traffic of a 4 096-host all-to-all alone is 4.6-5.8 GB of an 8 GB limit.
    bool fits(std::uint64_t bytes) const {
        const std::uint64_t held = resident_bytes();
        return held <= memory_bytes && bytes <= memory_bytes - held;
    }
    /// Half the physical memory: a safe share on a machine shared with other work. Asked
    /// once per process: sysconf is a system call, and a millisecond solve makes several
    /// Limits.
    static std::uint64_t default_memory_bytes() {
        static const std::uint64_t half = [] {
            const std::uint64_t phys = physical_memory_bytes();
            return phys ? phys / 2 : std::uint64_t{4} << 30;
        }();
        return half;
    }
};

}  // namespace liquid
