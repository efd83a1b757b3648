// Fuzz-style robustness of the importers: every prefix truncation and every single-byte
// corruption (alternately to a letter and to a line break) of small real files must give either a
// valid network or an InputError that names the file (exit 2 in the command), never
// another exception or a crash. The InfiniBand files are a real ibsim + OpenSM capture
// of a 2-host fabric with two parallel cables (tests/data/ib/README.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>

#include "liquid/base/error.hpp"
#include "liquid/io/infiniband.hpp"
#include "liquid/io/network_import.hpp"
#include "support/run.hpp"

namespace liquid {
namespace {

using test::slurp;
using test::source_path;

struct Outcome {
    int networks = 0, errors = 0;
};

/// Writes `text` to `path` and runs `read`; any exception but an InputError naming `path`
/// (or `other`, the unchanged companion file) fails the test.
void try_one(const std::string& path, const std::string& text, const std::function<void()>& read, Outcome& o,
             const std::string& what, const std::string& other) {
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << text;
    }
    try {
        read();
        ++o.networks;
    } catch (const InputError& e) {
        ++o.errors;
        const std::string msg = e.what();
        ASSERT_TRUE(msg.rfind(path + ":", 0) == 0 || (!other.empty() && msg.rfind(other + ":", 0) == 0) ||
                    msg.rfind(path, 0) == 0)
            << what << ": " << msg;
    } catch (const std::exception& e) {
        FAIL() << what << ": " << typeid(e).name() << ": " << e.what();
    }
}

/// Truncations at every byte and corruptions of every byte.
Outcome fuzz(const std::string& original, const std::string& ext, const std::function<void(const std::string&)>& read,
             const std::string& other = "") {
    static int counter = 0;
    std::string path = (std::filesystem::temp_directory_path() /
                        ("liquid-fuzz-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ext))
                           .string();
    Outcome o;
    for (std::size_t n = 0; n < original.size(); ++n) {
        try_one(
            path, original.substr(0, n), [&] { read(path); }, o, "prefix " + std::to_string(n), other);
        if (testing::Test::HasFatalFailure()) break;
    }
    for (std::size_t i = 0; i < original.size() && !testing::Test::HasFatalFailure(); ++i) {
        std::string bad = original;
        bad[i] = i % 2 ? '\n' : (bad[i] == 'x' ? '9' : 'x');  // a broken line or a broken token
        try_one(
            path, bad, [&] { read(path); }, o, "byte " + std::to_string(i), other);
    }
    std::filesystem::remove(path);
    return o;
}

void trace_all(const Network& net) {
    for (int s : net.hosts())
        for (int d : net.hosts()) (void)net.route(s, d);
}

TEST(ImportFuzz, IbnetdiscoverTopology) {
    const std::string lfts = source_path("tests/data/ib/tiny-lfts.dump");
    auto o = fuzz(
        slurp(source_path("tests/data/ib/tiny-topology.txt")), ".txt",
        [&](const std::string& p) { trace_all(ib_network(read_ibnetdiscover(p), read_forwarding_tables({lfts}))); }, lfts);
    EXPECT_GT(o.errors, 0);
    EXPECT_GT(o.networks, 0);
}

TEST(ImportFuzz, OpensmDumpAndIbroute) {
    const std::string topo = source_path("tests/data/ib/tiny-topology.txt");
    const IbTopology t = read_ibnetdiscover(topo);
    for (const char* file : {"tests/data/ib/tiny-lfts.dump", "tests/data/ib/tiny-ibroute.txt"}) {
        auto o = fuzz(
            slurp(source_path(file)), ".dump",
            [&](const std::string& p) { trace_all(ib_network(t, read_forwarding_tables({p}))); }, topo);
        EXPECT_GT(o.errors, 0) << file;
        EXPECT_GT(o.networks, 0) << file;
    }
}

TEST(ImportFuzz, SlurmBooksimGraphml) {
    for (const auto& [format, file] :
         std::vector<std::pair<std::string, std::string>>{{"slurm", "tests/data/formats/topology.conf"},
                                                          {"booksim", "tests/data/formats/anynet.txt"},
                                                          {"graphml", "tests/data/formats/zoo.graphml"}}) {
        // Init-capture: clang 14 (the sanitizer build) cannot capture a structured binding.
        auto o = fuzz(slurp(source_path(file)), ".in",
                      [&format = format](const std::string& p) { trace_all(import_network(format, {p})); });
        EXPECT_GT(o.errors, 0) << format;
        EXPECT_GT(o.networks, 0) << format;
    }
}

TEST(ImportFuzz, CommandExitsTwoOnACorruptedDump) {
    std::string dump = slurp(source_path("tests/data/ib/minhop-lfts.dump"));
    std::string path = test::temp_file(dump.substr(0, dump.size() / 2), ".dump");
    auto r = test::run_liquid("analyze --network ibnetdiscover:" + source_path("tests/data/ib/topology.txt") + "," + path);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(path + ":"), std::string::npos) << r.err;
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace liquid
