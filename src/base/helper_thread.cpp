// HelperThread (helper_thread.hpp): one job at a time, published by a generation counter.
#include "liquid/base/helper_thread.hpp"

#include <algorithm>
#include <system_error>

namespace liquid {
namespace {

/// How long the helper polls for the next job before it sleeps: jobs come back to back
/// while a search runs, and waking a sleeping thread costs tens of microseconds.
constexpr int kSpins = 20000;

void pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    std::this_thread::yield();
#endif
}

}  // namespace

HelperThread::HelperThread() {
    if (std::thread::hardware_concurrency() < 2) return;
    try {
        thread_ = std::thread([this] { help(); });
    } catch (const std::system_error&) {  // no thread left: run() works alone
    }
}

HelperThread::~HelperThread() {
    if (!thread_.joinable()) return;
    quit_ = true;
    generation_.fetch_add(1);
    generation_.notify_one();
    thread_.join();
}

void HelperThread::take_chunks(int worker) {
    for (std::size_t b; (b = next_.fetch_add(chunk_)) < count_;) (*body_)(b, std::min(count_, b + chunk_), worker);
}

void HelperThread::help() {
    std::uint64_t seen = 0;
    for (;;) {
        for (int i = 0; i < kSpins && generation_.load() == seen; ++i) pause();
        generation_.wait(seen);
        seen = generation_.load();
        if (quit_) return;
        int open = Open;
        if (!state_.compare_exchange_strong(open, Joined)) continue;  // the caller closed it first
        try {
            take_chunks(1);
        } catch (...) {
            failure_ = std::current_exception();
            next_ = count_;
        }
        state_ = Done;
    }
}

void HelperThread::run(std::size_t count, std::size_t chunk, const std::function<void(std::size_t, std::size_t, int)>& body) {
    body_ = &body;
    count_ = count;
    chunk_ = std::max<std::size_t>(chunk, 1);
    next_ = 0;
    failure_ = nullptr;
    if (thread_.joinable()) {
        state_ = Open;
        generation_.fetch_add(1);
        generation_.notify_one();
    }
    std::exception_ptr mine;
    try {
        take_chunks(0);
    } catch (...) {
        mine = std::current_exception();
        next_ = count_;
    }
    int open = Open;
    if (thread_.joinable() && !state_.compare_exchange_strong(open, Closed))
        for (int i = 0; state_.load() != Done; ++i) i < kSpins ? pause() : std::this_thread::yield();
    state_ = Closed;
    if (mine) std::rethrow_exception(mine);
    if (failure_) std::rethrow_exception(failure_);
}

}  // namespace liquid
