// The MILP as a free-MPS file (see export_formats.hpp).
#include <fmt/format.h>

#include "liquid/base/stop.hpp"
#include "liquid/sched/export_formats.hpp"

namespace liquid::sched {

void write_mps(std::ostream& out, const Traffic& traffic, const MilpModel& m) {
    out << fmt::format(
        "* liquid: minimum number of time frames, MILP of Gabrielyan & Hersch (report Appendix B)\n"
        "* {} transfers, {} frames offered; x_<t>_<f> = transfer t in frame f, y_<f> = frame f used\n",
        m.transfers, m.frames);
    write_transfer_comments(out, traffic, "*");
    out << "NAME liquid_schedule\nROWS\n N frames\n";
    for (const auto& r : m.rows) out << ' ' << r.sense << ' ' << r.name << '\n';
    // Column-major entries: the objective first, then the rows in order.
    const MilpColumns cols = column_major(m);
    out << "COLUMNS\n MARKER 'MARKER' 'INTORG'\n";
    for (std::size_t c = 0; c < m.columns.size(); ++c) {
        if (c % 4096 == 0) throw_if_stopped();  // gigabytes at 1 000 hosts
        if (m.objective[c] != 0) out << ' ' << m.columns[c] << " frames " << fmt::format("{:.17g}", m.objective[c]) << '\n';
        for (int k = cols.start[c]; k < cols.start[c + 1]; ++k)
            out << ' ' << m.columns[c] << ' ' << m.rows[static_cast<std::size_t>(cols.row[k])].name << ' '
                << fmt::format("{:.17g}", cols.value[k]) << '\n';
    }
    out << " MARKER 'MARKER' 'INTEND'\nRHS\n";
    for (const auto& r : m.rows)
        if (r.rhs != 0) out << " RHS " << r.name << ' ' << fmt::format("{:.17g}", r.rhs) << '\n';
    out << "BOUNDS\n";
    for (const auto& c : m.columns) out << " UP BND " << c << " 1\n";
    out << "ENDATA\n";
}

}  // namespace liquid::sched
