// libFuzzer harness: the command-line front end, in process. The input is split into
// arguments at newlines and run as `liquid <args>`; the exit code must be 0, 2 or 4 (the
// time limit ran out before a result; never 1, an internal error, and no crash). To keep
// runs short and side-effect free, inputs that name files ('/'), write outputs (--out, -o)
// or start long runs (testbed, sweeps, p2p tables, big numbers) are skipped, and
// schedule/simulate get a 0.05 s time limit.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "command.hpp"

namespace {

/// Product of the decimal numbers in `arg` (saturating at 10^6).
long long number_product(const std::string& arg) {
    long long product = 1, cur = -1;
    for (char c : arg + ".") {
        if (c >= '0' && c <= '9') {
            cur = cur < 0 ? c - '0' : std::min(cur * 10 + (c - '0'), 1000000LL);
        } else if (cur >= 0) {
            product = std::min(product * std::max(cur, 1LL), 1000000LL);
            cur = -1;
        }
    }
    return product;
}

bool allowed(const std::vector<std::string>& args) {
    if (args.empty() || args.size() > 24) return false;
    const std::string& cmd = args[0];
    if (cmd != "analyze" && cmd != "schedule" && cmd != "simulate" && cmd != "traffic" && cmd != "network") return false;
    if (cmd == "simulate" && args.size() > 1 && args[1] == "testbed") return false;
    for (const auto& a : args) {
        if (a.size() > 256 || a.find('/') != std::string::npos || a == "--out" || a == "-o" || a == "--time-limit" ||
            a.rfind("--time-limit=", 0) == 0 || a == "--schedule")
            return false;
        if (a.find(':') != std::string::npos && number_product(a) > 64) return false;  // small fabrics only
        int digits = 0;  // no number of more than three digits: keeps counts and sizes small
        for (char c : a) {
            digits = (c >= '0' && c <= '9') ? digits + 1 : 0;
            if (digits > 3) return false;
        }
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    // The commands print; the harness only cares about exit codes.
    if (!std::freopen("/dev/null", "w", stdout)) std::abort();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    std::vector<std::string> args;
    std::string cur;
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == '\n') {
            args.push_back(cur);
            cur.clear();
        } else {
            cur += static_cast<char>(data[i]);
        }
    }
    if (!cur.empty()) args.push_back(cur);
    if (!allowed(args)) return 0;
    if (args[0] == "schedule" || args[0] == "simulate") {
        args.push_back("--time-limit");
        args.push_back("0.05");
    }
    std::vector<char*> argv{const_cast<char*>("liquid")};
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const int code = liquid::app::run_command_line(static_cast<int>(args.size() + 1), argv.data());
    std::clearerr(stdout);
    if (code != 0 && code != 2 && code != 4) {
        std::fprintf(stderr, "fuzz: exit code %d\n", code);
        std::abort();
    }
    return 0;
}
