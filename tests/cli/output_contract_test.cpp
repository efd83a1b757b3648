// The command's contract with files and users, through the built `liquid`: every file is
// written whole or not at all (checked stream, temporary file and rename, never over an
// input), out of memory is exit 3, file names that are not UTF-8 never break JSON output,
// and every bad option value is one `liquid: error:` line with exit code 2.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "support/run.hpp"
#include "support/sanitized.hpp"

namespace liquid {
namespace {

using test::fresh_dir;
using test::run_liquid;
using test::run_shell;
using test::sanitized_build;
using test::slurp;
using test::temp_file;

/// Expects exit code 2 and one stderr line starting "liquid: error:" that contains `needle`.
void expect_one_line_error(const std::string& args, const std::string& needle) {
    const auto r = run_liquid(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_EQ(r.err.rfind("liquid: error: ", 0), 0u) << args << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(needle), std::string::npos) << args << "\n" << r.err;
}

TEST(OutputContract, AFullDiskIsAnErrorForEveryWrittenFile) {
    // export once ignored ENOSPC and exited 0.
    for (const char* format : {"lp", "mps", "cnf --length 4", "dimacs-graph"})
        expect_one_line_error(std::string("export --network crossbar:4 --format ") + format + " -o /dev/full", "/dev/full");
    expect_one_line_error("report --network crossbar:3 --method dsatur -o /dev/full", "/dev/full");
}

TEST(OutputContract, ExportReplacesItsOutputThroughATemporaryFile) {
    const auto dir = fresh_dir("contract-export");
    const auto out = (dir / "x.lp").string();
    std::ofstream(out) << "previous\n";
    const auto r = run_liquid("export --network crossbar:4 --format lp -o " + out);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string lp = slurp(out);
    EXPECT_EQ(lp.find("previous"), std::string::npos);
    EXPECT_EQ(lp, run_liquid("export --network crossbar:4 --format lp").out);
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1) << "a temporary file was left";
    // Bad input leaves the previous file as it was.
    std::ofstream(out) << "previous\n";
    EXPECT_EQ(run_liquid("export --network crossbar:4 --format cnf -o " + out).exit_code, 2);
    EXPECT_EQ(slurp(out), "previous\n");
    std::filesystem::remove_all(dir);
}

TEST(OutputContract, AnOutputThatIsAnInputIsRefused) {
    const std::string text = "a: l1 l2\nb: l2 l3\nc: l3 l1\n";
    const auto traffic = temp_file(text, ".traffic");
    expect_one_line_error("report --traffic " + traffic + " -o " + traffic, "also an input");
    expect_one_line_error("export --traffic " + traffic + " --format dimacs-graph -o " + traffic, "also an input");
    EXPECT_EQ(slurp(traffic), text);
    // Another spelling of the same file counts too.
    const auto other = std::filesystem::path(traffic).parent_path() / "." / std::filesystem::path(traffic).filename();
    expect_one_line_error("export --traffic " + traffic + " --format lp -o " + other.string(), "also an input");
    EXPECT_EQ(slurp(traffic), text);
}

TEST(OutputContract, AnUnwritableSvgDirFailsBeforeAnyFile) {
    const auto dir = fresh_dir("contract-svg");
    const auto blocker = (dir / "not-a-dir").string();
    std::ofstream(blocker) << "a file\n";
    const auto html = (dir / "page.html").string();
    const auto r = run_liquid("report --network crossbar:3 --method dsatur -o " + html + " --svg-dir " + blocker + "/svg");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("--svg-dir"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(html)) << "the HTML page was written before the --svg-dir error";
    std::filesystem::remove_all(dir);
}

TEST(OutputContract, OutOfMemoryIsExitThree) {
    if (sanitized_build()) GTEST_SKIP() << "the sanitizers reserve terabytes of address space: no address-space limit";
    // Once SIGABRT (std::bad_alloc escaped); now exit 3 with a message, at any limit.
    for (const char* limit : {"100000000", "200000000", "400000000"}) {
        const auto r = run_shell(std::string("prlimit --as=") + limit + " " + LIQUID_BINARY + " network fat-tree:4,5");
        if (r.exit_code == 0) continue;  // enough memory at this limit
        EXPECT_EQ(r.exit_code, 3) << limit << "\n" << r.err;
        EXPECT_NE(r.err.find("liquid: error: out of memory"), std::string::npos) << limit << "\n" << r.err;
    }
}

TEST(OutputContract, FileNamesThatAreNotUtf8) {
    const auto dir = fresh_dir("contract-utf8");
    const std::string name = (dir / "a\xff.traffic").string();
    std::ofstream(name) << "x: l1 l2\ny: l2\n";
    for (const char* cmd : {"schedule", "analyze"}) {
        const auto r = run_liquid(std::string(cmd) + " --json --traffic '" + name + "'");
        ASSERT_EQ(r.exit_code, 0) << cmd << "\n" << r.err;
        const auto j = nlohmann::json::parse(r.out);  // valid UTF-8 JSON
        EXPECT_NE(j.dump().find("a\\\\xff.traffic"), std::string::npos) << r.out.substr(0, 300);
    }
    // Error messages show the byte, not raw invalid UTF-8.
    const auto r = run_liquid("analyze --traffic '" + (dir / "b\xfe.traffic").string() + "'");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("b\\xfe.traffic"), std::string::npos) << r.err;
    std::filesystem::remove_all(dir);
}

