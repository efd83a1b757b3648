// gather_strings (gather_strings.hpp): lengths first (MPI_Gather), then the bytes of all
// strings of a rank in one MPI_Gatherv.
#include "liquid/mpi/gather_strings.hpp"

#include <numeric>
#include <stdexcept>

namespace liquid::mpi {
namespace {

void check(int code, const char* what) {
    if (code != MPI_SUCCESS) throw std::runtime_error(std::string("gather_strings: ") + what + " failed");
}

}  // namespace

std::vector<std::vector<std::string>> gather_strings(const std::vector<std::string>& mine, MPI_Comm comm, int root) {
    int rank = 0, size = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    // Per rank: its string count, then the length of each string.
    std::vector<long long> header{static_cast<long long>(mine.size())};
    std::string bytes;
    for (const std::string& s : mine) {
        header.push_back(static_cast<long long>(s.size()));
        bytes += s;
    }
    const int header_size = static_cast<int>(header.size()), byte_count = static_cast<int>(bytes.size());
    std::vector<int> header_sizes(rank == root ? size : 0), byte_counts(rank == root ? size : 0);
    check(MPI_Gather(&header_size, 1, MPI_INT, header_sizes.data(), 1, MPI_INT, root, comm), "MPI_Gather");
    check(MPI_Gather(&byte_count, 1, MPI_INT, byte_counts.data(), 1, MPI_INT, root, comm), "MPI_Gather");
    auto displacements = [](const std::vector<int>& counts) {
        std::vector<int> d(counts.size(), 0);
        if (!counts.empty()) std::partial_sum(counts.begin(), counts.end() - 1, d.begin() + 1);
        return d;
    };
    const std::vector<int> header_displs = displacements(header_sizes), byte_displs = displacements(byte_counts);
    std::vector<long long> headers(rank == root ? std::accumulate(header_sizes.begin(), header_sizes.end(), std::size_t{0}) : 0);
    std::string all(rank == root ? std::accumulate(byte_counts.begin(), byte_counts.end(), std::size_t{0}) : 0, '\0');
    check(MPI_Gatherv(header.data(), header_size, MPI_LONG_LONG, headers.data(), header_sizes.data(), header_displs.data(),
                      MPI_LONG_LONG, root, comm),
          "MPI_Gatherv");
    check(
        MPI_Gatherv(bytes.data(), byte_count, MPI_CHAR, all.data(), byte_counts.data(), byte_displs.data(), MPI_CHAR, root, comm),
        "MPI_Gatherv");
    std::vector<std::vector<std::string>> out;
    if (rank != root) return out;
    out.resize(static_cast<std::size_t>(size));
    for (int r = 0; r < size; ++r) {
        const long long* h = headers.data() + header_displs[static_cast<std::size_t>(r)];
        std::size_t at = static_cast<std::size_t>(byte_displs[static_cast<std::size_t>(r)]);
        for (long long k = 0; k < h[0]; ++k) {
            const auto n = static_cast<std::size_t>(h[1 + k]);
            out[static_cast<std::size_t>(r)].push_back(all.substr(at, n));
            at += n;
        }
    }
    return out;
}

}  // namespace liquid::mpi
