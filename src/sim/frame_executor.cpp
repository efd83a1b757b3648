// Frame executor (frame_executor.hpp): barrier-synchronised frames, report §8.2.
#include "liquid/sim/frame_executor.hpp"
#include "sim/wormhole.hpp"

#include "liquid/base/error.hpp"

namespace liquid::sim {
namespace {

void check_partition(const Workload& w, const Schedule& s) {
    std::vector<char> seen(static_cast<std::size_t>(w.message_count()), 0);
    for (std::size_t f = 0; f < s.frames.size(); ++f) {
        if (s.frames[f].empty())
            throw InputError("schedule frame " + std::to_string(f + 1), "the frame is empty", "drop empty frames");
        for (int m : s.frames[f]) {
            if (m < 0 || m >= w.message_count())
                throw InputError("schedule frame " + std::to_string(f + 1),
                                 "transfer index " + std::to_string(m) + " is out of range", "schedule the simulated traffic");
            if (seen[static_cast<std::size_t>(m)]++)
                throw InputError("schedule frame " + std::to_string(f + 1),
                                 "transfer " + w.message_names[static_cast<std::size_t>(m)] + " appears twice",
                                 "every transfer belongs to exactly one frame");
        }
    }
    for (int m = 0; m < w.message_count(); ++m)
        if (!seen[static_cast<std::size_t>(m)])
            throw InputError("schedule", "transfer " + w.message_names[static_cast<std::size_t>(m)] + " is in no frame",
                             "every transfer belongs to exactly one frame");
}

}  // namespace

SimResult run_frames(const Workload& w, const Schedule& schedule, const SimOptions& options) {
    check_partition(w, schedule);
    Wormhole model(w, options);
    std::size_t frame = 0;
    std::size_t left = 0;
    double barriers = 0;
    auto start_frame = [&](double t) {
        left = schedule.frames[frame].size();
        for (int m : schedule.frames[frame]) model.submit(m, t);
    };
    if (!schedule.frames.empty()) start_frame(0.0);
    RunStatus status = model.run([&](int, double t) {
        if (--left > 0) return;
        if (++frame == schedule.frames.size()) return;
        barriers += options.barrier_s;  // every node waits for the slowest one
        start_frame(t + options.barrier_s);
    });
    SimResult r = summarize(model, w, status);
    r.frames = static_cast<int>(frame == schedule.frames.size() ? frame : frame + 1);
    r.barrier_time = barriers;
    return r;
}

}  // namespace liquid::sim
