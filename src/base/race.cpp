// Racers on their own threads (see race.hpp).
#include "liquid/base/race.hpp"

#include <algorithm>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace liquid {

std::size_t racers_that_fit(std::size_t most, std::uint64_t bytes_each, const Limits& limits) {
    std::size_t racers = std::min<std::size_t>(most, std::max(1U, std::thread::hardware_concurrency()));
    while (racers > 1 && !limits.fits(bytes_each * racers)) --racers;
    return std::max<std::size_t>(racers, 1);
}

std::size_t race(std::size_t count, std::size_t threads, WithoutThread without, std::atomic<bool>& stop,
                 const std::function<void(std::size_t)>& racer) {
    std::vector<std::exception_ptr> errors(count);
    const auto run = [&](std::size_t k) {
        try {
            racer(k);
        } catch (...) {  // e.g. std::bad_alloc: the others stop, and it is rethrown below
            errors[k] = std::current_exception();
            stop.store(true, std::memory_order_relaxed);
        }
    };
    std::vector<std::thread> helpers;
    std::vector<std::size_t> in_turn;
    for (std::size_t k = 1; k < count; ++k) {
        if (helpers.size() + 1 >= threads) {
            in_turn.push_back(k);
            continue;
        }
        try {
            helpers.emplace_back(run, k);
        } catch (const std::system_error&) {
            if (without == WithoutThread::Drop) break;
            in_turn.push_back(k);
        }
    }
    std::size_t ran = count == 0 ? 0 : 1 + helpers.size();
    if (count > 0) run(0);
    for (std::thread& h : helpers) h.join();
    for (std::size_t k : in_turn) run(k), ++ran;
    for (const std::exception_ptr& e : errors)
        if (e) std::rethrow_exception(e);
    return ran;
}

}  // namespace liquid
