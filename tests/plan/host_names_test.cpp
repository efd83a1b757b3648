// The rule that maps machine names (MPI_Get_processor_name, rank-map lines) to hosts.
#include <gtest/gtest.h>

#include "liquid/base/error.hpp"
#include "liquid/plan/plan.hpp"

namespace liquid::plan {
namespace {

/// Hosts named as an InfiniBand import names them: by node description, spaces made '_'.
Network described_hosts() {
    Network net("fabric");
    for (const char* name : {"node01_HCA-1", "node02_mlx5_0", "node03.cluster_HCA-1", "node05_HCA-1", "node05_HCA-2", "h7"})
        net.add_host(name);
    net.add_switch("leaf1");
    return net;
}

int id(const Network& net, const char* name) { return *net.find_node(name); }

TEST(HostNames, ExactNameFirst) {
    const Network net = described_hosts();
    EXPECT_EQ(host_of_machine(net, "node01_HCA-1", "test"), id(net, "node01_HCA-1"));
    EXPECT_EQ(host_of_machine(net, "h7", "test"), id(net, "h7"));
}

TEST(HostNames, ShortFormOfAQualifiedName) {
    const Network net = described_hosts();
    EXPECT_EQ(host_of_machine(net, "h7.cluster.example", "test"), id(net, "h7"));
}

TEST(HostNames, FirstWordOfTheNodeDescription) {
    const Network net = described_hosts();
    EXPECT_EQ(host_of_machine(net, "node01", "test"), id(net, "node01_HCA-1"));
    EXPECT_EQ(host_of_machine(net, "node01.cluster.example", "test"), id(net, "node01_HCA-1"));
    EXPECT_EQ(host_of_machine(net, "node02", "test"), id(net, "node02_mlx5_0"));
    // The description's first word is itself qualified.
    EXPECT_EQ(host_of_machine(net, "node03", "test"), id(net, "node03.cluster_HCA-1"));
    EXPECT_EQ(host_of_machine(net, "node03.cluster", "test"), id(net, "node03.cluster_HCA-1"));
}

TEST(HostNames, StrangersAndSwitchesAreNoHost) {
    const Network net = described_hosts();
    EXPECT_EQ(host_of_machine(net, "node04", "test"), -1);
    EXPECT_EQ(host_of_machine(net, "leaf1", "test"), -1);
    EXPECT_EQ(host_of_machine(net, "node0", "test"), -1);  // a prefix is not a first word
    EXPECT_EQ(host_of_machine(net, "", "test"), -1);
}

TEST(HostNames, AMachineWithTwoAdaptersNeedsARankMap) {
    const Network net = described_hosts();
    try {
        host_of_machine(net, "node05", "MPI_Get_processor_name");
        FAIL() << "two hosts have the first word node05";
    } catch (const InputError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("MPI_Get_processor_name"), std::string::npos) << what;
        EXPECT_NE(what.find("matches 2 hosts"), std::string::npos) << what;
        EXPECT_NE(what.find("node05_HCA-1, node05_HCA-2"), std::string::npos) << what;
        EXPECT_NE(what.find("rank map"), std::string::npos) << what;
    }
}

TEST(HostNames, HostsByNameMapsEveryRank) {
    const Network net = described_hosts();
    EXPECT_EQ(hosts_by_name(net, {"node02.cluster.example", "node01", "h7"}, "test"),
              (std::vector<int>{id(net, "node02_mlx5_0"), id(net, "node01_HCA-1"), id(net, "h7")}));
}

}  // namespace
}  // namespace liquid::plan
