#pragma once
// A second thread kept for short parallel loops that run many times in a row (a local
// search's move evaluated on two cores, every ~100 microseconds): starting a thread per
// loop (parallel_for.hpp) would cost as much as the loop.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <thread>

namespace liquid {

class HelperThread {
public:
    /// Starts the helper when the machine has a second core and a thread can be created;
    /// otherwise run() does all the work in the calling thread.
    HelperThread();
    ~HelperThread();
    HelperThread(const HelperThread&) = delete;
    HelperThread& operator=(const HelperThread&) = delete;

    bool helping() const { return thread_.joinable(); }

    /// Calls body(begin, end, worker) over [0, count) in chunks of `chunk` indices, taken in
    /// turn by the calling thread (worker 0) and the helper (worker 1), so that each can keep
    /// its own scratch; returns when every chunk is done. The caller never
    /// waits for a helper that has not joined this loop (a busy machine does not stall it),
    /// only for the chunk the helper is running. A body writing only its own indices' slots
    /// gives the same result as one thread. The first exception of a body is rethrown.
    void run(std::size_t count, std::size_t chunk, const std::function<void(std::size_t, std::size_t, int)>& body);

private:
    enum State : int { Open, Joined, Done, Closed };
    void help();
    void take_chunks(int worker);

    std::thread thread_;
    std::atomic<std::uint64_t> generation_{0};  // one per run(); the helper waits on it
    std::atomic<int> state_{Closed};            // of the current run()
    std::atomic<std::size_t> next_{0};
    std::atomic<bool> quit_{false};
    const std::function<void(std::size_t, std::size_t, int)>* body_ = nullptr;
    std::size_t count_ = 0, chunk_ = 1;
    std::exception_ptr failure_;  // the helper's, read after it is Done
};

}  // namespace liquid
