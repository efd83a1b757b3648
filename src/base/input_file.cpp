#include "liquid/base/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>

#include "liquid/base/error.hpp"
#include "liquid/base/name_check.hpp"

namespace liquid {

namespace {

constexpr char kBom[] = "\xEF\xBB\xBF";

std::string size_text(std::uint64_t bytes) { return std::to_string(bytes) + " bytes"; }

/// Closes a descriptor on every path out of read_input_file.
struct Descriptor {
    int fd;
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
};

[[noreturn]] void too_large(const std::string& path, std::uint64_t limit) {
    throw InputError(path, "the file is larger than the input limit of " + size_text(limit),
                     std::string("give a smaller file, or raise the limit with ") + kInputLimitVariable + "=BYTES");
}

}  // namespace

std::uint64_t input_limit() {
    const char* text = std::getenv(kInputLimitVariable);
    if (text == nullptr) return kDefaultInputLimit;
    const std::string_view t(text);
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || ec != std::errc() || end != t.data() + t.size() || v == 0)
        throw InputError(kInputLimitVariable, "'" + printable_name(t) + "' is not a whole number of bytes >= 1",
                         "e.g. " + std::string(kInputLimitVariable) + "=1073741824 for 1 GiB, or unset it");
    return v;
}

std::string read_input_file(const std::string& path) {
    const std::string& shown = path;
    const std::uint64_t limit = input_limit();
    // Open first and check the opened file: a name swapped for a FIFO in between cannot
    // block us (O_NONBLOCK only affects FIFOs and devices; it is cleared before reading).
    Descriptor in{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)};
    if (in.fd < 0) {
        const int err = errno;
        if (err == ENOENT || err == ENOTDIR) throw InputError(shown, "the file does not exist", "check the path");
        if (err == EACCES) throw InputError(shown, "the file cannot be read", "check its read permission");
        throw InputError(shown, std::string("cannot open the file: ") + std::strerror(err), "check the path");
    }
    struct stat st {};
    if (::fstat(in.fd, &st) != 0) throw InputError(shown, "cannot examine the file", "check the path");
    if (S_ISDIR(st.st_mode)) throw InputError(shown, "this is a directory, not a file", "give the path of a file inside it");
    if (!S_ISREG(st.st_mode))
        throw InputError(shown, "this is not a regular file (a device, FIFO or socket)",
                         "give a regular file; save a stream to a file first");
    if (static_cast<std::uint64_t>(st.st_size) > limit) too_large(path, limit);
    ::fcntl(in.fd, F_SETFL, 0);
    std::string text;
    text.reserve(static_cast<std::size_t>(st.st_size));
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(in.fd, buf, sizeof buf);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            throw InputError(shown, std::string("reading the file failed: ") + std::strerror(errno),
                             "check the file is readable");
        }
        // The size may grow while we read (a log being written): the limit still holds.
        if (text.size() + static_cast<std::size_t>(n) > limit) too_large(path, limit);
        text.append(buf, static_cast<std::size_t>(n));
    }
    strip_bom(text);
    return text;
}

void check_input_file(const std::string& path, const std::string& where) {
    const std::string subject = "'" + path + "'";
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) throw InputError(where, subject + " does not exist", "check the path");
    if (S_ISDIR(st.st_mode))
        throw InputError(where, subject + " is a directory, not a file", "give the path of a file inside it");
    if (!S_ISREG(st.st_mode))
        throw InputError(where, subject + " is not a regular file (a device, FIFO or socket)", "give the path of a regular file");
    if (static_cast<std::uint64_t>(st.st_size) > input_limit()) too_large(path, input_limit());
}

void strip_bom(std::string& text) {
    if (text.compare(0, 3, kBom) == 0) text.erase(0, 3);
}

}  // namespace liquid
