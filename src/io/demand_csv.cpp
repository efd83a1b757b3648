#include "liquid/io/demand_csv.hpp"

#include <sstream>

#include "io/text_input.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/name_check.hpp"

namespace liquid {
namespace {

std::vector<std::string> cells(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');) out.emplace_back(io::trim(cell));
    if (!line.empty() && line.back() == ',') out.emplace_back();
    return out;
}

bool is_number(const std::string& s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; }

std::int64_t bytes_of(const std::string& cell, const io::TextLines& lines, std::size_t column) {
    if (!is_number(cell) || cell.size() > 15)
        lines.fail(
            "column " + std::to_string(column + 1) + ": '" + printable_name(cell) + "' is not a whole number of bytes >= 0",
            "write byte counts as integers (0 = no transfer)");
    return std::stoll(cell);
}

}  // namespace

std::vector<std::vector<std::int64_t>> read_demand_csv(const std::string& path, const std::vector<std::string>& hosts) {
    io::TextLines lines(path);
    const std::size_t n = hosts.size();
    std::vector<std::vector<std::int64_t>> matrix;
    bool first = true, row_names = false;
    for (std::string line; lines.next(line);) {
        const std::string_view text = io::trim(line);
        if (text.empty() || text.front() == '#') continue;
        std::vector<std::string> row = cells(std::string(text));
        if (first) {
            first = false;
            if (!is_number(row.back())) {
                // A header row (its last cell is a name): [corner,] host names in the network's order.
                const std::size_t skip = row.size() == n + 1 ? 1 : 0;
                if (row.size() != n + skip)
                    lines.fail("the header has " + std::to_string(row.size()) + " cells for " + std::to_string(n) + " hosts",
                               "name every host once, in the network's order");
                for (std::size_t j = 0; j < n; ++j)
                    if (row[j + skip] != hosts[j])
                        lines.fail("header column " + std::to_string(j + skip + 1) + " is '" + printable_name(row[j + skip]) +
                                       "', the network's host " + std::to_string(j + 1) + " is '" + hosts[j] + "'",
                                   "name the hosts in the network's order");
                continue;
            }
        }
        if (matrix.size() == n) lines.fail("more than " + std::to_string(n) + " rows", "give one row per host of the network");
        if (row.size() == n + 1) {
            const std::string& expected = hosts[matrix.size()];
            if (row.front() != expected)
                lines.fail("the row is named '" + printable_name(row.front()) + "', host " + std::to_string(matrix.size() + 1) +
                               " is '" + expected + "'",
                           "name the rows in the network's host order");
            row.erase(row.begin());
            row_names = true;
        } else if (row_names) {
            lines.fail("the row has no host name while the rows above have one", "name every row or none");
        }
        if (row.size() != n)
            lines.fail("the row has " + std::to_string(row.size()) + " cells for " + std::to_string(n) + " hosts",
                       "give one column per host of the network");
        std::vector<std::int64_t> bytes;
        for (std::size_t j = 0; j < n; ++j) bytes.push_back(bytes_of(row[j], lines, j));
        matrix.push_back(std::move(bytes));
    }
    if (matrix.size() != n)
        throw InputError(path, "the matrix has " + std::to_string(matrix.size()) + " rows for " + std::to_string(n) + " hosts",
                         "give one row per host of the network");
    return matrix;
}

}  // namespace liquid
