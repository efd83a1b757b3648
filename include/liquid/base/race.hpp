#pragma once
// Racers on their own threads: several searches for one answer started at once, the first
// to find it stopping the others through a shared flag (two seeds of a local search, two
// lanes of descents on two cores).
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>

#include "liquid/base/deadline.hpp"

namespace liquid {

/// What a racer whose thread cannot be started does (std::system_error: the process is out
/// of threads): run after the others on the calling thread, or not at all.
enum class WithoutThread { InTurn, Drop };

/// Runs racer(0), ..., racer(count - 1): racer(0) on the calling thread, each other one on
/// a thread of its own when `threads` allows (at most that many at once, the calling
/// thread's included; 1: every racer in turn on the calling thread), and `without` says
/// what happens to those whose thread cannot be started. Racers set `stop` when they have
/// found the answer and return when they see it set; a racer that throws sets it too, and
/// the first exception is rethrown once every racer has returned. Returns how many ran.
std::size_t race(std::size_t count, std::size_t threads, WithoutThread without, std::atomic<bool>& stop,
                 const std::function<void(std::size_t)>& racer);

/// How many racers of `bytes_each` to run at once: one per core, at most `most`, as many as
/// fit `limits`' memory beside what the process holds (at least one).
std::size_t racers_that_fit(std::size_t most, std::uint64_t bytes_each, const Limits& limits);

}  // namespace liquid
