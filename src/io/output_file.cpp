#include "liquid/io/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>
#include <random>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "liquid/base/error.hpp"
#include "liquid/base/json_text.hpp"
#include "liquid/base/stop.hpp"
#include "liquid/base/time_budget.hpp"
#include "liquid/io/sha256.hpp"

namespace liquid {

namespace {

[[noreturn]] void write_failed(const std::string& path, int err) {
    throw InputError(path, std::string("cannot write the file: ") + std::strerror(err),
                     "check that the directory exists, is writable and has free space");
}

/// Writes all of `content` to `fd`; returns 0 or the errno of the failure.
int write_all(int fd, std::string_view content) {
    const char* p = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    return 0;
}

/// A name for a temporary sibling of `path` that no other process uses.
std::string temporary_sibling(const std::string& path) {
    static std::random_device seed;  // uniqueness only, not a result: no seed to report
    return path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(seed());
}

/// An output stream buffer over a file descriptor that remembers the first write error
/// (errno): a full disk or a closed pipe makes the stream bad, and the caller names why.
class FdOutput : public std::streambuf {
public:
    explicit FdOutput(int fd) : fd_(fd) { setp(buf_, buf_ + sizeof buf_); }
    int error() const { return err_; }
    /// Writes what is buffered; false on a write error.
    bool drain() {
        if (err_ == 0) err_ = write_all(fd_, std::string_view(pbase(), static_cast<std::size_t>(pptr() - pbase())));
        setp(buf_, buf_ + sizeof buf_);
        return err_ == 0;
    }

protected:
    int_type overflow(int_type c) override {
        if (!drain()) return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) sputc(traits_type::to_char_type(c));
        return traits_type::not_eof(c);
    }
    int sync() override { return drain() ? 0 : -1; }

private:
    int fd_;
    int err_ = 0;
    char buf_[1 << 16];
};

/// Renders into `fd` through FdOutput; returns 0 or the errno of the first write error.
/// Exceptions of `render` (bad input, out of memory, a stop) propagate unchanged: the
/// stream rethrows them instead of setting badbit and carrying on with a truncated file.
int render_to(int fd, const Render& render) {
    FdOutput buf(fd);
    std::ostream out(&buf);
    out.exceptions(std::ios::badbit);
    try {
        render(out);
        out.flush();
    } catch (const std::ios_base::failure&) {
        if (buf.error() == 0) throw;
    }
    return buf.error();
}

/// Removes the temporary file unless it was renamed into place.
struct TemporaryFile {
    std::string path;
    int fd = -1;
    bool kept = false;
    OutputInProgress writing;  // a stop unwinds and removes the file, never exits over it
    ~TemporaryFile() {
        if (fd >= 0) ::close(fd);
        if (!kept) ::unlink(path.c_str());
    }
};

void write_in_place(const std::string& path, const Render& render) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) write_failed(path, errno);
    int err = 0;
    try {
        err = render_to(fd, render);
    } catch (...) {
        ::close(fd);
        throw;
    }
    if (::close(fd) != 0 && err == 0) err = errno;
    if (err != 0) write_failed(path, err);
}

}  // namespace

void write_file_atomically(const std::string& path, std::string_view content) {
    write_file_atomically(
        path, [content](std::ostream& out) { out.write(content.data(), static_cast<std::streamsize>(content.size())); });
}

void write_file_atomically(const std::string& path, const Render& render) {
    throw_if_stopped();
    if (path.empty()) throw InputError("output file", "the file name is empty", "give a file name");
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) throw InputError(path, "this is a directory", "give a file name");
        if (!S_ISREG(st.st_mode)) return write_in_place(path, render);
    }
    TemporaryFile tmp{temporary_sibling(path), -1, false, {}};
    tmp.fd = ::open(tmp.path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (tmp.fd < 0) write_failed(path, errno);
    int err = render_to(tmp.fd, render);
    if (err == 0 && ::fsync(tmp.fd) != 0 && errno != EINVAL && errno != EROFS) err = errno;
    if (::close(tmp.fd) != 0 && err == 0) err = errno;
    tmp.fd = -1;
    if (err != 0) write_failed(path, err);
    throw_if_stopped();
    if (::rename(tmp.path.c_str(), path.c_str()) != 0) write_failed(path, errno);
    tmp.kept = true;
}

