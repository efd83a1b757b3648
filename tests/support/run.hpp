#pragma once
// Runs the built `liquid` command from a test and captures exit code, stdout and stderr.
#include <sys/wait.h>
#include <unistd.h>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace liquid::test {

struct CommandResult {
    int exit_code = -1;
    std::string out, err;
};

inline std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Runs a shell command line, capturing its exit code, stdout and stderr.
inline CommandResult run_shell(const std::string& command) {
    static int counter = 0;
    auto dir = std::filesystem::temp_directory_path();
    std::string tag = std::to_string(::getpid()) + "-" + std::to_string(counter++);
    std::string out = (dir / ("liquid-out-" + tag)).string(), err = (dir / ("liquid-err-" + tag)).string();
    std::string cmd = command + " >" + out + " 2>" + err + " </dev/null";
    int status = std::system(cmd.c_str());
    CommandResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(out);
    r.err = slurp(err);
    std::filesystem::remove(out);
    std::filesystem::remove(err);
    return r;
}

/// Runs `liquid <args>` (args are passed to the shell as written).
inline CommandResult run_liquid(const std::string& args) { return run_shell(std::string(LIQUID_BINARY) + " " + args); }

/// Writes `text` to a fresh temporary file with the given extension and returns its path.
inline std::string temp_file(const std::string& text, const std::string& ext) {
    static int counter = 0;
    auto p = std::filesystem::temp_directory_path() /
             ("liquid-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ext);
    std::ofstream(p) << text;
    return p.string();
}

/// A fresh empty directory liquid-<name>-<pid> under the temporary directory.
inline std::filesystem::path fresh_dir(const std::string& name) {
    auto d = std::filesystem::temp_directory_path() / ("liquid-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
}

inline std::string source_path(const std::string& rel) { return std::string(LIQUID_SOURCE_DIR) + "/" + rel; }

}  // namespace liquid::test
