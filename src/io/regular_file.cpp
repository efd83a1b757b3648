#include "liquid/io/regular_file.hpp"

#include <filesystem>
#include <fstream>
#include <system_error>

#include "liquid/base/error.hpp"

namespace liquid::io {

void check_regular_file(const std::string& path, const std::string& where, std::size_t max_bytes) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    const std::string subject = where == path ? "this" : "'" + path + "'";  // the message names the path once
    if (status.type() == fs::file_type::not_found || status.type() == fs::file_type::none)
        throw InputError(where, subject + " does not exist", "check the path");
    if (status.type() == fs::file_type::directory)
        throw InputError(where, subject + " is a directory, not a file", "give the path of a file inside it");
    if (status.type() != fs::file_type::regular)
        throw InputError(where, subject + " is not a regular file (a device, FIFO or socket)", "give the path of a regular file");
    const auto size = fs::file_size(path, ec);
    if (ec) throw InputError(where, "cannot read the size of " + subject, "check the path and its permissions");
    if (size > max_bytes)
        throw InputError(
            where, subject + " has " + std::to_string(size) + " bytes, more than the " + std::to_string(max_bytes) + " accepted",
            "give a smaller file");
}

std::string read_regular_file(const std::string& path, const std::string& where, std::size_t max_bytes) {
    check_regular_file(path, where, max_bytes);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(where, "cannot open '" + path + "'", "check the path and its read permission");
    std::string text(max_bytes < (std::size_t(1) << 16) ? max_bytes + 1 : std::size_t(1) << 16, '\0');
    std::string out;
    while (in) {
        in.read(text.data(), static_cast<std::streamsize>(text.size()));
        out.append(text.data(), static_cast<std::size_t>(in.gcount()));
        if (out.size() > max_bytes)
            throw InputError(where, "'" + path + "' grew beyond " + std::to_string(max_bytes) + " bytes while being read",
                             "give a file that is not being written");
    }
    if (in.bad()) throw InputError(where, "reading '" + path + "' failed", "check the file is readable");
    return out;
}

}  // namespace liquid::io
