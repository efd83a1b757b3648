// The papers' MILP (report Appendix B) with clique fixing (see milp_model.hpp).
#include "liquid/sched/milp_model.hpp"

#include <algorithm>

#include "liquid/base/error.hpp"
#include "liquid/base/time_budget.hpp"
#include "sched/schedulable_cnf.hpp"

namespace liquid::sched {
namespace {

std::string index_name(const char* prefix, int a, int b = -1) {
    std::string s = std::string(prefix) + "_" + std::to_string(a);
    if (b >= 0) s += "_" + std::to_string(b);
    return s;
}

// Transfers x frames columns and names: 16 million of each for a 256-host all-to-all, so
// the builders poll for a stop per transfer (a SIGINT took 9-12 s to be heard here).
void add_columns(MilpModel& m) {
    for (int t = 0; t < m.transfers; ++t) {
        throw_if_stop_requested();
        for (int f = 0; f < m.frames; ++f) m.columns.push_back(index_name("x", t, f));
    }
    for (int f = 0; f < m.frames; ++f) m.columns.push_back(index_name("y", f));
    m.objective.assign(m.columns.size(), 0.0);
    for (int f = 0; f < m.frames; ++f) m.objective[m.y(f)] = 1.0;
}

// Eq. 18: every transfer in exactly one frame.
void add_partition_rows(MilpModel& m) {
    for (int t = 0; t < m.transfers; ++t) {
        throw_if_stop_requested();
        MilpModel::Row r{index_name("once", t), {}, 'E', 1.0};
        for (int f = 0; f < m.frames; ++f) r.terms.emplace_back(m.x(t, f), 1.0);
        m.rows.push_back(std::move(r));
    }
}

// Eq. 17 linked to the objective: at most one user of a link per frame, none in an unused frame.
void add_link_rows(const Traffic& traffic, MilpModel& m) {
    const auto users = maximal_user_sets(traffic, 1);
    for (std::size_t k = 0; k < users.size(); ++k) {
        throw_if_stop_requested();  // links x frames rows: millions at 1 000 hosts
        for (int f = 0; f < m.frames; ++f) {
            MilpModel::Row r{index_name("link", static_cast<int>(k), f), {}, 'L', 0.0};
            for (int t : users[k]) r.terms.emplace_back(m.x(t, f), 1.0);
            r.terms.emplace_back(m.y(f), -1.0);
            m.rows.push_back(std::move(r));
        }
    }
}

// Symmetry breaking: the clique's members in frames 0, 1, ...; frames used in order.
void add_symmetry_rows(MilpModel& m) {
    const int pins = std::min(static_cast<int>(m.clique.size()), m.frames);
    for (int i = 0; i < pins; ++i) m.rows.push_back({index_name("pin", i), {{m.x(m.clique[i], i), 1.0}}, 'E', 1.0});
    for (int f = 0; f + 1 < m.frames; ++f)
        m.rows.push_back({index_name("order", f), {{m.y(f), -1.0}, {m.y(f + 1), 1.0}}, 'L', 0.0});
}

}  // namespace

MilpModel build_schedule_milp(const Traffic& traffic, int frames, const std::vector<int>& clique) {
    if (frames < 1) throw InputError("--length", "the MILP needs at least one frame", "give --length >= 1");
    MilpModel m;
    m.transfers = traffic.size();
    m.frames = frames;
    m.clique = clique;
    add_columns(m);
    add_partition_rows(m);
    add_link_rows(traffic, m);
    add_symmetry_rows(m);
    return m;
}

MilpColumns column_major(const MilpModel& m) {
    MilpColumns cols;
    cols.start.assign(m.columns.size() + 1, 0);
    for (const auto& r : m.rows)
        for (const auto& term : r.terms) ++cols.start[static_cast<std::size_t>(term.first) + 1];
    for (std::size_t c = 0; c < m.columns.size(); ++c) cols.start[c + 1] += cols.start[c];
    cols.row.resize(static_cast<std::size_t>(cols.start.back()));
    cols.value.resize(cols.row.size());
    std::vector<int> fill(cols.start.begin(), cols.start.end() - 1);
    for (std::size_t r = 0; r < m.rows.size(); ++r)
        for (const auto& [c, a] : m.rows[r].terms) {
            const auto k = static_cast<std::size_t>(fill[static_cast<std::size_t>(c)]++);
            cols.row[k] = static_cast<int>(r);
            cols.value[k] = a;
        }
    return cols;
}

Schedule schedule_from_milp(const MilpModel& m, const std::vector<double>& values) {
    Schedule s;
    s.frames.assign(static_cast<std::size_t>(m.frames), {});
    for (int t = 0; t < m.transfers; ++t)
        for (int f = 0; f < m.frames; ++f)
            if (values.at(static_cast<std::size_t>(m.x(t, f))) > 0.5) {
                s.frames[static_cast<std::size_t>(f)].push_back(t);
                break;
            }
    std::erase_if(s.frames, [](const std::vector<int>& fr) { return fr.empty(); });
    return s;
}

std::vector<double> milp_start(const MilpModel& m, const Schedule& schedule) {
    if (schedule.length() > m.frames || static_cast<int>(m.clique.size()) > m.frames) return {};
    // Renumber the frames so that clique member i sits in frame i (they are in distinct
    // frames of any valid schedule), the other frames after them.
    std::vector<int> frame_of(static_cast<std::size_t>(m.transfers), -1);
    for (int f = 0; f < schedule.length(); ++f)
        for (int t : schedule.frames[f]) frame_of[t] = f;
    std::vector<int> renumber(static_cast<std::size_t>(schedule.length()), -1);
    for (std::size_t i = 0; i < m.clique.size(); ++i) {
        const int f = frame_of[m.clique[i]];
        if (f < 0 || renumber[f] >= 0) return {};
        renumber[f] = static_cast<int>(i);
    }
    int next = static_cast<int>(m.clique.size());
    for (int& r : renumber)
        if (r < 0) r = next++;
    std::vector<double> v(m.columns.size(), 0.0);
    for (int t = 0; t < m.transfers; ++t) {
        if (frame_of[t] < 0) return {};
        v[m.x(t, renumber[frame_of[t]])] = 1.0;
    }
    for (int f = 0; f < schedule.length(); ++f) v[m.y(f)] = 1.0;
    return v;
}

}  // namespace liquid::sched
