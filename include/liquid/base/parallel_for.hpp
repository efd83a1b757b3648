#pragma once
// The one thread pool of liquid: parallel_for over an index range on std::thread.
#include <chrono>
#include <cstddef>
#include <functional>

namespace liquid {

/// `requested` when > 0, else the hardware concurrency (at least 1).
int thread_count(int requested);

/// Runs body(i) for every i in [0, count) on up to `threads` threads (<= 0: hardware
/// concurrency), handing indices out one at a time. A body that writes only slot i of a
/// result gives the same result for any thread count. After a body throws, no new index is
/// started and the first exception is rethrown once every thread has stopped. While the
/// workers run, the calling thread calls `poll` (if given) every `poll_every`, e.g. to
/// report progress from the calling thread only. Once a stop is requested (stop.hpp), no
/// new index starts and Interrupted is thrown after the running bodies end.
void parallel_for(std::size_t count, int threads, const std::function<void(std::size_t)>& body,
                  const std::function<void()>& poll = {}, std::chrono::milliseconds poll_every = std::chrono::milliseconds(20));

}  // namespace liquid
