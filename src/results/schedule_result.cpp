// `liquid schedule --json`: written and read here only (see schedule_result.hpp).
#include "liquid/results/schedule_result.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "liquid/base/error.hpp"
#include "liquid/io/json_input.hpp"
#include "liquid/io/schedule_json.hpp"
#include "liquid/traffic/byte_load.hpp"

namespace liquid::results {

ResultView& solve_fields(ResultView& v, const SolveResult& r) {
    return v.json_only("liquid", r.liquid)
        .json_only("optimal", r.optimal)
        .json_only("no_liquid_proven", r.no_liquid_proven)
        .json_only("timed_out", r.timed_out)
        .json_only("lower_bound", r.lower_bound)
        .json_only("categories", r.categories)
        .json_only("full_teams", r.full_teams)
        .json_only("elapsed_ms", r.elapsed_ms);
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

/// "  3: a>b* c>d  [1/2: s0->s1]" per frame: * marks transfers on a bottleneck link.
/// Appended in place: the text of a million-transfer schedule is tens of megabytes.
std::string frame_lines(const Traffic& t, const std::vector<int>& bottlenecks, const Schedule& schedule) {
    std::vector<char> is_bottleneck(t.link_count(), 0);
    for (int l : bottlenecks) is_bottleneck[l] = 1;
    std::string out = "frames (* = transfer uses a bottleneck link; [..] = bottlenecks the frame keeps busy):";
    std::vector<int> used_in(t.link_count(), -1);  // the last frame that used the link
    for (int f = 0; f < schedule.length(); ++f) {
        out += fmt::format("\n  {:>4}: ", f + 1);
        bool first = true;
        for (int x : schedule.frames[f]) {
            bool hot = false;
            t[x].links.for_each([&](std::size_t l) {
                used_in[l] = f;
                hot = hot || is_bottleneck[l];
            });
            if (!std::exchange(first, false)) out += ' ';
            out += t[x].name;
            if (hot) out += '*';
        }
        std::string busy;
        int busy_count = 0;
        for (int l : bottlenecks)
            if (used_in[l] == f) ++busy_count, busy += (busy.empty() ? "" : " ") + t.link_name(l);
        out += fmt::format("  [{}/{}{}{}]", busy_count, bottlenecks.size(), busy.empty() ? "" : ": ", busy);
    }
    return out;
}

ResultView solve_view(const Traffic& t, const SolveResult& r, const SolveOptions& so) {
    ResultView v(19);
    v.field(
        "method", method_name(r.method), "method",
        fmt::format("{}{}{}{}", method_name(r.method),
                    r.method == Method::Random ? fmt::format(" (seed {})", so.seed) : std::string(),
                    r.method == Method::Liquid
                        ? fmt::format(" (strategy {}, pivot {})", search_strategy_name(so.strategy), pivot_rule_name(so.pivot))
                        : std::string(),
                    r.method == Method::Milp ? fmt::format(" (solver {})", milp_solver_name(so.milp_solver)) : std::string()));
    if (r.method == Method::Random) v.json_only("seed", so.seed);
    if (r.method == Method::Milp) v.json_only("milp_solver", milp_solver_name(so.milp_solver));
    if (r.method == Method::Liquid) {
        v.json_only("strategy", search_strategy_name(so.strategy));
        v.json_only("pivot", pivot_rule_name(so.pivot));
    }
    std::string verdict = length_verdict(r.liquid, r.optimal, r.timed_out);
    if (r.no_liquid_proven) verdict += "; no liquid schedule exists (proven)";
    v.field("length", r.schedule.length(), "length",
            fmt::format("{} frames ({}), lower bound {} (proved by {})", r.schedule.length(), verdict, r.lower_bound, r.bound_by))
        .json_only("lower_bound_by", r.bound_by);
    solve_fields(v, r);
    if (!r.optimal)
        v.text_only(v.label("gap") + fmt::format("{} frames above the lower bound", r.schedule.length() - r.lower_bound));
    std::string skipped;
    for (const auto& why : r.skipped) skipped += (skipped.empty() ? "" : "\n") + v.label("skipped") + why;
    if (r.skipped.empty()) v.json_only("skipped", r.skipped);
    else v.row("skipped", r.skipped, skipped);
    v.field("solver", r.solver, "search",
            fmt::format("solver {}, {} categories, {} full teams, {} nodes, {:.2f} ms", r.solver.empty() ? "-" : r.solver,
                        r.categories, r.full_teams, r.nodes, r.elapsed_ms))
        .json_only("nodes", r.nodes)
        .json_only("time_limit_s", so.time_limit_s)
        .json_only("node_limit", so.node_limit)
        .json_only("memory_limit_bytes", so.memory_limit_bytes);
    nlohmann::json constructions = nlohmann::json::array();
    for (const auto& c : r.constructions)
        constructions.push_back(
            {{"name", c.name}, {"length", c.length < 0 ? nlohmann::json() : nlohmann::json(c.length)}, {"ms", c.ms}});
    v.json_only("constructions", constructions);
    if (!r.invariant.empty())
        v.field("symmetry_order", r.symmetry_order, "structure",
                fmt::format("symmetry group of order {:.0f}; invariant schedule: {}", r.symmetry_order, r.invariant))
            .json_only("invariant", r.invariant);
    if (so.wavelengths > 0)
        v.field("wavelengths", so.wavelengths, "optical",
                fmt::format("{} wavelengths -> {} rounds (lower bound {})", so.wavelengths, r.rounds, r.rounds_lower_bound))
            .json_only("rounds", r.rounds)
            .json_only("rounds_lower_bound", r.rounds_lower_bound)
            .json_only("round_frames", group_into_rounds(r.schedule, so.wavelengths));
    // As large as the traffic (4 M transfers at 2 048 hosts): made once, in the one format printed.
    v.deferred_row(
         "frames", [&t, &r] { return schedule_frames_to_json(t, r.schedule); },
         [&t, &r] { return frame_lines(t, r.bottlenecks, r.schedule); })
        .field("verified", true, "verified", "every transfer exactly once, no two transfers of a frame share a link");
    return v;
}

}  // namespace

ResultView weighted_schedule_view(const std::string& source, const Traffic& t, const WeightedResult& r,
                                  const WeightedOptions& o) {
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
    v.field("source", source, "traffic")
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
                           time_verdict(r.optimal, r.timed_out)))
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

