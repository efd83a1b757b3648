#include "sim/event_queue.hpp"

#include <algorithm>

namespace liquid::sim {
namespace {

// std heaps are max-heaps: "later" compares as greater so the earliest pops first.
bool later(const Event& x, const Event& y) {
    if (x.time != y.time) return x.time > y.time;
    return x.seq > y.seq;
}

}  // namespace

void EventQueue::push(double time, EventKind kind, int a, int b) {
    heap_.push_back(Event{time, seq_++, kind, a, b});
    std::push_heap(heap_.begin(), heap_.end(), later);
}

Event EventQueue::pop() {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    Event e = heap_.back();
    heap_.pop_back();
    return e;
}

}  // namespace liquid::sim
