#include "liquid/base/deep_stack.hpp"

#include <pthread.h>

#include <exception>

namespace liquid {
namespace {

struct Job {
    const std::function<void()>* work;
    std::exception_ptr failure;
};

void* run_job(void* arg) {
    Job& job = *static_cast<Job*>(arg);
    try {
        (*job.work)();
    } catch (...) {
        job.failure = std::current_exception();
    }
    return nullptr;
}

}  // namespace

void run_on_deep_stack(std::size_t bytes, const std::function<void()>& work) {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) return work();
    Job job{&work, nullptr};
    pthread_t thread;
    const bool started = pthread_attr_setstacksize(&attr, bytes) == 0 && pthread_create(&thread, &attr, run_job, &job) == 0;
    pthread_attr_destroy(&attr);
    if (!started) return work();
    pthread_join(thread, nullptr);
    if (job.failure) std::rethrow_exception(job.failure);
}

}  // namespace liquid