TEST(OutputContract, EveryNumericOptionHasOneValidator) {
    // plan and report once accepted what schedule rejects.
    for (const char* cmd : {"plan --network crossbar:3", "report --network crossbar:3 -o /dev/null", "schedule"}) {
        for (const char* limit : {"18446744073709551616", "3.1536e8", "0", "nan", "-1"})
            expect_one_line_error(std::string(cmd) + " --time-limit " + limit, "--time-limit");
    }
    expect_one_line_error("testbed t1 --max-categories -1", "--max-categories");
    expect_one_line_error("schedule --memory-limit ''", "--memory-limit");
    expect_one_line_error("schedule --memory-limit -3", "--memory-limit");
    expect_one_line_error("export --network crossbar:3 --format lp -o ''", "--out");
    expect_one_line_error("report --network crossbar:3 -o ''", "--out");
    expect_one_line_error("optical sweep --kind broadcast -n 4:8 -o ''", "--out");
}

TEST(OutputContract, ConversionErrorsAreOneLineWithTheFix) {
    // CLI11 once printed two lines without the prefix.
    expect_one_line_error("export --network crossbar:3 --format cnf --length abc", "--length");
    expect_one_line_error("schedule --no-such-option", "--help");
    expect_one_line_error("analyze --seed x1", "--seed");
}

TEST(InputContract, DevicesAndFifosAreRejectedByTheCommand) {
    expect_one_line_error("analyze --traffic /dev/zero", "not a regular file");
    expect_one_line_error("analyze --network /dev/urandom", "not a regular file");
    expect_one_line_error("plan --network crossbar:4 --rankmap /dev/zero", "not a regular file");
    const auto fifo = std::filesystem::temp_directory_path() / ("liquid-cli-fifo-" + std::to_string(::getpid()));
    std::filesystem::remove(fifo);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    expect_one_line_error("analyze --traffic-json " + fifo.string(), "not a regular file");
    std::filesystem::remove(fifo);
    const auto r = run_shell("LIQUID_INPUT_LIMIT=abc " + std::string(LIQUID_BINARY) + " analyze --network crossbar:3");
    EXPECT_EQ(r.exit_code, 0) << "a generated network reads no file: " << r.err;
    const auto t = temp_file("a: l1\n", ".traffic");
    const auto bad = run_shell("LIQUID_INPUT_LIMIT=abc " + std::string(LIQUID_BINARY) + " analyze --traffic " + t);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("LIQUID_INPUT_LIMIT"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace liquid
