// The owners of the commands' JSON documents: what a view writes, the reader reads back
// (write -> read round trips on real results), the kind is recognised, and a missing or
// mistyped member is an InputError naming the file and the JSON pointer.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "liquid/base/error.hpp"
#include "liquid/base/json_text.hpp"
#include "liquid/io/network_spec.hpp"
#include "liquid/optical/p2p/thesis_comparison.hpp"
#include "liquid/results/optical_p2p_result.hpp"
#include "liquid/results/optical_sweep_result.hpp"
#include "liquid/results/result_kind.hpp"
#include "liquid/results/schedule_result.hpp"
#include "liquid/results/simulation_result.hpp"
#include "liquid/results/t1_result.hpp"
#include "liquid/results/testbed_simulation_result.hpp"
#include "liquid/sim/workload.hpp"
#include "liquid/testbed/experiment_files.hpp"
#include "liquid/traffic/analysis.hpp"
#include "liquid/traffic/patterns.hpp"

namespace {

using namespace liquid;
using namespace liquid::results;
using nlohmann::json;

/// The InputError message of `read`, or "" when it does not throw one.
template <class Read>
std::string input_error(Read read) {
    try {
        read();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

TEST(ResultKind, EachOwnerRecognisesItsDocument) {
    EXPECT_EQ(result_kind(json{{"schedule", {{"frames", json::array()}}}}, "f"), ResultKind::Schedule);
    EXPECT_EQ(result_kind(json{{"sweep", {{"by_nodes", json::array()}}}, {"summary", json::object()}}, "f"), ResultKind::Testbed);
    EXPECT_EQ(result_kind(json{{"patterns", 3}, {"ratio", json::object()}}, "f"), ResultKind::TestbedSimulation);
    EXPECT_EQ(result_kind(json{{"makespan_s", 1.0}, {"links", json::array()}}, "f"), ResultKind::Simulation);
    EXPECT_EQ(result_kind(json{{"table1", json::array()}}, "f"), ResultKind::OpticalTables);
    EXPECT_EQ(result_kind(json{{"command", "optical sweep"}, {"rows", json::array()}}, "f"), ResultKind::OpticalSweep);
    EXPECT_NE(input_error([] { result_kind(json{{"hello", 1}}, "x.json"); }).find("x.json: /"), std::string::npos);
}

TEST(ScheduleResult, VerdictAndFramesReadBack) {
    const Network net = make_network("torus:3x3");
    const Traffic t = make_pattern(net, PatternSpec{});
    SolveOptions so;
    so.method = Method::Liquid;
    const SolveResult r = solve(t, so);
    const json doc = schedule_view("torus", t, r, so).to_json();
    ASSERT_EQ(result_kind(doc, "s.json"), ResultKind::Schedule);
    const ScheduleVerdict v = read_schedule_verdict(doc, "s.json");
    EXPECT_EQ(v.method, "liquid");
    EXPECT_EQ(v.length, r.schedule.length());
    EXPECT_EQ(v.lower_bound, r.lower_bound);
    EXPECT_EQ(v.optimal, r.optimal);
    EXPECT_EQ(v.timed_out, r.timed_out);
    EXPECT_EQ(v.solver, r.solver);
    EXPECT_DOUBLE_EQ(v.elapsed_ms, r.elapsed_ms);
    EXPECT_EQ(doc["duration"].get<int>(), analyze(t).duration);

    const std::string path = ::testing::TempDir() + "results_schedule.json";
    std::ofstream(path) << json_text(doc, 2);
    EXPECT_EQ(read_saved_schedule(path, t).frames, r.schedule.frames);
    std::remove(path.c_str());

    json broken = doc;
    broken["schedule"].erase("lower_bound");
    const std::string e = input_error([&] { read_schedule_verdict(broken, "s.json"); });
    EXPECT_NE(e.find("s.json: /schedule"), std::string::npos) << e;
    EXPECT_NE(e.find("lower_bound"), std::string::npos) << e;
}

TEST(ScheduleResult, WeightedScheduleDocument) {
    const Network net = make_network("crossbar:4");
    const std::vector<int> h = net.hosts();
    const Traffic t = traffic_from_pairs(net, {{h[0], h[1]}, {h[0], h[2]}, {h[1], h[2]}, {h[3], h[1]}},
                                         std::vector<double>{4000, 1000, 2000, 500});
    WeightedOptions wo;
    wo.frame_overhead_s = 1e-6;
    const WeightedResult r = solve_weighted(t, sim::network_rates(net), wo);
    const json doc = weighted_schedule_view("pairs", t, r, wo).to_json();
    EXPECT_DOUBLE_EQ(doc["time_s"].get<double>(), r.time_s);
    EXPECT_DOUBLE_EQ(doc["lower_bound_s"].get<double>(), r.lower_bound_s);
    EXPECT_DOUBLE_EQ(doc["bytes"].get<double>(), 7500);
    EXPECT_EQ(doc["schedule"]["frames"].size(), static_cast<std::size_t>(r.schedule.length()));
    EXPECT_EQ(doc["candidates"].size(), r.candidates.size());
}

TEST(SimulationResult, SummaryReadsBack) {
    const Network net = make_network("two-switch");
    const Traffic t = make_pattern(net, PatternSpec{});
    const sim::Workload w = sim::make_workload(t, sim::network_rates(net));
    sim::ExecutionSpec spec;
    spec.solve.method = Method::RoundRobin;
    const sim::Execution e = sim::execute(t, w, spec);
    const SimulationRun run{"two-switch", &t, 1e8, 1, spec.sim, false};
    const json doc = simulation_view(run, e).to_json();
    ASSERT_EQ(result_kind(doc, "sim.json"), ResultKind::Simulation);
    const SimulationSummary s = read_simulation(doc, "sim.json");
    EXPECT_EQ(s.source, "two-switch");
    EXPECT_EQ(s.method, e.method);
    EXPECT_EQ(s.executor, e.executor);
    EXPECT_DOUBLE_EQ(s.makespan_s, e.result.makespan);
    EXPECT_DOUBLE_EQ(s.throughput_bytes_per_s, e.result.throughput);
    EXPECT_DOUBLE_EQ(s.liquid_throughput_bytes_per_s, e.result.liquid_throughput);
    EXPECT_DOUBLE_EQ(s.ratio, e.result.ratio);
    std::size_t used = 0;
    for (int l = 0; l < t.link_count(); ++l)
        if (e.result.links[static_cast<std::size_t>(l)].held > 0) {
            ASSERT_LT(used, s.links.size());
            EXPECT_EQ(s.links[used].link, t.link_name(l));
            EXPECT_DOUBLE_EQ(s.links[used].utilisation, e.result.utilisation(l));
            ++used;
        }
    EXPECT_EQ(used, s.links.size());

    json broken = doc;
    broken["links"][0]["utilisation"] = "high";
    const std::string err = input_error([&] { read_simulation(broken, "sim.json"); });
    EXPECT_NE(err.find("sim.json: /links/0/utilisation"), std::string::npos) << err;
}

TEST(TestbedSimulationResult, SpreadsAndRowsReadBack) {
    const Network t1 = make_network("swiss-t1");
    testbed::TestbedSimulation result;
    testbed::TestbedRow row;
    row.rep = testbed::single_allocation(t1, testbed::parse_allocation("22000000"));
    row.liquid_throughput = 3.4e8;
    row.liquid.throughput = 3.3e8;
    row.round_robin.throughput = 2.1e8;
    result.rows = {row};
    result.summary.patterns = 1;
    result.summary.link_rate = 86e6;
    result.summary.ratios = {{"round-robin", {0.5, 0.6, 0.7, 1}}, {"liquid schedule", {0.97, 0.98, 0.99, 1}}};
    const testbed::TestbedTableOptions options;
    const json doc = testbed_simulation_view(options, result, "out/testbed.csv", "").to_json();
    ASSERT_EQ(result_kind(doc, "tb.json"), ResultKind::TestbedSimulation);
    const TestbedSimulationSummary s = read_testbed_simulation(doc, "tb.json");
    EXPECT_DOUBLE_EQ(s.unaware_size_bytes, options.unaware_size);
    EXPECT_DOUBLE_EQ(s.scheduled_size_bytes, options.scheduled_size);
    ASSERT_EQ(s.ratios.size(), 2U);
    EXPECT_EQ(s.ratios[1].first, "round-robin");  // the document keeps its executions by name
    EXPECT_DOUBLE_EQ(s.ratios[1].second.median, 0.6);
    EXPECT_EQ(s.ratios[1].second.below_98, 1);
    ASSERT_EQ(s.rows.size(), 1U);
    EXPECT_EQ(s.rows[0].allocation, "22000000");
    EXPECT_DOUBLE_EQ(s.rows[0].liquid_MBps, 340);
    EXPECT_DOUBLE_EQ(s.rows[0].liquid_schedule_MBps, 330);
    EXPECT_DOUBLE_EQ(s.rows[0].round_robin_MBps, 210);

    json broken = doc;
    broken["ratio"]["round-robin"].erase("median");
    const std::string e = input_error([&] { read_testbed_simulation(broken, "tb.json"); });
    EXPECT_NE(e.find("tb.json: /ratio/round-robin"), std::string::npos) << e;
    EXPECT_NE(e.find("median"), std::string::npos) << e;
}

/// A small t1 run: two representatives scheduled, a made-up sweep around them.
testbed::T1Experiment small_t1(const Network& t1) {
    testbed::ExperimentOptions eo;
    eo.time_limit_s = 2;
    eo.max_categories = 20000;
    eo.threads = 1;
    testbed::T1Experiment x;
    x.sweep.allocations = 24;
    x.sweep.distinct_multi_switch = 1;
    for (const char* label : {"11000000", "21000000"})
        x.sweep.representatives.push_back(testbed::single_allocation(t1, testbed::parse_allocation(label)));
    x.sweep.by_nodes = {{2, 16, 1, 2.0, 2.0}, {3, 48, 1, 4.5, 4.5}};
    x.results = testbed::run_experiment(t1, x.sweep.representatives, eo);
    x.summary = testbed::summarize(x.results);
    return x;
}

TEST(T1Result, RunAndSweepDocumentsReadBack) {
    const Network t1 = make_network("swiss-t1");
    const testbed::T1Experiment x = small_t1(t1);
    testbed::ExperimentOptions eo;
    eo.max_categories = 20000;
    eo.threads = 1;
    const T1Documents d = experiment_documents(t1, x, eo, {"a.csv", "a.json", "s.json", "w.json", ""});
    const json printed = d.printed.to_json();
    ASSERT_EQ(result_kind(printed, "s.json"), ResultKind::Testbed);
    const T1Figures f = read_t1(printed, "s.json");
    EXPECT_EQ(f.network, t1.name());
    EXPECT_EQ(f.sweep.allocations, 24);
    EXPECT_EQ(f.sweep.distinct_liquid_throughputs, 2);
    ASSERT_EQ(f.sweep.by_nodes.size(), 2U);
    EXPECT_DOUBLE_EQ(f.sweep.by_nodes[1].max_liquid_throughput, 4.5);
    ASSERT_TRUE(f.summary);
    EXPECT_EQ(f.summary->representatives, 2);
    EXPECT_EQ(f.summary->liquid, static_cast<int>(x.summary.liquid));
    EXPECT_EQ(f.summary->verified, 2);
    EXPECT_DOUBLE_EQ(f.summary->mean_skeleton_share, x.summary.mean_skeleton_share);
    ASSERT_TRUE(f.summary->search_space_share);
    EXPECT_DOUBLE_EQ((*f.summary->search_space_share)[3], x.summary.search_space_share[3]);
    EXPECT_EQ(f.summary->dsatur_loss_share, x.summary.dsatur_loss_share);
    ASSERT_TRUE(f.representatives);
    ASSERT_EQ(f.representatives->size(), 2U);
    const T1Pattern& p = (*f.representatives)[1];
    EXPECT_EQ(p.allocation, "21000000");
    EXPECT_EQ(p.nodes, 3);
    EXPECT_EQ(p.duration, x.results[1].representative.duration);
    EXPECT_EQ(p.liquid, x.results[1].exact.liquid);
    EXPECT_EQ(p.length, x.results[1].exact.schedule.length());
    EXPECT_EQ(p.round_robin_length, x.results[1].round_robin_length);

    // t1-sweep.json: the representatives as the sweep found them, not scheduled.
    const T1Figures sweep = read_t1(d.sweep.to_json(), "w.json");
    EXPECT_FALSE(sweep.summary);
    ASSERT_TRUE(sweep.representatives);
    EXPECT_FALSE((*sweep.representatives)[0].liquid);
    EXPECT_FALSE((*sweep.representatives)[0].length);

    // --sweep-only prints the sweep and its file.
    const json only = sweep_documents(x, 1, {"", "", "", "w.json", ""}).printed.to_json();
    ASSERT_EQ(result_kind(only, "o.json"), ResultKind::Testbed);
    EXPECT_FALSE(read_t1(only, "o.json").representatives);

    json broken = printed;
    broken["sweep"]["by_nodes"][1].erase("nodes");
    const std::string e = input_error([&] { read_t1(broken, "s.json"); });
    EXPECT_NE(e.find("s.json: /sweep/by_nodes/1"), std::string::npos) << e;
    EXPECT_NE(e.find("nodes"), std::string::npos) << e;
}

TEST(T1Result, AllocationViewCarriesTheSolveFields) {
    const Network t1 = make_network("swiss-t1");
    const testbed::T1Experiment x = small_t1(t1);
    const json doc = allocation_view(t1, x.results[0], true).to_json();
    ASSERT_EQ(result_kind(doc, "a.json"), ResultKind::Schedule);  // a saved schedule for `liquid report`
    const ScheduleVerdict v = read_schedule_verdict(doc, "a.json");
    EXPECT_FALSE(v.method);
    EXPECT_EQ(v.length, x.results[0].exact.schedule.length());
    EXPECT_EQ(v.lower_bound, x.results[0].exact.lower_bound);
}

TEST(OpticalP2pResult, ThesisTablesReadBack) {
    namespace p2p = optical::p2p;
    const p2p::ThesisTables t = p2p::run_thesis_tables({100, 7, {4}}, false, 2);
    const json doc = thesis_tables_view(t.comparison, 100, 7).to_json();
    ASSERT_EQ(result_kind(doc, "p2p.json"), ResultKind::OpticalTables);
    const ThesisTablesFigures f = read_thesis_tables(doc, "p2p.json");
    EXPECT_EQ(f.rounds, 100U);
    EXPECT_EQ(f.seed, 7U);
    ASSERT_EQ(f.table1.size(), t.comparison.table1.size());
    ASSERT_FALSE(f.table1.empty());
    const p2p::Table1Comparison& c = t.comparison.table1[0];
    EXPECT_EQ(f.table1[0].dimension, CellValues{4.0});
    ASSERT_EQ(f.table1[0].ours_cycled.size(), 3U);
    EXPECT_EQ(f.table1[0].ours_cycled[1], c.cycled50->mean_rounds);
    EXPECT_EQ(f.table1[0].thesis_on_demand, (CellValues{c.thesis.on_demand_low, c.thesis.on_demand_high}));
    EXPECT_EQ(f.table2.size(), t.comparison.table2.size());
    EXPECT_EQ(f.table3.size(), t.comparison.table3.size());
    EXPECT_EQ(f.dynamic.size(), t.comparison.dynamic.size());

    json broken = doc;
    broken["table1"][0]["ours"]["cycled"] = "many";
    const std::string e = input_error([&] { read_thesis_tables(broken, "p2p.json"); });
    EXPECT_NE(e.find("p2p.json: /table1/0/ours/cycled"), std::string::npos) << e;
}

TEST(OpticalSweepResult, PointsReadBack) {
    optical::SweepSpec spec;
    spec.kinds = {optical::SweepKind::Broadcast, optical::SweepKind::Allgather};
    spec.nodes = optical::powers_of_two(8, 16);
    spec.tcs = {1000 * optical::kPicosecondsPerMicrosecond};
    const std::vector<optical::SweepRow> rows = optical::run_sweep(spec);
    const json doc = sweep_document(rows, "both", "");
    ASSERT_EQ(result_kind(doc, "sweep.json"), ResultKind::OpticalSweep);
    const std::vector<SweepPoint> read = read_sweep_points(doc, "sweep.json");
    const std::vector<SweepPoint> direct = sweep_points(rows);
    ASSERT_EQ(read.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(read[i].kind, direct[i].kind);
        EXPECT_EQ(read[i].algorithm, direct[i].algorithm);
        EXPECT_EQ(read[i].nodes, direct[i].nodes);
        EXPECT_DOUBLE_EQ(read[i].tc_us, 1000);
        EXPECT_DOUBLE_EQ(read[i].completion_us, direct[i].completion_us);
    }

    json broken = doc;
    broken["rows"][2].erase(optical::sweep_column::completion_us);
    const std::string e = input_error([&] { read_sweep_points(broken, "sweep.json"); });
    EXPECT_NE(e.find("sweep.json: /rows/2"), std::string::npos) << e;
}

}  // namespace
