// parallel_for (parallel_for.hpp): workers take the next index from one atomic counter.
#include "liquid/base/parallel_for.hpp"

#include "liquid/base/stop.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace liquid {

int thread_count(int requested) {
    return requested > 0 ? requested : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

void parallel_for(std::size_t count, int threads, const std::function<void(std::size_t)>& body, const std::function<void()>& poll,
                  std::chrono::milliseconds poll_every) {
    if (count == 0) return;
    const auto workers = std::min<std::size_t>(static_cast<std::size_t>(thread_count(threads)), count);
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> running{workers};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < count;) {
            try {
                throw_if_stopped();  // SIGINT/SIGTERM: start nothing new, report Interrupted
                body(i);
            } catch (...) {
                std::lock_guard<std::mutex> lock(failure_mutex);
                if (!failure) failure = std::current_exception();
                next = count;  // start nothing new
            }
        }
        --running;
    };
    // Joins on every way out (a throwing poll(), a thread that cannot be created): a
    // joinable std::thread destroyed unjoined would terminate the process, turning an
    // out-of-memory error into an abort instead of exit code 3.
    struct Pool {
        std::vector<std::thread> threads;
        std::atomic<std::size_t>& next;
        std::size_t count;
        ~Pool() {
            next = count;
            for (auto& t : threads)
                if (t.joinable()) t.join();
        }
    } pool{{}, next, count};
    for (std::size_t t = 0; t < workers; ++t) {
        try {
            pool.threads.emplace_back(work);
        } catch (const std::system_error&) {  // no thread left (EAGAIN under a memory or process limit)
            running -= workers - t;
            break;
        }
    }
    if (pool.threads.empty()) {  // the calling thread does the work itself
        running = 1;
        work();
    }
    while (poll && running.load() > 0) {
        poll();
        std::this_thread::sleep_for(poll_every);
    }
    for (auto& t : pool.threads) t.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace liquid
