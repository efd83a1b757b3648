#pragma once
// Sweeps of the broadcast and all-to-all broadcast algorithms over N and Tc: one row per
// (kind, algorithm, N, Tc), executor time next to the closed forms, for plotting.
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "liquid/optical/broadcast/model.hpp"

namespace liquid::optical {

enum class SweepKind { Broadcast, Allgather };

struct SweepRow {
    std::string kind;       // "broadcast" or "allgather"
    std::string algorithm;  // name(...)
    int number = 0;         // thesis number for broadcasts (1..5), 0 for all-gathers
    ModelParams params;
    int k = 0;  // algorithm 5's k, 0 otherwise
    Time completion = 0;
    std::optional<Time> thesis_form;  // printed formula (§4.5 table, §6.2.3)
    std::optional<Time> exact_form;   // our corrected form, when one exists
    int configuration_changes = 0;
    int local_configuration_sets = 0;
    int max_messages_per_node = 0;
    double mean_messages_per_node = 0;
    std::int64_t collisions = 0;
    std::int64_t violations = 0;
};

struct SweepSpec {
    std::vector<SweepKind> kinds{SweepKind::Broadcast};
    std::vector<int> nodes;  // e.g. 8, 16, ..., 2048
    std::vector<Time> tcs;
    ModelParams base;  // S, Tb, Tf, M, header
    int k = 0;         // algorithm 5: 0 = the thesis's k for each Tc
};

/// Number of runs the sweep performs (for a progress bar).
std::size_t sweep_size(const SweepSpec& spec);

/// Runs every (kind, algorithm, N, Tc); `progress` is called after each run.
std::vector<SweepRow> run_sweep(const SweepSpec& spec, const std::function<void()>& progress = {});

/// Powers of two from lo to hi inclusive; throws liquid::InputError if either is not one.
std::vector<int> powers_of_two(int lo, int hi);

void write_csv(std::ostream& out, const std::vector<SweepRow>& rows);
nlohmann::json to_json(const SweepRow& row);

/// Names of the columns a reader of the rows looks up (the CSV header and the JSON keys
/// of to_json(); the column list in sweep.cpp writes them under these names).
namespace sweep_column {
inline constexpr const char* kind = "kind";
inline constexpr const char* algorithm = "algorithm";
inline constexpr const char* nodes = "nodes";
inline constexpr const char* tc_us = "tc_us";
inline constexpr const char* completion_us = "completion_us";
}  // namespace sweep_column

}  // namespace liquid::optical
