// The LIQUID_REPORT file of the interposer: per communicator its plan, and per call kind
// and block size the calls, liquid's and the MPI library's median times, and the fraction
// of the liquid throughput achieved (the bound Λ·block/rate over the median).
#include <cerrno>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "interposer.hpp"

namespace liquid::mpi::interposer {
namespace {

using nlohmann::json;

json median(const std::vector<double>& v) {
    if (v.empty()) return nullptr;
    return median_of(v);
}

json block_json(const CommunicatorPlan& p, const std::string& kind, long long block, const BlockStats& s) {
    json j{{"call", kind},
           {"block_bytes", block},
           {"calls", s.calls},
           {"bytes_sent", s.bytes_sent},
           {"liquid_calls", s.liquid_s.size()},
           {"liquid_median_s", median(s.liquid_s)},
           {"library_calls", s.library_s.size()},
           {"library_median_s", median(s.library_s)}};
    if (s.below_min_bytes > 0)
        j["library_because"] = "blocks below LIQUID_MIN_BYTES=" + std::to_string(p.min_bytes) +
                               " are latency-bound: the MPI library's algorithm is used";
    else if (p.compare && !s.library_s.empty())
        j["library_because"] = "LIQUID_COMPARE=1: every other call runs the MPI library's algorithm";
    else if (s.tuned_to_library > 0)
        j["library_because"] = "the MPI library was faster in the trial of this size class (see `tuning`)";
    else if (!s.library_s.empty())
        j["library_because"] = "the trial of this size class (LIQUID_TUNE_CALLS): the plan and the MPI library in turn";
    // The bound holds for equal blocks (MPI_Alltoall) on a network the plan was made for.
    if (kind == "alltoall" && p.seconds_per_block_byte > 0 && block > 0) {
        const double bound = p.seconds_per_block_byte * static_cast<double>(block);
        j["bound_s"] = bound;
        if (!s.liquid_s.empty() && j["liquid_median_s"].get<double>() > 0)
            j["liquid_fraction_of_bound"] = bound / j["liquid_median_s"].get<double>();
        if (!s.library_s.empty() && j["library_median_s"].get<double>() > 0)
            j["library_fraction_of_bound"] = bound / j["library_median_s"].get<double>();
    }
    if (!s.liquid_s.empty() && !s.library_s.empty() && j["liquid_median_s"].get<double>() > 0)
        j["speedup"] = j["library_median_s"].get<double>() / j["liquid_median_s"].get<double>();
    return j;
}

json tuning_json(const std::string& kind, int size_class, const Tuning& t) {
    const auto [from, to] = size_class_blocks(size_class);
    json j{{"call", kind},
           {"blocks_from", from},
           {"blocks_to", to},
           {"choice", choice_name(t.choice)},
           {"recent_liquid_calls", t.liquid_s.size()},  // the times the choice is made from
           {"recent_library_calls", t.library_s.size()},
           {"rechecks", t.rechecks},
           {"changes", t.changes}};
    if (t.choice != Choice::Trying) {
        j["liquid_median_s"] = t.liquid_median_s;  // at the last choice
        j["library_median_s"] = t.library_median_s;
    }
    return j;
}

json communicator_json(const CommunicatorReport& c) {
    const CommunicatorPlan& p = c.plan;
    json j{{"ranks", p.ranks}, {"fallback", p.fallback}, {"planning_ms", p.planning_ms}};
    if (p.fallback) {
        j["reason"] = p.reason;
        return j;
    }
    j["method"] = p.method;
    j["length"] = p.length;
    j["duration"] = p.duration;
    j["liquid"] = p.liquid;
    j["sync"] = sync_name(p.exec.sync);
    j["min_bytes"] = p.min_bytes;
    j["chunk_bytes"] = p.exec.chunk_bytes;
    j["pass_bytes"] = p.exec.pass_bytes;
    j["compare"] = p.compare;
    j["tune_calls"] = p.tune_calls;
    if (!p.cache.empty()) j["cache"] = p.cache;
    json blocks = json::array();
    for (const auto& [key, stats] : c.blocks) blocks.push_back(block_json(p, key.first, key.second, stats));
    j["blocks"] = blocks;
    json tuning = json::array();
    for (const auto& [key, t] : c.tuning) tuning.push_back(tuning_json(key.first, key.second, t));
    j["tuning"] = tuning;
    if (!c.matrices.empty() || c.noncontiguous_calls > 0) {
        json matrices = json::array();
        for (const MatrixReport& m : c.matrices)
            matrices.push_back({{"path", path_name(m.path)},
                                {"reason", m.reason},
                                {"frames", m.frames},
                                {"planned_s", m.planned_s},
                                {"uniform_s", m.uniform_s},
                                {"bound_s", m.bound_s},
                                {"planning_ms", m.planning_ms},
                                {"calls", m.calls},
                                {"cache_hits", m.cache_hits}});
        j["alltoallv"] = {{"v_time_limit_s", p.v_time_limit_s},
                          {"v_min_piece", p.v_min_piece},
                          {"frame_cost_s", c.frame_cost_s},
                          {"matrices", matrices},
                          {"matrices_not_listed", c.matrices_not_listed},
                          {"noncontiguous_calls", c.noncontiguous_calls}};
    }
    return j;
}

}  // namespace

std::string write_report(const Report& report, const std::string& path) {
    json plans = json::array();
    for (const CommunicatorReport& c : report.communicators) plans.push_back(communicator_json(c));
    const json doc{{"intercepted_calls", report.alltoall_calls + report.alltoallv_calls},
                   {"alltoall_calls", report.alltoall_calls},
                   {"alltoallv_calls", report.alltoallv_calls},
                   {"calls_run_by_plan", report.calls_run_by_plan},
                   {"calls_fallen_back", report.calls_fallen_back},
                   {"calls_compared", report.calls_compared},
                   {"call_fallback_reasons", report.call_fallback_reasons},
                   {"plans", plans}};
    // Every string (fallback reasons quote file content and names) goes through one rule:
    // bytes that are not UTF-8 become U+FFFD, so a report never throws.
    const std::string text = doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
    std::ofstream out(path, std::ios::binary);
    if (!out) return "cannot write '" + path + "': " + std::strerror(errno) + "; give a writable file path";
    out << text;
    out.close();
    if (!out) return "writing '" + path + "' failed: " + std::strerror(errno) + "; check the disk space";
    return "";
}

}  // namespace liquid::mpi::interposer
