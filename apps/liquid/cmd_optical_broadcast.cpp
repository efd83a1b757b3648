// `liquid optical broadcast`, `liquid optical allgather` and `liquid optical sweep`: the
// optical cross-connect's broadcast (thesis ch. 4) and all-to-all broadcast (ch. 6)
// algorithms run by the discrete-event executor, next to the thesis's closed forms.
#include <fmt/core.h>
#include <fstream>
#include <iostream>
#include <sstream>

#include "command.hpp"
#include "liquid/base/error.hpp"
#include "liquid/io/output_file.hpp"
#include "liquid/optical/broadcast/allgather.hpp"
#include "liquid/optical/broadcast/broadcast.hpp"
#include "liquid/optical/broadcast/comparison.hpp"
#include "liquid/optical/broadcast/sweep.hpp"
#include "liquid/results/optical_sweep_result.hpp"
#include "option_checks.hpp"
#include "output.hpp"
#include "result_view.hpp"

namespace liquid::app {
namespace {

using namespace liquid::optical;

/// Model options shared by the three subcommands; durations are strings with units.
struct ModelOptions {
    int nodes = 64;
    std::int64_t size = 1000;
    std::string tc = "10ms", tb = "11us", tf = "1us";
    std::int64_t header = 1;
    int multicast = 0;  // 0: the command's default
    bool json = false;

    void add(CLI::App& cmd, bool with_nodes) {
        if (with_nodes) cmd.add_option("-n,--nodes", nodes, "N, number of nodes (a power of two, §3.5)")->capture_default_str();
        cmd.add_option("-s,--size", size, "S, message size in bytes")->capture_default_str();
        if (with_nodes)
            cmd.add_option("--tc", tc, "Tc, configuration change time (units s, ms, us, ns, ps; bare = us)")
                ->capture_default_str();
        cmd.add_option("--tb", tb, "Tb, time per byte through the host stack")->capture_default_str();
        cmd.add_option("--tf", tf, "Tf, time per byte through the forwarding unit")->capture_default_str();
        cmd.add_option("--header-bytes", header, "header size; the header reaches the OS in header*Td (§4.3.3)")
            ->capture_default_str();
        cmd.add_flag("--json", json, "print one JSON object on stdout");
    }

