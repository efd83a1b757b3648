#include "liquid/io/traffic_file.hpp"

#include <fmt/core.h>

#include <fstream>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "io/input_file.hpp"
#include "liquid/base/error.hpp"
#include "liquid/base/name_check.hpp"
#include "liquid/base/stop.hpp"
#include "liquid/io/output_file.hpp"
#include "liquid/traffic/byte_load.hpp"

namespace liquid {

namespace {

struct ParsedLine {
    std::string name;
    std::vector<std::string> links;
    double size = 1.0;  // bytes: the optional "@ BYTES" after the links
};

std::string_view strip_comment(std::string_view line) {
    auto hash = line.find('#');
    return hash == std::string_view::npos ? line : line.substr(0, hash);
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/// Splits `text` at blanks (space, tab, CR) into words.
std::vector<std::string_view> words(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_blank(text[i])) ++i;
        const std::size_t start = i;
        while (i < text.size() && !is_blank(text[i])) ++i;
        if (i > start) out.push_back(text.substr(start, i - start));
    }
    return out;
}

/// The optional size after '@': a whole number of bytes >= 1, never rounded.
double parse_size(std::string_view text, const std::string& where) {
    const auto w = words(text);
    const std::string shown = w.empty() ? std::string() : std::string(w.front());
    const bool digits =
        w.size() == 1 && w.front().size() <= 15 && w.front().find_first_not_of("0123456789") == std::string_view::npos;
    if (!digits || std::stod(shown) < 1)
        throw InputError(where, "size '" + printable_name(shown) + "' after '@' is not a whole number of bytes >= 1",
                         "write 'name: link link ... @ BYTES', e.g. '@ 4096'");
    return std::stod(shown);
}

}  // namespace

Traffic parse_traffic(std::istream& in, const std::string& filename) {
    std::vector<ParsedLine> lines;
    std::unordered_map<std::string, int> link_index, first_line;
    std::vector<std::string> link_names;
    std::string raw;
    for (int number = 1; std::getline(in, raw); ++number) {
        const std::string where = filename + ":" + std::to_string(number);
        if (number == 1) io::strip_bom(raw);
        if (raw.size() > io::kMaxLineLength)
            throw InputError(where, "the line is " + std::to_string(raw.size()) + " characters long",
                             "keep lines under " + std::to_string(io::kMaxLineLength) + " characters");
        const std::string_view text = strip_comment(raw);
        if (words(text).empty()) continue;
        auto colon = text.find(':');
        if (colon == std::string_view::npos)
            throw InputError(where, "expected 'name: link link ...'", "separate the transfer name from its links with ':'");
        const auto name_words = words(text.substr(0, colon));
        if (name_words.size() != 1)
            throw InputError(where, "the transfer name is missing or has spaces", "write one name before ':'");
        ParsedLine p{std::string(name_words.front()), {}};
        check_name(p.name, where, "transfer");
        if (auto [it, fresh] = first_line.emplace(p.name, number); !fresh)
            throw InputError(where, "transfer '" + p.name + "' is already defined on line " + std::to_string(it->second),
                             "give every transfer a unique name");
        std::string_view link_text = text.substr(colon + 1);
        if (auto at = link_text.find('@'); at != std::string_view::npos) {
            p.size = parse_size(link_text.substr(at + 1), where);
            link_text = link_text.substr(0, at);
        }
        std::unordered_set<std::string_view> seen;
        for (std::string_view word : words(link_text)) {
            std::string link(word);
            check_name(link, where, "link");
            if (!seen.insert(word).second)
                throw InputError(where, "link '" + link + "' is repeated", "list each link once per transfer");
            if (link_index.emplace(link, static_cast<int>(link_names.size())).second) link_names.push_back(link);
            p.links.push_back(std::move(link));
        }
        if (p.links.empty())
            throw InputError(where, "transfer '" + p.name + "' has no links", "list the links the transfer occupies");
        lines.push_back(std::move(p));
    }
    if (in.bad()) throw InputError(filename, "reading the file failed", "check the file is readable");
    if (lines.empty()) throw InputError(filename, "the file holds no transfer", "add lines 'name: link link ...'");
    Traffic traffic(link_names);
    for (const auto& p : lines) {
        std::vector<int> path;
        for (const auto& l : p.links) path.push_back(link_index.at(l));
        traffic.add(p.name, path, -1, -1, p.size);
    }
    return traffic;
}

Traffic read_traffic_file(const std::string& path) {
    std::istringstream in(io::read_input_file(path));
    return parse_traffic(in, path);
}

void write_traffic(std::ostream& out, const Traffic& traffic) {
    out << "# liquid link-set traffic: " << traffic.size() << " transfers over " << traffic.link_count() << " links\n";
    const bool sized = has_unequal_sizes(traffic);  // equal sizes: today's format exactly
    for (int i = 0; i < traffic.size(); ++i) {
        if (i % 4096 == 0) throw_if_stopped();  // SIGINT ends a million lines within milliseconds
        const Transfer& t = traffic[i];
        out << t.name << ':';
        if (!t.path.empty())
            for (int l : t.path) out << ' ' << traffic.link_name(l);
        else t.links.for_each([&](std::size_t l) { out << ' ' << traffic.link_name(static_cast<int>(l)); });
        if (sized) out << " @ " << fmt::format("{:.0f}", t.size);
        out << '\n';
    }
}

void write_traffic_file(const std::string& path, const Traffic& traffic) {
    write_file_atomically(path, [&](std::ostream& out) { write_traffic(out, traffic); });
}

}  // namespace liquid
