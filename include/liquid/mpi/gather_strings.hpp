#pragma once
// Gathers byte strings to one rank: how `liquid-mpi` brings the per-item results of each
// rank's shard (base/shard.hpp, testbed/result_codec.hpp) to rank 0, which renders them.
#include <mpi.h>

#include <string>
#include <vector>

namespace liquid::mpi {

/// Collective over `comm`: every rank passes its strings; `root` gets every rank's
/// strings, indexed by rank, in the order each rank gave them; the other ranks get an
/// empty vector.
std::vector<std::vector<std::string>> gather_strings(const std::vector<std::string>& mine, MPI_Comm comm, int root = 0);

}  // namespace liquid::mpi
