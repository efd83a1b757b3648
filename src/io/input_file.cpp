#include "io/input_file.hpp"

#include <filesystem>
#include <sstream>
#include <system_error>

#include "liquid/base/error.hpp"

namespace liquid::io {

namespace {

constexpr char kBom[] = "\xEF\xBB\xBF";

void skip_bom(std::istream& in) {
    char head[3] = {0, 0, 0};
    in.read(head, 3);
    if (in.gcount() == 3 && std::string(head, 3) == kBom) return;
    in.clear();
    in.seekg(0);
}

}  // namespace

std::ifstream open_input_file(const std::string& path) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (status.type() == std::filesystem::file_type::not_found)
        throw InputError(path, "the file does not exist", "check the path");
    if (status.type() == std::filesystem::file_type::directory)
        throw InputError(path, "this is a directory, not a file", "give the path of a file inside it");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "cannot open the file", "check the path and its read permission");
    skip_bom(in);
    return in;
}

std::string read_input_file(const std::string& path) {
    std::ifstream in = open_input_file(path);
    std::ostringstream buf;
    buf << in.rdbuf();
    if (in.bad()) throw InputError(path, "reading the file failed", "check the file is readable");
    return buf.str();
}

void strip_bom(std::string& text) {
    if (text.compare(0, 3, kBom) == 0) text.erase(0, 3);
}

}  // namespace liquid::io
