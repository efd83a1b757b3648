// Build-time tool: turns text files (the minified Vega, Vega-Lite and vega-embed builds)
// into a C++ source file so the `liquid` binary carries them and a report page needs no
// network and no files beside the binary.
//   embed_text OUT.cpp [NAME=FILE ...]
// The output defines liquid::report::embedded_script(name). Source-map comments are
// dropped (a browser would try to fetch the .map file). Each file becomes raw string
// literals of at most 16 KB cut at ASCII bytes, so no UTF-8 sequence is split.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr const char* kDelimiter = "liquid_js";
constexpr std::size_t kPiece = 16384;

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string drop_source_map(std::string text) {
    const std::string marker = "//# sourceMappingURL=";
    for (auto at = text.find(marker); at != std::string::npos; at = text.find(marker, at)) {
        auto end = text.find('\n', at);
        text.erase(at, end == std::string::npos ? std::string::npos : end - at);
    }
    return text;
}

std::vector<std::string> pieces(const std::string& text) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = std::min(text.size(), at + kPiece);
        while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0x80)) ++end;  // not inside UTF-8
        out.push_back(text.substr(at, end - at));
        at = end;
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        // No NAME=FILE at all: a build without the chart libraries (every name gives "").
        if (argc < 2) throw std::runtime_error("usage: embed_text OUT.cpp [NAME=FILE...]");
        std::ostringstream cpp;
        cpp << "// Generated at build time by tools/embed_text.cpp; do not edit.\n"
               "#include <string>\n#include <string_view>\n\nnamespace liquid::report {\n\n"
               "std::string embedded_script(std::string_view name) {\n"
               "    (void)name;  // unused when nothing is embedded\n";
        for (int i = 2; i < argc; ++i) {
            const std::string arg = argv[i];
            const auto eq = arg.find('=');
            if (eq == std::string::npos) throw std::runtime_error("expected NAME=FILE, got " + arg);
            const std::string text = drop_source_map(read_file(arg.substr(eq + 1)));
            if (text.find(std::string(")") + kDelimiter + "\"") != std::string::npos)
                throw std::runtime_error(arg + " contains the raw-string delimiter");
            // Each piece is a char array, viewed with its sizeof: a string_view built from a
            // bare literal would make the compiler count the bytes in constant evaluation,
            // which clang stops at its step limit for literals this long.
            cpp << "    if (name == \"" << arg.substr(0, eq) << "\") {\n";
            const std::vector<std::string> parts = pieces(text);
            for (std::size_t k = 0; k < parts.size(); ++k)
                cpp << "        static constexpr char piece" << k << "[] = R\"" << kDelimiter << "(" << parts[k] << ")"
                    << kDelimiter << "\";\n";
            cpp << "        static constexpr std::string_view pieces[] = {\n";
            for (std::size_t k = 0; k < parts.size(); ++k)
                cpp << "            {piece" << k << ", sizeof piece" << k << " - 1},\n";
            cpp << "        };\n        std::string s;\n        for (std::string_view p : pieces) s += p;\n        return s;\n   "
                   " }\n";
        }
        cpp << "    return {};\n}\n\n}  // namespace liquid::report\n";
        std::ofstream out(argv[1], std::ios::binary);
        out << cpp.str();
        if (!out) throw std::runtime_error(std::string("cannot write ") + argv[1]);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "embed_text: " << e.what() << "\n";
        return 1;
    }
}
