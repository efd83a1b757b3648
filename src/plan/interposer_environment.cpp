// LIQUID_* variables of the interposer (interposer_environment.hpp).
#include "liquid/plan/interposer_environment.hpp"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "liquid/base/error.hpp"
#include "liquid/base/name_check.hpp"
#include "liquid/sched/schedule.hpp"

namespace liquid::plan {
namespace {

constexpr double kYear = 365.0 * 24 * 3600;
constexpr long long kMaxTuneCalls = 1000;
constexpr long long kMaxBytes = 1'000'000'000'000'000LL;  // 1 PB, as the command line's amounts

// Values come from the environment: shown cut and with control characters as \xNN, so every
// problem stays one line.
std::string quoted(const std::string& v) { return "'" + printable_name(v) + "'"; }

// A finite number of seconds in (0, a year], written in full (no trailing text).
bool parse_seconds(const std::string& text, double& out) {
    if (text.empty() || std::isspace(static_cast<unsigned char>(text[0]))) return false;
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0' || errno == ERANGE || !std::isfinite(v) || v <= 0 || v > kYear) return false;
    out = v;
    return true;
}

bool parse_whole(const std::string& text, long long lo, long long hi, long long& out) {
    long long v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi) return false;
    out = v;
    return true;
}

}  // namespace

InterposerEnvironment parse_interposer_environment(const std::function<const char*(const char*)>& lookup) {
    InterposerEnvironment e;
    auto get = [&](const char* name) {
        const char* v = lookup(name);
        return std::string(v ? v : "");
    };
    auto bad = [&](const char* name, const std::string& problem, const std::string& fix) {
        e.problems.push_back(std::string(name) + ": " + problem + "; " + fix);
    };
    e.network = get("LIQUID_NETWORK");
    e.rank_map = get("LIQUID_RANKMAP");
    e.plan = get("LIQUID_PLAN");
    e.report = get("LIQUID_REPORT");
    e.plan_cache = get("LIQUID_PLAN_CACHE");
    if (const std::string m = get("LIQUID_METHOD"); !m.empty()) {
        try {
            parse_method(m);
            e.method = m;
        } catch (const InputError&) {
            bad("LIQUID_METHOD", quoted(m) + " is not a scheduling method",
                "give one `liquid schedule --method` accepts, e.g. optimal");
        }
    }
    if (const std::string t = get("LIQUID_TIME_LIMIT"); !t.empty() && !parse_seconds(t, e.time_limit_s))
        bad("LIQUID_TIME_LIMIT", quoted(t) + " is not a number of seconds", "give a finite number > 0, at most a year (e.g. 2)");
    if (const std::string t = get("LIQUID_V_TIME_LIMIT"); !t.empty() && !parse_seconds(t, e.v_time_limit_s))
        bad("LIQUID_V_TIME_LIMIT", quoted(t) + " is not a number of seconds",
            "give a finite number > 0, at most a year (e.g. 0.5)");
    if (const std::string s = get("LIQUID_SYNC"); !s.empty()) {
        if (s == "none") e.sync = Sync::None;
        else if (s == "barrier") e.sync = Sync::Barrier;
        else if (s == "links") e.sync = Sync::Links;
        else bad("LIQUID_SYNC", quoted(s) + " is not a synchronisation mode", "give links, barrier or none");
    }
    if (const std::string b = get("LIQUID_MIN_BYTES"); !b.empty() && !parse_whole(b, 0, kMaxBytes, e.min_bytes))
        bad("LIQUID_MIN_BYTES", quoted(b) + " is not a block size in bytes",
            "give a whole number from 0 to 1e15 (0: plan every size)");
    if (const std::string b = get("LIQUID_V_MIN_PIECE"); !b.empty() && !parse_whole(b, 1, kMaxBytes, e.v_min_piece))
        bad("LIQUID_V_MIN_PIECE", quoted(b) + " is not a piece size in bytes", "give a whole number from 1 to 1e15 (e.g. 65536)");
    if (const std::string b = get("LIQUID_CHUNK_BYTES");
        !b.empty() && !parse_whole(b, 0, std::numeric_limits<int>::max(), e.chunk_bytes))
        bad("LIQUID_CHUNK_BYTES", quoted(b) + " is not a message size in bytes",
            "give a whole number from 0 to 2147483647 (0: every block as one message)");
    if (const std::string b = get("LIQUID_PASS_BYTES");
        !b.empty() && !parse_whole(b, 0, std::numeric_limits<int>::max(), e.pass_bytes))
        bad("LIQUID_PASS_BYTES", quoted(b) + " is not a slice size in bytes",
            "give a whole number from 0 to 2147483647 (0: every block in one pass of the frames)");
    if (const std::string c = get("LIQUID_COMPARE"); !c.empty()) {
        if (c == "0" || c == "1") e.compare = c == "1";
        else bad("LIQUID_COMPARE", quoted(c) + " is neither 0 nor 1", "give 1 to alternate liquid and the MPI library, 0 not to");
    }
    if (const std::string n = get("LIQUID_TUNE_CALLS"); !n.empty() && !parse_whole(n, 0, kMaxTuneCalls, e.tune_calls))
        bad("LIQUID_TUNE_CALLS", quoted(n) + " is not a number of trial calls",
            "give a whole number from 0 to 1000 (0: the plan runs every call from LIQUID_MIN_BYTES up)");
    return e;
}

}  // namespace liquid::plan
