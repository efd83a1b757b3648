#pragma once
// The importers read files by path, so the import harnesses write each fuzz input to a
// per-process scratch file first (in $TMPDIR, removed at exit) and hand its path over.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace liquid::fuzz {

/// A scratch file of this process; write() replaces its content and returns its path.
class InputFile {
public:
    explicit InputFile(const char* suffix) {
        const char* dir = std::getenv("TMPDIR");
        path_ = std::string(dir && *dir ? dir : "/tmp") + "/liquid-fuzz-" + std::to_string(::getpid()) + suffix;
    }
    ~InputFile() { std::remove(path_.c_str()); }
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;

    const std::string& write(std::string_view text) const {
        std::FILE* f = std::fopen(path_.c_str(), "wb");
        if (!f || std::fwrite(text.data(), 1, text.size(), f) != text.size() || std::fclose(f) != 0) {
            std::perror(path_.c_str());
            std::abort();
        }
        return path_;
    }

private:
    std::string path_;
};

}  // namespace liquid::fuzz
