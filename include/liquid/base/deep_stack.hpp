#pragma once
// Deep recursions on a stack of their own. The exact frame search recurses once per
// transfer it places (each frame's fission enumeration stays on the stack while the next
// frame is searched): a 128-host all-to-all, 16 256 transfers, needs 3-4 MB, half of the
// usual 8 MB main-thread stack, and a process started with a smaller one (`ulimit -s`, an
// MPI job's threads) would crash. The search runs on a thread whose stack is only address
// space until the recursion touches it.
#include <cstddef>
#include <functional>

namespace liquid {

/// Runs `work` on a thread with a stack of `bytes`, waits for it and rethrows what it
/// threw. Where no such thread can be made (a thread or address-space limit) `work` runs
/// on the calling thread.
void run_on_deep_stack(std::size_t bytes, const std::function<void()>& work);

}  // namespace liquid
