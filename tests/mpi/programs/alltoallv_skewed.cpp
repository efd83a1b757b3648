// MPI_Alltoallv (the interposer when it is preloaded) against PMPI_Alltoallv, byte for
// byte, on skewed count matrices: MoE-like (each rank routes tokens to its top-k experts,
// expert popularity Zipf-skewed), half the pairs empty, and one hot receiver; with
// MPI_BYTE, MPI_INT, MPI_DOUBLE, a contiguous derived type (3 ints) and a non-contiguous
// vector type (two ints every three). Blocks are stored in reverse rank order with gaps,
// so displacements are neither sorted nor dense. Every matrix is called twice in a row
// (the second call finds it cached), then the first matrix once more.
//
// Usage: mpi_alltoallv_skewed [SEED [UNIT_BYTES]]   (unit: bytes of a "token", default 4096)
// Rank 0 prints "checks N failures F" (N calls, F failed on some rank); the exit code is 1
// on any failure.
#include <mpi.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace {

std::uint64_t seed = 1;
long long unit = 4096;
long checks = 0, failures = 0;

struct Type {
    const char* name;
    MPI_Datatype type;
    int size;         // bytes of data per element
    MPI_Aint extent;  // bytes between elements
};

// Bytes rank s sends rank d: the same matrix on every rank (seeded alike).
std::vector<long long> matrix(const std::string& family, int k) {
    std::mt19937_64 gen(seed * 7919 + family.size());
    std::vector<long long> m(static_cast<std::size_t>(k) * k, 0);
    if (family == "moe") {
        // 64 tokens per rank, each to its top-2 experts (ranks) drawn by Zipf popularity 1/(e+1).
        std::vector<double> weight(k);
        for (int e = 0; e < k; ++e) weight[e] = 1.0 / (1 + (e * 5 + 3) % k);
        std::discrete_distribution<int> expert(weight.begin(), weight.end());
        for (int s = 0; s < k; ++s)
            for (int t = 0; t < 64; ++t) {
                const int a = expert(gen);
                int b = expert(gen);
                while (b == a && k > 1) b = expert(gen);
                m[static_cast<std::size_t>(s) * k + a] += unit;
                if (b != a) m[static_cast<std::size_t>(s) * k + b] += unit;
            }
    } else if (family == "half-empty") {
        for (auto& b : m) b = gen() % 2 ? static_cast<long long>(1 + gen() % 16) * unit : 0;
    } else {  // hot receiver: rank 1 receives 32 times more
        for (int s = 0; s < k; ++s)
            for (int d = 0; d < k; ++d) m[static_cast<std::size_t>(s) * k + d] = (d == 1 % k ? 32 : 1) * unit;
    }
    return m;
}

std::vector<char> random_bytes(std::size_t n, std::uint64_t salt) {
    std::mt19937_64 gen(seed * 1000003 + salt);
    std::vector<char> v(n);
    for (auto& c : v) c = static_cast<char>(gen() & 0xff);
    return v;
}

// One call of the matrix with `t` (byte counts rounded down to whole elements).
void check(MPI_Comm comm, const std::vector<long long>& bytes, const Type& t, const std::string& label, int call) {
    int rank = 0, k = 0;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &k);
    std::vector<int> sc(k), sd(k), rc(k), rd(k);
    int soff = 0, roff = 0;
    for (int p = k - 1; p >= 0; --p) {
        sc[p] = static_cast<int>(bytes[static_cast<std::size_t>(rank) * k + p] / t.size);
        sd[p] = soff;
        soff += sc[p] + 1;
        rc[p] = static_cast<int>(bytes[static_cast<std::size_t>(p) * k + rank] / t.size);
        rd[p] = roff;
        roff += rc[p] + 1;
    }
    const auto send = random_bytes(static_cast<std::size_t>(soff) * t.extent + 16, rank * 17 + call);
    auto got = random_bytes(static_cast<std::size_t>(roff) * t.extent + 16, 11), want = got;
    PMPI_Alltoallv(send.data(), sc.data(), sd.data(), t.type, want.data(), rc.data(), rd.data(), t.type, comm);
    MPI_Alltoallv(send.data(), sc.data(), sd.data(), t.type, got.data(), rc.data(), rd.data(), t.type, comm);
    ++checks;
    if (got != want) {
        ++failures;
        std::fprintf(stderr, "mismatch on rank %d: %s call %d\n", rank, label.c_str(), call);
    }
}

}  // namespace

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    if (argc > 1) seed = std::stoull(argv[1]);
    if (argc > 2) unit = std::stoll(argv[2]);
    int rank = 0, size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Datatype triple, strided;
    MPI_Type_contiguous(3, MPI_INT, &triple);
    MPI_Type_commit(&triple);
    MPI_Type_vector(2, 1, 3, MPI_INT, &strided);  // extent 4 ints, 8 bytes of data
    MPI_Type_commit(&strided);
    const std::vector<Type> types{{"byte", MPI_BYTE, 1, 1},
                                  {"int", MPI_INT, 4, 4},
                                  {"double", MPI_DOUBLE, 8, 8},
                                  {"3 ints", triple, 12, 12},
                                  {"strided", strided, 8, 16}};
    int call = 0;
    for (const char* family : {"moe", "half-empty", "hot-receiver"}) {
        const std::vector<long long> bytes = matrix(family, size);
        for (const Type& t : types)
            for (int repeat = 0; repeat < 2; ++repeat)
                check(MPI_COMM_WORLD, bytes, t, std::string(family) + " " + t.name, call++);
    }
    check(MPI_COMM_WORLD, matrix("moe", size), types[1], "moe again", call++);
    MPI_Type_free(&triple);
    MPI_Type_free(&strided);
    long total_checks = 0, total_failures = 0;
    MPI_Reduce(&checks, &total_checks, 1, MPI_LONG, MPI_MAX, 0, MPI_COMM_WORLD);  // calls, alike on every rank
    MPI_Reduce(&failures, &total_failures, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) std::printf("checks %ld failures %ld\n", total_checks, total_failures);
    MPI_Finalize();
    return total_failures ? 1 : 0;
}
