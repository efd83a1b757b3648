// "Schedulable in L frames?" as DIMACS CNF (see export_formats.hpp): the engine's own
// encoding (schedulable_cnf.hpp), collected first because the header counts the clauses.
#include <fmt/format.h>

#include "liquid/base/stop.hpp"
#include "liquid/sched/export_formats.hpp"
#include "sched/schedulable_cnf.hpp"

namespace liquid::sched {
namespace {

class CollectClauses : public ClauseSink {
public:
    void add(int literal) override { literals.push_back(literal); }
    std::vector<int> literals;
};

}  // namespace

void write_cnf(std::ostream& out, const Traffic& traffic, int L, const std::vector<int>& clique) {
    CollectClauses clauses;
    CnfSize size;
    encode_schedulable(traffic, L, clique, clauses, size);
    out << fmt::format(
        "c liquid: is the traffic schedulable in {} time frames? SAT = yes (a schedule), UNSAT = no\n"
        "c {} transfers; variable t*{}+f+1 = transfer t in frame f (f = 0..{}); higher variables are\n"
        "c auxiliary (sequential counters); {} clique transfers pinned to frames 0..\n",
        L, traffic.size(), L, L - 1, std::min<std::size_t>(clique.size(), static_cast<std::size_t>(L)));
    write_transfer_comments(out, traffic, "c");
    out << "p cnf " << size.variables << ' ' << size.clauses << '\n';
    std::string line;
    std::size_t clauses_written = 0;
    for (int lit : clauses.literals) {
        line += std::to_string(lit);
        if (lit == 0) {
            if (++clauses_written % 65536 == 0) throw_if_stopped();  // gigabytes at 1 000 hosts
            out << line << '\n';
            line.clear();
        } else {
            line += ' ';
        }
    }
}

}  // namespace liquid::sched
