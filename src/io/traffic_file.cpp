#include "liquid/io/traffic_file.hpp"

#include <fstream>
#include <regex>
#include <sstream>
#include <unordered_map>

#include "liquid/base/error.hpp"

namespace liquid {

namespace {

bool valid_name(const std::string& s) {
    static const std::regex re("[A-Za-z0-9_.+-]+");
    return std::regex_match(s, re);
}

struct ParsedLine {
    std::string name;
    std::vector<std::string> links;
};

std::string strip_comment(const std::string& line) {
    auto hash = line.find('#');
    return hash == std::string::npos ? line : line.substr(0, hash);
}

}  // namespace

Traffic parse_traffic(std::istream& in, const std::string& filename) {
    std::vector<ParsedLine> lines;
    std::vector<int> line_numbers;
    std::unordered_map<std::string, int> link_index, first_line;
    std::vector<std::string> link_names;
    std::string raw;
    for (int number = 1; std::getline(in, raw); ++number) {
        const std::string where = filename + ":" + std::to_string(number);
        std::string text = strip_comment(raw);
        if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
        auto colon = text.find(':');
        if (colon == std::string::npos)
            throw InputError(where, "expected 'name: link link ...'", "separate the transfer name from its links with ':'");
        std::istringstream name_in(text.substr(0, colon)), links_in(text.substr(colon + 1));
        ParsedLine p;
        std::string extra;
        if (!(name_in >> p.name) || (name_in >> extra))
            throw InputError(where, "the transfer name is missing or has spaces", "write one name before ':'");
        if (!valid_name(p.name))
            throw InputError(where, "bad transfer name '" + p.name + "'", "use letters, digits and _ . + -");
        if (auto [it, fresh] = first_line.emplace(p.name, number); !fresh)
            throw InputError(where, "transfer '" + p.name + "' is already defined on line " + std::to_string(it->second),
                             "give every transfer a unique name");
        std::unordered_map<std::string, bool> seen;
        for (std::string link; links_in >> link;) {
            if (!valid_name(link))
                throw InputError(where, "bad link name '" + link + "'", "use letters, digits and _ . + -");
            if (seen[link]) throw InputError(where, "link '" + link + "' is repeated", "list each link once per transfer");
            seen[link] = true;
            if (link_index.emplace(link, static_cast<int>(link_names.size())).second) link_names.push_back(link);
            p.links.push_back(link);
        }
        if (p.links.empty())
            throw InputError(where, "transfer '" + p.name + "' has no links", "list the links the transfer occupies");
        lines.push_back(std::move(p));
        line_numbers.push_back(number);
    }
    if (lines.empty()) throw InputError(filename, "the file holds no transfer", "add lines 'name: link link ...'");
    Traffic traffic(link_names);
    for (const auto& p : lines) {
        std::vector<int> path;
        for (const auto& l : p.links) path.push_back(link_index.at(l));
        traffic.add(p.name, path);
    }
    return traffic;
}

Traffic read_traffic_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw InputError(path, "cannot open the file", "check the path");
    return parse_traffic(in, path);
}

void write_traffic(std::ostream& out, const Traffic& traffic) {
    out << "# liquid link-set traffic: " << traffic.size() << " transfers over " << traffic.link_count() << " links\n";
    for (const auto& t : traffic.transfers()) {
        out << t.name << ':';
        if (!t.path.empty())
            for (int l : t.path) out << ' ' << traffic.link_name(l);
        else
            t.links.for_each([&](std::size_t l) { out << ' ' << traffic.link_name(static_cast<int>(l)); });
        out << '\n';
    }
}

void write_traffic_file(const std::string& path, const Traffic& traffic) {
    std::ofstream out(path);
    if (!out) throw InputError(path, "cannot write the file", "check the directory exists and is writable");
    write_traffic(out, traffic);
}

}  // namespace liquid
