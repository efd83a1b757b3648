// `liquid-mpi`: the `liquid` command line under mpirun. `testbed t1` and `simulate
// testbed` split their representatives over the ranks (item i on rank i mod K, see
// apps/liquid/distribution.hpp); rank 0 gathers every rank's results and prints and
// writes exactly what one process would. The plain `liquid` binary never links MPI.
#include <mpi.h>

#include <fmt/core.h>

#include <cstring>
#include <string>

#include "command.hpp"
#include "distribution.hpp"
#include "liquid/mpi/gather_strings.hpp"

namespace {

/// The commands whose work is split; anything else would run K times over.
bool distributed(int argc, char** argv) {
    if (argc < 3) return false;
    const std::string command = std::string(argv[1]) + " " + argv[2];
    return command == "testbed t1" || command == "simulate testbed";
}

}  // namespace

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int code = 0;
    if (size > 1 && !distributed(argc, argv)) {
        if (rank == 0)
            fmt::print(stderr,
                       "liquid-mpi: error: only `testbed t1` and `simulate testbed` are split over ranks; "
                       "run other commands with `liquid`, or with -np 1\n");
        code = 2;
    } else {
        liquid::app::Distribution& d = liquid::app::distribution();
        d.shard = {rank, size};
        d.gather = [](const std::vector<std::string>& mine) { return liquid::mpi::gather_strings(mine, MPI_COMM_WORLD); };
        code = liquid::app::run_command_line(argc, argv);
    }
    // Bad input fails on every rank alike; an internal failure of one rank would leave the
    // others waiting in the gather.
    if (code == 1 && size > 1) MPI_Abort(MPI_COMM_WORLD, code);
    MPI_Finalize();
    return code;
}