void refuse_overwriting_input(const std::string& output, const std::vector<std::string>& inputs, const std::string& option) {
    std::error_code ec;
    for (const std::string& input : inputs)
        if (!input.empty() && std::filesystem::equivalent(output, input, ec) && !ec)
            throw InputError(option + " " + output, "this is also an input of the command (" + input + ")",
                             "write the output to another file; the input would be destroyed");
}

OutputBatch::OutputBatch(std::filesystem::path dir, RunInfo run) : dir_(std::move(dir)), run_(std::move(run)) {
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    if (ec || !std::filesystem::is_directory(dir_))
        throw InputError(dir_.string(), "cannot create the output directory" + (ec ? ": " + ec.message() : std::string()),
                         "give a writable directory");
    staging_ = temporary_sibling((dir_ / ".liquid-staging").string());
    if (!std::filesystem::create_directory(staging_, ec) || ec)
        throw InputError(dir_.string(),
                         "cannot create a staging directory inside it" + (ec ? ": " + ec.message() : std::string()),
                         "give a writable directory");
}

OutputBatch::~OutputBatch() {
    std::error_code ec;
    std::filesystem::remove_all(staging_, ec);  // nothing of an unfinished run stays behind
}

void OutputBatch::add(const std::string& name, std::string_view content) {
    const std::string staged = (staging_ / name).string();
    const int fd = ::open(staged.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) write_failed(final_path(name).string(), errno);
    int err = write_all(fd, content);
    if (err == 0 && ::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) err = errno;
    if (::close(fd) != 0 && err == 0) err = errno;
    if (err != 0) write_failed(final_path(name).string(), err);
    staged_.push_back({name, content.size(), sha256_hex(content)});
}

std::string OutputBatch::manifest_text() const {
    nlohmann::json files = nlohmann::json::array();
    for (const Staged& f : staged_) files.push_back({{"name", f.name}, {"bytes", f.bytes}, {"sha256", f.sha256}});
    nlohmann::json m{
        {"liquid_version", LIQUID_VERSION}, {"command_line", run_.command_line}, {"seed", nullptr}, {"files", files}};
    if (run_.seed) m["seed"] = *run_.seed;
    return json_text(m, 1) + "\n";
}

/// Removes the previous run's manifest and the files it lists that this run does not write
/// (plain names only: a hand-edited manifest cannot reach outside `dir`). An unreadable
/// manifest is left alone: this run's manifest replaces it.
void OutputBatch::remove_previous_run() const {
    const std::filesystem::path old = manifest_path();
    std::ifstream in(old);
    if (!in) return;
    std::stringstream text;
    text << in.rdbuf();
    const nlohmann::json m = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
    if (!m.is_object() || !m.contains("files") || !m["files"].is_array()) return;
    std::set<std::string> kept;
    for (const Staged& f : staged_) kept.insert(f.name);
    std::error_code ec;
    std::filesystem::remove(old, ec);  // from here until the new manifest, no manifest claims a mix
    for (const auto& f : m["files"]) {
        if (!f.is_object() || !f.contains("name") || !f["name"].is_string()) continue;
        const std::string name = f["name"].get<std::string>();
        if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos || kept.count(name)) continue;
        if (std::filesystem::is_regular_file(dir_ / name, ec)) std::filesystem::remove(dir_ / name, ec);
    }
}

void OutputBatch::commit() {
    throw_if_stopped();
    const std::string manifest = run_.name + "-manifest.json";
    {
        const std::string text = manifest_text();
        const int fd = ::open((staging_ / manifest).c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        if (fd < 0) write_failed(manifest_path().string(), errno);
        int err = write_all(fd, text);
        if (::close(fd) != 0 && err == 0) err = errno;
        if (err != 0) write_failed(manifest_path().string(), err);
    }
    throw_if_stopped();
    remove_previous_run();
    for (const Staged& f : staged_)
        if (::rename((staging_ / f.name).c_str(), final_path(f.name).c_str()) != 0)
            write_failed(final_path(f.name).string(), errno);
    if (::rename((staging_ / manifest).c_str(), manifest_path().c_str()) != 0) write_failed(manifest_path().string(), errno);
    committed_ = true;
    std::error_code ec;
    std::filesystem::remove_all(staging_, ec);
}

}  // namespace liquid
