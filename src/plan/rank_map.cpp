// LIQUID_RANKMAP files: which host each rank of MPI_COMM_WORLD runs on.
#include <sstream>

#include "liquid/base/error.hpp"
#include "liquid/base/input_file.hpp"
#include "liquid/plan/plan.hpp"

namespace liquid::plan {

std::vector<std::string> read_rank_map(const std::string& path) {
    std::istringstream in(read_input_file(path));
    std::vector<std::string> hosts;
    std::vector<int> line_of;
    std::string raw;
    for (int number = 1; std::getline(in, raw); ++number) {
        const std::string where = path + ":" + std::to_string(number);
        std::istringstream line(raw.substr(0, raw.find('#')));
        std::string rank_text, host, extra;
        if (!(line >> rank_text)) continue;
        if (!(line >> host) || (line >> extra))
            throw InputError(where, "expected `rank host`, got '" + raw + "'",
                             "write one rank number and one host name per line");
        std::size_t used = 0;
        long rank = -1;
        try {
            rank = std::stol(rank_text, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != rank_text.size() || rank < 0 || rank > 1000000)
            throw InputError(where, "'" + rank_text + "' is not a rank number",
                             "ranks are whole numbers 0, 1, ... of MPI_COMM_WORLD");
        if (static_cast<std::size_t>(rank) >= hosts.size()) {
            hosts.resize(rank + 1);
            line_of.resize(rank + 1, 0);
        }
        if (line_of[rank])
            throw InputError(where,
                             "rank " + rank_text + " is mapped twice (first at line " + std::to_string(line_of[rank]) + ")",
                             "give each rank one line");
        hosts[rank] = host;
        line_of[rank] = number;
    }
    for (std::size_t r = 0; r < hosts.size(); ++r)
        if (!line_of[r])
            throw InputError(path, "rank " + std::to_string(r) + " has no line",
                             "map every rank 0.." + std::to_string(hosts.size() - 1));
    if (hosts.empty()) throw InputError(path, "the rank map is empty", "write one `rank host` line per rank");
    return hosts;
}

}  // namespace liquid::plan
