// Sizes in the text formats: the `.traffic` size after '@' and the --demand CSV of bytes.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "liquid/base/error.hpp"
#include "liquid/io/demand_csv.hpp"
#include "liquid/io/traffic_file.hpp"

namespace liquid {
namespace {

std::string error_of(const std::string& text) {
    std::istringstream in(text);
    try {
        parse_traffic(in, "w.traffic");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

TEST(WeightedTrafficFile, SizesAfterAtRoundTrip) {
    std::istringstream in("a: l1 l2 @ 4096\nb: l1 l3@17 # comment\nc: l4\n");
    const Traffic t = parse_traffic(in, "w.traffic");
    EXPECT_EQ(t[0].size, 4096);
    EXPECT_EQ(t[1].size, 17);
    EXPECT_EQ(t[2].size, 1);
    EXPECT_EQ(t.link_count(), 4);
    std::ostringstream out;
    write_traffic(out, t);
    std::istringstream again(out.str());
    const Traffic back = parse_traffic(again, "again.traffic");
    for (int x = 0; x < 3; ++x) EXPECT_EQ(back[x].size, t[x].size);
    EXPECT_NE(out.str().find("a: l1 l2 @ 4096"), std::string::npos);
}

TEST(WeightedTrafficFile, EqualSizesWriteTodaysFormat) {
    std::istringstream in("a: l1 l2\nb: l3\n");
    std::ostringstream out;
    write_traffic(out, parse_traffic(in, "w.traffic"));
    EXPECT_EQ(out.str().find('@'), std::string::npos);
}

TEST(WeightedTrafficFile, BadSizesNameTheLine) {
    for (const char* bad : {"-4", "1.5", "abc", "0", "", "4 5", "1e3"}) {
        const std::string e = error_of(std::string("a: l1\nb: l2 @ ") + bad + "\n");
        EXPECT_NE(e.find("w.traffic:2"), std::string::npos) << bad << ": " << e;
        EXPECT_NE(e.find("whole number of bytes"), std::string::npos) << bad;
    }
}

class DemandCsv : public ::testing::Test {
protected:
    std::string write(const std::string& text) {
        const auto path = std::filesystem::temp_directory_path() / ("liquid-demand-" + std::to_string(::getpid()) + ".csv");
        std::ofstream(path) << text;
        path_ = path.string();
        return path_;
    }
    std::string error_of(const std::string& text) {
        try {
            read_demand_csv(write(text), hosts_);
        } catch (const InputError& e) {
            return e.what();
        }
        return "";
    }
    void TearDown() override {
        if (!path_.empty()) std::filesystem::remove(path_);
    }
    std::vector<std::string> hosts_{"h0", "h1", "h2"};
    std::string path_;
};

TEST_F(DemandCsv, ReadsWithAndWithoutHeaders) {
    const std::vector<std::vector<std::int64_t>> want{{0, 5, 0}, {7, 0, 1}, {2, 3, 0}};
    EXPECT_EQ(read_demand_csv(write("0,5,0\n7,0,1\n2,3,0\n"), hosts_), want);
    EXPECT_EQ(read_demand_csv(write("# bytes\n,h0,h1,h2\nh0,0,5,0\nh1,7,0,1\n\nh2,2,3,0\n"), hosts_), want);
    EXPECT_EQ(read_demand_csv(write("h0,h1,h2\n0, 5, 0\n7,0,1\n2,3,0\n"), hosts_), want);
}

TEST_F(DemandCsv, WrongShapeOrValuesNameFileAndLine) {
    EXPECT_NE(error_of("0,5\n7,0\n").find(":1: the row has 2 cells for 3 hosts"), std::string::npos) << error_of("0,5\n7,0\n");
    EXPECT_NE(error_of("0,5,0\n7,0,1\n").find("2 rows for 3 hosts"), std::string::npos);
    EXPECT_NE(error_of("0,5,0\n7,0,1\n2,3,0\n1,1,1\n").find(":4: more than 3 rows"), std::string::npos);
    EXPECT_NE(error_of("0,5,0\n7,-1,1\n2,3,0\n").find(":2: column 2: '-1' is not a whole number"), std::string::npos);
    EXPECT_NE(error_of("0,5,0\n7,0,1.5\n2,3,0\n").find(":2: column 3"), std::string::npos);
    EXPECT_NE(error_of(",h0,h2,h1\n0,5,0\n7,0,1\n2,3,0\n").find(":1: header column 3 is 'h2'"), std::string::npos);
}

}  // namespace
}  // namespace liquid
