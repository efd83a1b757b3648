// Parameter sweeps over N and Tc for plots (CSV, JSON).
#include "liquid/optical/broadcast/sweep.hpp"
#include "liquid/base/stop.hpp"

#include <fmt/core.h>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "liquid/base/error.hpp"
#include "liquid/base/json_text.hpp"
#include "liquid/optical/broadcast/allgather.hpp"
#include "liquid/optical/broadcast/broadcast.hpp"

namespace liquid::optical {

std::size_t sweep_size(const SweepSpec& spec) {
    std::size_t per_point = 0;
    for (auto kind : spec.kinds)
        per_point += kind == SweepKind::Broadcast ? all_broadcast_algorithms().size() : all_allgather_algorithms().size();
    return per_point * spec.nodes.size() * spec.tcs.size();
}

std::vector<int> powers_of_two(int lo, int hi) {
    auto is_pow2 = [](int x) { return x > 0 && (x & (x - 1)) == 0; };
    if (!is_pow2(lo) || !is_pow2(hi) || lo > hi)
        throw InputError("--nodes", fmt::format("{}:{} is not a range of powers of two", lo, hi),
                         "the thesis assumes N = 2^k (§3.5), e.g. --nodes 8:2048");
    std::vector<int> out;
    for (long n = lo; n <= hi; n *= 2) out.push_back(static_cast<int>(n));
    return out;
}

namespace {

void fill(SweepRow& row, const ExecutionReport& r) {
    row.completion = r.completion;
    row.configuration_changes = r.configuration_changes;
    row.local_configuration_sets = r.local_configuration_sets;
    row.max_messages_per_node = r.max_messages_per_node();
    row.mean_messages_per_node = r.mean_messages_per_node();
    row.collisions = r.collisions;
    row.violations = r.violation_count;
}

SweepRow broadcast_row(BroadcastAlgorithm a, const ModelParams& p, int k_override) {
    SweepRow row;
    row.kind = "broadcast";
    row.algorithm = name(a);
    row.number = static_cast<int>(a);
    row.params = p;
    int k = a == BroadcastAlgorithm::SmartRing ? (k_override > 0 ? k_override : smart_ring_thesis_k(p)) : 0;
    row.k = k;
    fill(row, run_broadcast(a, p, k));
    row.thesis_form = thesis_closed_form(a, p, k);
    row.exact_form = exact_closed_form(a, p);
    return row;
}

SweepRow allgather_row(AllgatherAlgorithm a, const ModelParams& p) {
    SweepRow row;
    row.kind = "allgather";
    row.algorithm = name(a);
    row.params = p;
    fill(row, run_allgather(a, p));
    row.exact_form = allgather_closed_form(a, p);
    if (a == AllgatherAlgorithm::Ring) row.thesis_form = ring_allgather_thesis_form(p);
    return row;
}

}  // namespace

std::vector<SweepRow> run_sweep(const SweepSpec& spec, const std::function<void()>& progress) {
    std::vector<SweepRow> rows;
    for (auto kind : spec.kinds)
        for (int n : spec.nodes)
            for (Time tc : spec.tcs) {
                throw_if_stopped();
                ModelParams p = spec.base;
                p.nodes = n;
                p.tc = tc;
                validate(p);
                if (kind == SweepKind::Broadcast) {
                    p.multicast = 1;  // ch. 4 uses unicast configurations
                    for (auto a : all_broadcast_algorithms()) {
                        rows.push_back(broadcast_row(a, p, spec.k));
                        if (progress) progress();
                    }
                } else {
                    for (auto a : all_allgather_algorithms()) {
                        rows.push_back(allgather_row(a, p));
                        if (progress) progress();
                    }
                }
            }
    return rows;
}

namespace {

std::optional<Time> difference(const SweepRow& r) {
    if (r.exact_form) return r.completion - *r.exact_form;
    if (r.thesis_form) return r.completion - *r.thesis_form;
    return std::nullopt;
}

/// One column of a sweep row: its name, its value (JSON: number, string, bool or null) and,
/// for non-integral numbers, the decimals of its CSV cell. The CSV file and the JSON rows
/// are both written from this one list.
struct Column {
    const char* name;
    nlohmann::json (*value)(const SweepRow&);
    int decimals = -1;  // -1: written as is
};

nlohmann::json us(std::optional<Time> t) { return t ? nlohmann::json(to_microseconds(*t)) : nlohmann::json(nullptr); }

constexpr int kTimeDecimals = 6;  // microseconds to the picosecond

const std::vector<Column>& columns() {
    static const std::vector<Column> list{
        {sweep_column::kind, [](const SweepRow& r) { return nlohmann::json(r.kind); }},
        {"number", [](const SweepRow& r) { return nlohmann::json(r.number); }},
        {sweep_column::algorithm, [](const SweepRow& r) { return nlohmann::json(r.algorithm); }},
        {sweep_column::nodes, [](const SweepRow& r) { return nlohmann::json(r.params.nodes); }},
        {"message_bytes", [](const SweepRow& r) { return nlohmann::json(r.params.message_bytes); }},
        {"multicast", [](const SweepRow& r) { return nlohmann::json(r.params.multicast); }},
        {sweep_column::tc_us, [](const SweepRow& r) { return us(r.params.tc); }, kTimeDecimals},
        {"tb_us_per_byte", [](const SweepRow& r) { return us(r.params.tb); }, kTimeDecimals},
        {"tf_us_per_byte", [](const SweepRow& r) { return us(r.params.tf); }, kTimeDecimals},
        {"k", [](const SweepRow& r) { return nlohmann::json(r.k); }},
        {sweep_column::completion_us, [](const SweepRow& r) { return us(r.completion); }, kTimeDecimals},
        {"thesis_form_us", [](const SweepRow& r) { return us(r.thesis_form); }, kTimeDecimals},
        {"exact_form_us", [](const SweepRow& r) { return us(r.exact_form); }, kTimeDecimals},
        {"difference_us", [](const SweepRow& r) { return us(difference(r)); }, kTimeDecimals},
        {"configuration_changes", [](const SweepRow& r) { return nlohmann::json(r.configuration_changes); }},
        {"local_configuration_sets", [](const SweepRow& r) { return nlohmann::json(r.local_configuration_sets); }},
        {"max_messages_per_node", [](const SweepRow& r) { return nlohmann::json(r.max_messages_per_node); }},
        {"mean_messages_per_node", [](const SweepRow& r) { return nlohmann::json(r.mean_messages_per_node); }, 3},
        {"collisions", [](const SweepRow& r) { return nlohmann::json(r.collisions); }},
        {"violations", [](const SweepRow& r) { return nlohmann::json(r.violations); }},
    };
    return list;
}

std::string csv_cell(const nlohmann::json& v, int decimals) {
    if (v.is_null()) return "";
    if (v.is_string()) return v.get<std::string>();
    if (decimals >= 0) return fmt::format("{:.{}f}", v.get<double>(), decimals);
    return json_text(v);
}

}  // namespace

void write_csv(std::ostream& out, const std::vector<SweepRow>& rows) {
    std::string line;
    for (const Column& c : columns()) line += (line.empty() ? "" : ",") + std::string(c.name);
    out << line << '\n';
    for (const auto& r : rows) {
        line.clear();
        for (const Column& c : columns()) line += (&c == &columns().front() ? "" : ",") + csv_cell(c.value(r), c.decimals);
        out << line << '\n';
    }
}

nlohmann::json to_json(const SweepRow& r) {
    nlohmann::json j = nlohmann::json::object();
    for (const Column& c : columns()) j[c.name] = c.value(r);
    return j;
}

}  // namespace liquid::optical
