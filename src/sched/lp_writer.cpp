// The MILP as a CPLEX-LP file (see export_formats.hpp).
#include <fmt/format.h>

#include "liquid/base/stop.hpp"
#include "liquid/sched/export_formats.hpp"

namespace liquid::sched {
namespace {

// CPLEX limits a line to 510 characters: long sums continue on indented lines.
constexpr std::size_t kTermsPerLine = 8;

std::string term(double coefficient, const std::string& column, bool first) {
    const char* sign = coefficient < 0 ? "- " : (first ? "" : "+ ");
    const double magnitude = coefficient < 0 ? -coefficient : coefficient;
    return magnitude == 1.0 ? fmt::format("{}{}", sign, column) : fmt::format("{}{:.17g} {}", sign, magnitude, column);
}

void write_sum(std::ostream& out, const MilpModel& m, const std::vector<std::pair<int, double>>& terms) {
    for (std::size_t i = 0; i < terms.size(); ++i) {
        if (i > 0) out << (i % kTermsPerLine == 0 ? "\n   " : " ");
        out << term(terms[i].second, m.columns[terms[i].first], i == 0);
    }
}

const char* relation(char sense) { return sense == 'E' ? "=" : (sense == 'G' ? ">=" : "<="); }

}  // namespace

void write_transfer_comments(std::ostream& out, const Traffic& traffic, const char* comment) {
    for (int t = 0; t < traffic.size(); ++t) {
        out << comment << " transfer " << t << " = " << traffic[t].name << ":";
        traffic[t].links.for_each([&](std::size_t l) { out << ' ' << traffic.link_name(static_cast<int>(l)); });
        out << '\n';
    }
}

void write_lp(std::ostream& out, const Traffic& traffic, const MilpModel& m) {
    out << fmt::format(
        "\\ liquid: minimum number of time frames, MILP of Gabrielyan & Hersch (report Appendix B)\n"
        "\\ {} transfers, {} frames offered; x_<t>_<f> = transfer t in frame f, y_<f> = frame f used;\n"
        "\\ {} clique transfers fixed to frames 0.. (symmetry breaking)\n",
        m.transfers, m.frames, std::min<std::size_t>(m.clique.size(), static_cast<std::size_t>(m.frames)));
    write_transfer_comments(out, traffic, "\\");
    out << "Minimize\n frames: ";
    std::vector<std::pair<int, double>> objective;
    for (std::size_t c = 0; c < m.objective.size(); ++c)
        if (m.objective[c] != 0) objective.emplace_back(static_cast<int>(c), m.objective[c]);
    write_sum(out, m, objective);
    out << "\nSubject To\n";
    for (std::size_t i = 0; i < m.rows.size(); ++i) {
        if (i % 4096 == 0) throw_if_stopped();  // gigabytes at 1 000 hosts
        const MilpModel::Row& r = m.rows[i];
        out << ' ' << r.name << ": ";
        write_sum(out, m, r.terms);
        out << ' ' << relation(r.sense) << ' ' << fmt::format("{:.17g}", r.rhs) << '\n';
    }
    out << "Binary\n";
    for (std::size_t c = 0; c < m.columns.size(); ++c) out << (c % kTermsPerLine == 0 ? (c ? "\n " : " ") : " ") << m.columns[c];
    out << "\nEnd\n";
}

}  // namespace liquid::sched
