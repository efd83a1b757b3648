#pragma once
// Writing output files so that a reader never sees a half-written one: the content goes to
// a temporary file in the same directory, is checked (full disk, I/O error), and is then
// renamed over the target. A run that writes several files stages them in a temporary
// directory and moves them into place together only when every one is complete, with a
// manifest naming the run and its files (docs/formats.md, "Run manifest"). Nothing is committed once
// a stop was requested (SIGINT/SIGTERM, stop.hpp).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "liquid/base/time_budget.hpp"

namespace liquid {

/// Writes `content` to `path` as described above. A path that exists and is not a regular
/// file (a device such as /dev/null, a pipe) is written in place. Throws InputError naming
/// `path` and the system's reason on any failure, Interrupted if a stop was requested.
void write_file_atomically(const std::string& path, std::string_view content);

/// Renders the content straight into the temporary file (no copy of it in memory), with the
/// stream state checked after every write: a write error (ENOSPC) is an InputError naming
/// `path`; an exception of `render` (std::bad_alloc, InputError, Interrupted) propagates
/// and leaves the previous file untouched.
using Render = std::function<void(std::ostream&)>;
void write_file_atomically(const std::string& path, const Render& render);

/// Throws InputError naming `option` when `output` is the same file as one of `inputs`
/// (compared by device and inode, so links and other spellings count): writing it would
/// destroy the input before or while it is read.
void refuse_overwriting_input(const std::string& output, const std::vector<std::string>& inputs, const std::string& option);

/// What the manifest of a multi-file run records besides its files.
struct RunInfo {
    std::string name;                       // the manifest is `<name>-manifest.json`
    std::vector<std::string> command_line;  // the arguments after `liquid`
    std::optional<std::uint64_t> seed;      // the run's random seed, if it has one
};

/// The files of one run, written into `dir` (created if missing) all together or not at all.
/// commit() writes `<run.name>-manifest.json` last (liquid version, command line, seed, and
/// each file's name, size and SHA-256) and removes the files the previous manifest of that
/// name listed that this run does not write, so `dir` never mixes the files of two runs.
class OutputBatch {
public:
    OutputBatch(std::filesystem::path dir, RunInfo run);
    ~OutputBatch();
    OutputBatch(const OutputBatch&) = delete;
    OutputBatch& operator=(const OutputBatch&) = delete;

    /// Stages `name` (a plain file name) with `content`; throws InputError on a write error.
    void add(const std::string& name, std::string_view content);
    /// The final path `name` will have.
    std::filesystem::path final_path(const std::string& name) const { return dir_ / name; }
    /// Moves every staged file into `dir`, then the manifest (throws Interrupted, committing
    /// nothing, if a stop was requested), and removes the staging directory.
    void commit();
    /// The manifest's final path.
    std::filesystem::path manifest_path() const { return final_path(run_.name + "-manifest.json"); }

private:
    struct Staged {
        std::string name;
        std::size_t bytes;
        std::string sha256;
    };
    std::string manifest_text() const;
    void remove_previous_run() const;

    OutputInProgress writing_;  // a stop unwinds and removes the staging directory
    std::filesystem::path dir_, staging_;
    RunInfo run_;
    std::vector<Staged> staged_;
    bool committed_ = false;
};

}  // namespace liquid
