#include "weighted_schedule.hpp"

#include <fmt/core.h>

#include <climits>

#include "liquid/io/schedule_json.hpp"
#include "liquid/traffic/byte_load.hpp"
#include "option_checks.hpp"

namespace liquid::app {

void add_weighted_options(CLI::App& cmd, WeightedCliOptions& o) {
    cmd.add_option("--frame-overhead", o.frame_overhead,
                   "weighted: cost of every frame, seconds (synchronisation; a circuit switch's reconfiguration delay)")
        ->check(non_negative_seconds());
    cmd.add_option("--min-piece", o.min_piece, "weighted: smallest piece of a split transfer, bytes")
        ->check(whole_number(1, LLONG_MAX));
    cmd.add_option("--weighted-method", o.method,
                   "weighted: best (default: every method, the shortest wins) | lp | greedy | uniform | bucketed | bvn | "
                   "solstice | eclipse");
}

bool wants_weighted(const CLI::App& cmd, const LoadedTraffic& in) {
    return in.demand || has_unequal_sizes(in.traffic) || cmd.count("--frame-overhead") > 0 || cmd.count("--min-piece") > 0 ||
           cmd.count("--weighted-method") > 0;
}

WeightedOptions weighted_options(const WeightedCliOptions& o, double time_limit_s, std::uint64_t seed) {
    WeightedOptions w;
    w.method = parse_weighted_method(o.method);
    w.frame_overhead_s = o.frame_overhead;
    w.min_piece = o.min_piece;
    w.time_limit_s = time_limit_s;
    w.seed = seed;
    return w;
}

namespace {

std::string seconds_text(double s) {
    if (s >= 1) return fmt::format("{:.6g} s", s);
    if (s >= 1e-3) return fmt::format("{:.6g} ms", s * 1e3);
    return fmt::format("{:.6g} us", s * 1e6);
}

ResultView frames_view(const Traffic& t, const WeightedSchedule& s) {
    std::string text = "frames (duration: pieces as transfer bytes):";
    for (int f = 0; f < s.length(); ++f) {
        const WeightedFrame& frame = s.frames[static_cast<std::size_t>(f)];
        std::string line;
        for (const Piece& p : frame.pieces) line += fmt::format("{}{} {}", line.empty() ? "" : ", ", t[p.transfer].name, p.bytes);
        text += fmt::format("\n  {:>4}: {:>12}  {}", f + 1, seconds_text(frame.duration_s), line);
    }
    ResultView v(19);
    v.row("frames", weighted_frames_to_json(t, s), text);
    return v;
}

}  // namespace

ResultView weighted_schedule_view(const LoadedTraffic& in, const WeightedResult& r, const WeightedOptions& o) {
    const Traffic& t = in.traffic;
    std::vector<std::string> bottlenecks;
    for (int l : r.bottlenecks) bottlenecks.push_back(t.link_name(l));
    double total = 0;
    for (const Transfer& x : t.transfers()) total += x.size;
    nlohmann::json candidates = nlohmann::json::array();
    std::string candidate_lines = "methods of this run (time, frames, solve time):";
    for (const WeightedCandidate& c : r.candidates) {
        candidates.push_back({{"name", c.name},
                              {"applicable", c.applicable},
                              {"note", c.note},
                              {"time_s", c.applicable ? nlohmann::json(c.time_s) : nlohmann::json()},
                              {"frames", c.frames},
                              {"ms", c.ms}});
        candidate_lines += c.applicable ? fmt::format("\n  {:<9} {:>14} {:>7} frames {:>9.1f} ms{}{}", c.name,
                                                      seconds_text(c.time_s), c.frames, c.ms, c.note.empty() ? "" : "  ", c.note)
                                        : fmt::format("\n  {:<9} not run: {}", c.name, c.note);
    }
    ResultView v(19);
    v.field("source", in.source, "traffic")
        .field("transfers", t.size(), "transfers", fmt::format("{} carrying {:.0f} bytes", t.size(), total))
        .json_only("links", t.link_count())
        .json_only("bytes", total)
        .field("bound_s", r.bound_s, "bound T*",
               fmt::format("{} (the most loaded link's bytes over its rate)", seconds_text(r.bound_s)))
        .names("bottlenecks", bottlenecks, "bottlenecks")
        .field("frame_overhead_s", o.frame_overhead_s, "frame overhead", seconds_text(o.frame_overhead_s))
        .field("min_piece", o.min_piece, "minimum piece", fmt::format("{} bytes", o.min_piece))
        .field("lower_bound_s", r.lower_bound_s, "lower bound",
               fmt::format("{} ({}{})", seconds_text(r.lower_bound_s), r.bound_by,
                           o.frame_overhead_s > 0 ? fmt::format(" + {} frames x overhead", r.min_frames) : std::string()))
        .json_only("lower_bound_by", r.bound_by)
        .json_only("min_frames", r.min_frames)
        .field("time_s", r.time_s, "time",
               fmt::format("{} in {} frames, gap {:.3f} %, {}", seconds_text(r.time_s), r.schedule.length(), 100 * r.gap(),
                           r.optimal ? "proven optimal" : (r.timed_out ? "budget expired: best known" : "not proven optimal")))
        .json_only("gap", r.gap())
        .json_only("optimal", r.optimal)
        .json_only("timed_out", r.timed_out)
        .field("method", r.method, "method", fmt::format("{} (the shortest of the methods below)", r.method))
        .row("candidates", candidates, candidate_lines)
        .json_only("lp_value_s", r.lp_value_s)
        .json_only("lp_exact", r.lp_exact)
        .field("elapsed_ms", r.elapsed_ms, "solve time", fmt::format("{:.1f} ms", r.elapsed_ms))
        .json_only("seed", o.seed)
        .section("schedule", frames_view(t, r.schedule))
        .field("verified", true, "verified",
               "every byte delivered exactly once, no two pieces of a frame share a link, durations match sizes and rates");
    return v;
}

}  // namespace liquid::app
