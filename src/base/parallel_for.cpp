// parallel_for (parallel_for.hpp): workers take the next index from one atomic counter.
#include "liquid/base/parallel_for.hpp"

#include "liquid/base/stop.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
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
    std::vector<std::thread> pool;
    pool.reserve(workers);
    for (std::size_t t = 0; t < workers; ++t) pool.emplace_back(work);
    while (poll && running.load() > 0) {
        poll();
        std::this_thread::sleep_for(poll_every);
    }
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace liquid
