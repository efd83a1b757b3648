// Parameter sweeps over N and Tc for plots (CSV, JSON).
#include "liquid/optical/broadcast/sweep.hpp"
#include "liquid/base/stop.hpp"

#include <fmt/core.h>
#include <ostream>

#include "liquid/base/error.hpp"
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

std::string us(std::optional<Time> t) { return t ? fmt::format("{:.6f}", to_microseconds(*t)) : ""; }

}  // namespace

void write_csv(std::ostream& out, const std::vector<SweepRow>& rows) {
    out << "kind,number,algorithm,nodes,message_bytes,multicast,tc_us,tb_us_per_byte,tf_us_per_byte,k,"
           "completion_us,thesis_form_us,exact_form_us,difference_us,configuration_changes,"
           "local_configuration_sets,max_messages_per_node,mean_messages_per_node,collisions,violations\n";
    for (const auto& r : rows) {
        std::optional<Time> diff;
        if (r.exact_form) diff = r.completion - *r.exact_form;
        else if (r.thesis_form) diff = r.completion - *r.thesis_form;
        out << fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{:.3f},{},{}\n", r.kind, r.number, r.algorithm,
                           r.params.nodes, r.params.message_bytes, r.params.multicast, us(r.params.tc), us(r.params.tb),
                           us(r.params.tf), r.k, us(r.completion), us(r.thesis_form), us(r.exact_form),
                           diff ? fmt::format("{:.6f}", to_microseconds(*diff)) : "", r.configuration_changes,
                           r.local_configuration_sets, r.max_messages_per_node, r.mean_messages_per_node, r.collisions,
                           r.violations);
    }
}

nlohmann::json to_json(const SweepRow& r) {
    auto opt = [](std::optional<Time> t) -> nlohmann::json {
        return t ? nlohmann::json(to_microseconds(*t)) : nlohmann::json(nullptr);
    };
    return {{"kind", r.kind},
            {"number", r.number},
            {"algorithm", r.algorithm},
            {"nodes", r.params.nodes},
            {"message_bytes", r.params.message_bytes},
            {"multicast", r.params.multicast},
            {"tc_us", to_microseconds(r.params.tc)},
            {"tb_us_per_byte", to_microseconds(r.params.tb)},
            {"tf_us_per_byte", to_microseconds(r.params.tf)},
            {"k", r.k},
            {"completion_us", to_microseconds(r.completion)},
            {"thesis_form_us", opt(r.thesis_form)},
            {"exact_form_us", opt(r.exact_form)},
            {"configuration_changes", r.configuration_changes},
            {"local_configuration_sets", r.local_configuration_sets},
            {"max_messages_per_node", r.max_messages_per_node},
            {"mean_messages_per_node", r.mean_messages_per_node},
            {"collisions", r.collisions},
            {"violations", r.violations}};
}

}  // namespace liquid::optical
