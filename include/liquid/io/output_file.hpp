#pragma once
// Writing output files so that a reader never sees a half-written one: the content goes to
// a temporary file in the same directory, is checked (full disk, I/O error), and is then
// renamed over the target. A run that writes several files stages them in a temporary
// directory and moves them into place together only when every one is complete. Nothing is
// committed once a stop was requested (SIGINT/SIGTERM, stop.hpp).
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace liquid {

/// Writes `content` to `path` as described above. A path that exists and is not a regular
/// file (a device such as /dev/null, a pipe) is written in place. Throws InputError naming
/// `path` and the system's reason on any failure, Interrupted if a stop was requested.
void write_file_atomically(const std::string& path, std::string_view content);

/// The files of one run, written into `dir` (created if missing) all together or not at all.
class OutputBatch {
public:
    explicit OutputBatch(std::filesystem::path dir);
    ~OutputBatch();
    OutputBatch(const OutputBatch&) = delete;
    OutputBatch& operator=(const OutputBatch&) = delete;

    /// Stages `name` (a plain file name) with `content`; throws InputError on a write error.
    void add(const std::string& name, std::string_view content);
    /// The final path `name` will have.
    std::filesystem::path final_path(const std::string& name) const { return dir_ / name; }
    /// Moves every staged file into `dir` (throws Interrupted, committing nothing, if a stop
    /// was requested) and removes the staging directory.
    void commit();

private:
    std::filesystem::path dir_, staging_;
    std::vector<std::string> names_;
    bool committed_ = false;
};

}  // namespace liquid