    ModelParams params(int default_multicast) const {
        ModelParams p;
        p.nodes = nodes;
        p.message_bytes = size;
        p.tc = parse_duration(tc, "--tc");
        p.tb = parse_duration(tb, "--tb");
        p.tf = parse_duration(tf, "--tf");
        p.header_bytes = header;
        p.multicast = multicast > 0 ? multicast : default_multicast;
        validate(p);
        return p;
    }
};

/// All-to-all programs hold one action per (node, message): about 0.55 GB at N = 2048.
constexpr int kMaxAllgatherNodes = 2048;

void require_power_of_two(int n) {
    if (n < 2 || (n & (n - 1)) != 0)
        throw InputError("--nodes", fmt::format("{} is not a power of two >= 2", n), "the thesis assumes N = 2^k (§3.5)");
}

nlohmann::json params_json(const ModelParams& p) {
    return {{"nodes", p.nodes},
            {"message_bytes", p.message_bytes},
            {"multicast", p.multicast},
            {"tc_us", to_microseconds(p.tc)},
            {"tb_us_per_byte", to_microseconds(p.tb)},
            {"tf_us_per_byte", to_microseconds(p.tf)},
            {"td_us_per_byte", to_microseconds(p.td())},
            {"header_bytes", p.header_bytes}};
}

nlohmann::json report_json(const ExecutionReport& r) {
    nlohmann::json violations = nlohmann::json::array();
    for (const auto& v : r.violations)
        violations.push_back({{"kind", to_string(v.kind)},
                              {"time_us", to_microseconds(v.time)},
                              {"node", v.node},
                              {"other", v.other},
                              {"message", v.message},
                              {"detail", v.detail}});
    return {{"completion_us", to_microseconds(r.completion)},
            {"configuration_changes", r.configuration_changes},
            {"local_configuration_sets", r.local_configuration_sets},
            {"max_messages_per_node", r.max_messages_per_node()},
            {"mean_messages_per_node", r.mean_messages_per_node()},
            {"transmissions", r.transmissions},
            {"duplicate_receptions", r.duplicate_receptions},
            {"dropped_forwards", r.dropped_forwards},
            {"max_fan_in", r.max_fan_in},
            {"collisions", r.collisions},
            {"violation_count", r.violation_count},
            {"violations", violations},
            {"events", r.events}};
}

nlohmann::json opt_us(std::optional<Time> t) { return t ? nlohmann::json(to_microseconds(*t)) : nlohmann::json(nullptr); }
std::string opt_ms(std::optional<Time> t) { return t ? fmt::format("{:.3f}", to_microseconds(*t) / 1000) : "-"; }

std::string status(const ExecutionReport& r) {
    return r.ok() ? "ok" : fmt::format("{} violations ({} collisions)", r.violation_count, r.collisions);
}

// ---------------------------------------------------------------- optical broadcast
struct BroadcastOptions {
    ModelOptions model;
    std::string algorithm = "all";
    int k = 0;
    bool no_half = false;
};

/// One algorithm's row: the executor's report (JSON as report_json) beside the closed forms.
ResultView broadcast_row(const BroadcastRun& run, const BroadcastComparison& c, const ModelParams& p) {
    const BroadcastAlgorithm a = run.algorithm;
    const ExecutionReport& r = run.report;
    ResultView v;
    v.json_fields(report_json(r));
    v.row("number", static_cast<int>(a),
          fmt::format("{:>2}  {:<20} {:>12.3f} {:>12.3f} {:>12} {:>8} {:>6} {:>5} {:>11}  {}", static_cast<int>(a), name(a),
                      to_microseconds(r.completion) / 1000, to_microseconds(run.thesis) / 1000, opt_ms(run.exact),
                      r.configuration_changes, r.local_configuration_sets, r.max_messages_per_node(), opt_ms(run.half.executor),
                      status(r)))
        .json_only("algorithm", name(a))
        .json_only("title", title(a))
        .json_only("thesis_form_us", to_microseconds(run.thesis))
        .json_only("exact_form_us", opt_us(run.exact))
        .json_only("difference_us", to_microseconds(r.completion - (run.exact ? *run.exact : run.thesis)))
        .json_only("half_optimal_tc_us", {{"executor", opt_us(run.half.executor)},
                                          {"closed_form", opt_us(run.half.closed_form)},
                                          {"thesis_text", opt_us(run.half.thesis_text)}});
    if (a == BroadcastAlgorithm::SmartRing)
        v.json_only("k", c.k).json_only("thesis_k", c.thesis_k).json_only("thesis_stages", smart_ring_stages(p.nodes, c.k));
    return v;
}

void run_broadcast_command(const BroadcastOptions& o) {
    require_power_of_two(o.model.nodes);
    ModelParams p = o.model.params(1);
    if (o.k < 0) throw InputError("--k", "k must be positive (0 = the thesis's value)");
    std::vector<BroadcastAlgorithm> algs =
        o.algorithm == "all" ? all_broadcast_algorithms() : std::vector{parse_broadcast_algorithm(o.algorithm)};
    const BroadcastComparison c = compare_broadcasts(algs, p, o.k, !o.no_half);
    std::vector<ResultView> rows;
    for (const BroadcastRun& run : c.runs) rows.push_back(broadcast_row(run, c, p));
    ResultView v;
    v.json_only("command", "optical broadcast")
        .row("params", params_json(p),
             fmt::format("optical broadcast: N={} S={} B Tc={} us Tb={} us/B Tf={} us/B Td={} us/B (header {} B), k={}", p.nodes,
                         p.message_bytes, to_microseconds(p.tc), to_microseconds(p.tb), to_microseconds(p.tf),
                         to_microseconds(p.td()), p.header_bytes, c.k))
        .text_only(fmt::format("{:>2}  {:<20} {:>12} {:>12} {:>12} {:>8} {:>6} {:>5} {:>11}  {}", "#", "algorithm", "time ms",
                               "thesis ms", "exact ms", "changes", "sets", "msgs", "Tc^0.5 ms", "rules"))
        .list("algorithms", rows)
        .text_only(
            "time: executor; thesis: §4.5 table; exact: thesis form corrected for the terms it drops "
            "(docs/optical.md, 'Executor versus the closed forms'); changes: global configuration changes; msgs: most "
            "messages sent by one node");
    render(v, o.model.json);
}

// ---------------------------------------------------------------- optical allgather
struct AllgatherOptions {
    ModelOptions model;
    std::string algorithm = "all";
};

ResultView allgather_row(const AllgatherRun& run, const ModelParams& p) {
    const AllgatherAlgorithm a = run.algorithm;
    const ExecutionReport& r = run.report;
    ResultView v;
    v.json_fields(report_json(r));
    v.row("algorithm", name(a),
          fmt::format("{:<10} {:>14.3f} {:>14} {:>8} {:>9} {:>9.1f}  {}", name(a), to_microseconds(r.completion) / 1000,
                      opt_ms(run.closed_form), r.configuration_changes, r.max_messages_per_node(), r.mean_messages_per_node(),
                      status(r)))
        .json_only("closed_form_us", opt_us(run.closed_form))
        .json_only("messages_lower_bound", allgather_messages_lower_bound(p));
    if (a == AllgatherAlgorithm::Ring) v.json_only("thesis_form_us", to_microseconds(ring_allgather_thesis_form(p)));
    if (a == AllgatherAlgorithm::Tree) v.json_only("lower_bound_us", to_microseconds(tree_lower_bound(p)));
    return v;
}

void run_allgather_command(const AllgatherOptions& o) {
    require_power_of_two(o.model.nodes);
    if (o.model.nodes > kMaxAllgatherNodes)
        throw InputError("--nodes",
                         fmt::format("{} nodes: an all-to-all program holds N^2 sends (0.55 GB at 2048)", o.model.nodes),
                         fmt::format("use at most {}", kMaxAllgatherNodes));
    ModelParams p = o.model.params(3);
    std::vector<AllgatherAlgorithm> algs =
        o.algorithm == "all" ? all_allgather_algorithms() : std::vector{parse_allgather_algorithm(o.algorithm)};
    std::vector<ResultView> rows;
    for (const AllgatherRun& run : compare_allgathers(algs, p)) rows.push_back(allgather_row(run, p));
    ResultView v;
    v.json_only("command", "optical allgather")
        .row("params", params_json(p),
             fmt::format("optical allgather: N={} S={} B M={} Tc={} us Tb={} us/B Tf={} us/B", p.nodes, p.message_bytes,
                         p.multicast, to_microseconds(p.tc), to_microseconds(p.tb), to_microseconds(p.tf)))
        .text_only(fmt::format("{:<10} {:>14} {:>14} {:>8} {:>9} {:>9}  {}", "algorithm", "time ms", "closed ms", "changes",
                               "max msgs", "mean msgs", "rules"))
        .list("algorithms", rows)
        .text_only(fmt::format("thesis (§6.2.3) ring form 2Td + (N-1)S*Tf = {:.3f} ms; messages per node >= ceil((N-1)/M) = {}",
                               to_microseconds(ring_allgather_thesis_form(p)) / 1000, allgather_messages_lower_bound(p)));
    render(v, o.model.json);
}

// ---------------------------------------------------------------- optical sweep
struct SweepOptions {
    ModelOptions model;
    std::string kind = "broadcast";
    std::string nodes = "8:2048";
    std::vector<std::string> tcs{"100us", "1ms", "10ms"};
    std::string out;
    int k = 0;
};

void run_sweep_command(const SweepOptions& o) {
    SweepSpec spec;
    if (o.kind == "broadcast") spec.kinds = {SweepKind::Broadcast};
    else if (o.kind == "allgather") spec.kinds = {SweepKind::Allgather};
    else if (o.kind == "both") spec.kinds = {SweepKind::Broadcast, SweepKind::Allgather};
    else throw InputError("--kind", fmt::format("unknown kind '{}'", o.kind), "use broadcast, allgather or both");
    auto colon = o.nodes.find(':');
    try {
        int lo = std::stoi(o.nodes.substr(0, colon));
        int hi = colon == std::string::npos ? lo : std::stoi(o.nodes.substr(colon + 1));
        spec.nodes = powers_of_two(lo, hi);
    } catch (const std::logic_error&) {
        throw InputError("--nodes", fmt::format("'{}' is not LO:HI", o.nodes), "e.g. --nodes 8:2048");
    }
    if (spec.nodes.back() > kMaxAllgatherNodes && o.kind != "broadcast")
        throw InputError("--nodes", fmt::format("all-to-all sweeps stop at {} nodes (N^2 sends in memory)", kMaxAllgatherNodes));
    for (const auto& t : o.tcs) spec.tcs.push_back(parse_duration(t, "--tc"));
    if (spec.tcs.empty()) throw InputError("--tc", "give at least one Tc");
    if (o.k < 0) throw InputError("--k", "k must be positive (0 = the thesis's value)");
    spec.base = o.model.params(3);
    spec.k = o.k;

    ProgressBar bar("optical sweep", sweep_size(spec), !o.model.json);
    auto rows = run_sweep(spec, [&] { bar.advance(); });
    bar.finish();
    if (!o.out.empty()) {
        write_file_atomically(o.out, [&](std::ostream& csv) { write_csv(csv, rows); });
    }
    if (o.model.json) {
        print_json(results::sweep_document(rows, o.kind, o.out));
    } else if (o.out.empty()) {
        write_csv(std::cout, rows);
    } else {
        std::int64_t bad = 0;
        for (const auto& r : rows) bad += r.violations;
        fmt::print("optical sweep: {} runs written to {} ({} rule violations)\n", rows.size(), o.out, bad);
    }
}

const RegisterCommand reg_broadcast{
    {"optical broadcast", "broadcast algorithms 1-5 (thesis ch. 4): executor vs closed form", [](CLI::App& cmd) {
         auto o = std::make_shared<BroadcastOptions>();
         o->model.add(cmd, true);
         cmd.add_option("-a,--algorithm", o->algorithm, "all, 1..5, naive-configuration, ring, tree, smart-tree, smart-ring")
             ->capture_default_str();
         cmd.add_option("-k,--k", o->k, "algorithm 5's segment length k (0: the thesis's (Td+Tc)/(S*Tf)+1)")
             ->capture_default_str();
         cmd.add_flag("--no-half-optimal", o->no_half, "skip the Tc^0.5 bisection (§4.3.2)");
         cmd.callback([o] { run_broadcast_command(*o); });
     }}};

const RegisterCommand reg_allgather{
    {"optical allgather", "all-to-all broadcast (thesis ch. 6): hypercube, tree, ring", [](CLI::App& cmd) {
         auto o = std::make_shared<AllgatherOptions>();
         o->model.add(cmd, true);
         cmd.add_option("-m,--multicast", o->model.multicast, "M, multicast size (the tree's degree), default 3")
             ->check(whole_number(1, 8));
         cmd.add_option("-a,--algorithm", o->algorithm, "all, hypercube, tree or ring")->capture_default_str();
         cmd.callback([o] { run_allgather_command(*o); });
     }}};

const RegisterCommand reg_sweep{
    {"optical sweep", "sweep broadcast / all-to-all algorithms over N and Tc (CSV or JSON)", [](CLI::App& cmd) {
         auto o = std::make_shared<SweepOptions>();
         o->model.add(cmd, false);
         cmd.add_option("--kind", o->kind, "broadcast, allgather or both")->capture_default_str();
         cmd.add_option("-n,--nodes", o->nodes, "LO:HI, powers of two")->capture_default_str();
         cmd.add_option("--tc", o->tcs, "Tc values, comma separated (units s, ms, us, ns, ps)")
             ->delimiter(',')
             ->capture_default_str();
         cmd.add_option("-m,--multicast", o->model.multicast, "M for the all-to-all tree, default 3")->check(whole_number(1, 8));
         cmd.add_option("-k,--k", o->k, "algorithm 5's k (0: the thesis's value for each Tc)")->capture_default_str();
         cmd.add_option("-o,--out", o->out, "write the CSV here (default: stdout unless --json)")->check(non_empty());
         cmd.callback([o] { run_sweep_command(*o); });
     }}};

}  // namespace
}  // namespace liquid::app