ResultView schedule_view(const std::string& source, const Traffic& t, const SolveResult& r, const SolveOptions& so) {
    std::vector<std::string> bottlenecks;
    for (int l : r.bottlenecks) bottlenecks.push_back(t.link_name(l));
    ResultView v(19);
    v.field("source", source, "traffic")
        .field("transfers", t.size(), "transfers",
               fmt::format("{}   duration (Lambda): {}   liquid throughput: {:.4g} transfers/frame", t.size(), r.duration,
                           r.liquid_throughput))
        .json_only("links", t.link_count())
        .json_only("duration", r.duration)
        .json_only("liquid_throughput", r.liquid_throughput)
        .json_only("seed", so.seed)
        .names("bottlenecks", bottlenecks, "bottlenecks")
        .section("schedule", solve_view(t, r, so));
    return v;
}

bool is_schedule_result(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("schedule")) return false;
    const nlohmann::json& s = j["schedule"];
    return s.is_object() && s.contains("frames");
}

Schedule read_saved_schedule(const std::string& file, const Traffic& traffic) {
    Schedule s = read_schedule_json(file, traffic);
    const std::string problem = verify_schedule(traffic, s);
    if (!problem.empty())
        throw InputError(file + ": /schedule/frames", problem, "give the schedule of this traffic (same traffic options)");
    return s;
}

ScheduleVerdict read_schedule_verdict(const nlohmann::json& j, const std::string& file) {
    const io::JsonAt s = io::JsonAt(j, file)["schedule"];
    ScheduleVerdict v;
    if (s.has("method")) v.method = s["method"].string();
    v.length = static_cast<int>(s["length"].integer(0, 1 << 30));
    v.lower_bound = static_cast<int>(s["lower_bound"].integer(0, 1 << 30));
    v.optimal = s["optimal"].boolean();
    v.timed_out = s["timed_out"].boolean();
    v.elapsed_ms = s["elapsed_ms"].number();
    v.solver = s["solver"].string();
    return v;
}

bool is_weighted_schedule_result(const nlohmann::json& j) {
    return j.is_object() && j.contains("time_s") && j.contains("bound_s");
}

namespace {

std::vector<WeightedCandidate> read_candidates(const io::JsonAt& list) {
    std::vector<WeightedCandidate> out;
    for (std::size_t i = 0; i < list.array().size(); ++i) {
        const io::JsonAt c = list[i];
        WeightedCandidate w;
        w.name = c["name"].string();
        w.applicable = c["applicable"].boolean();
        w.note = c["note"].string();
        if (w.applicable) w.time_s = c["time_s"].number();  // null for a method not run
        w.frames = static_cast<int>(c["frames"].integer(0, 1 << 30));
        w.ms = c["ms"].number();
        out.push_back(std::move(w));
    }
    return out;
}

}  // namespace

SavedWeightedSchedule read_saved_weighted_schedule(const nlohmann::json& j, const std::string& file, const Traffic& traffic,
                                                   const std::vector<double>& rates) {
    const io::JsonAt doc(j, file);
    SavedWeightedSchedule saved;
    saved.frame_overhead_s = doc["frame_overhead_s"].number();
    saved.min_piece = doc["min_piece"].integer(1, std::numeric_limits<std::int64_t>::max());
    SavedSchedule frames = saved_schedule_from_json(j, file, traffic);
    if (!frames.weighted)
        throw InputError(file + ": /schedule/frames", "frames of transfer names in a weighted schedule result",
                         "give the file `liquid schedule --json` wrote for this weighted traffic");
    WeightedResult& r = saved.result;
    r.schedule = std::move(*frames.weighted);
    const WeightedProblem problem{&traffic, rates, saved.frame_overhead_s, saved.min_piece};
    set_frame_durations(problem, r.schedule);
    if (const std::string wrong = verify_weighted_schedule(problem, r.schedule); !wrong.empty())
        throw InputError(file + ": /schedule/frames", wrong, "give the schedule of this traffic (same traffic options)");
    r.time_s = total_time(problem, r.schedule);
    const double saved_time = doc["time_s"].number();
    if (std::abs(saved_time - r.time_s) > 1e-9 * std::max(1.0, r.time_s))
        doc["time_s"].fail(fmt::format("{} s, but its frames take {} s", saved_time, r.time_s),
                           "give the file unchanged, as `liquid schedule --json` wrote it");
    r.method = doc["method"].string();
    const ByteLoad load = byte_load(traffic, rates);
    r.bound_s = load.bound_s;
    r.bottlenecks = load.bottlenecks;
    r.lower_bound_s = doc["lower_bound_s"].number();
    r.bound_by = doc["lower_bound_by"].string();
    r.optimal = doc["optimal"].boolean();
    r.timed_out = doc["timed_out"].boolean();
    r.elapsed_ms = doc["elapsed_ms"].number();
    r.min_frames = static_cast<int>(doc["min_frames"].integer(0, 1 << 30));
    r.candidates = read_candidates(doc["candidates"]);
    return saved;
}

}  // namespace liquid::results
