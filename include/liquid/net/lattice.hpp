#pragma once
// Where a generated torus or mesh puts its nodes: position p in 0..∏dims-1 has coordinates
// p mod dims[0], (p / dims[0]) mod dims[1], ... (dimension 0 fastest). Switch and host of
// one position share it. Constructions that use the translations of a torus read it;
// networks read from files have none.
#include <vector>

namespace liquid {

struct Lattice {
    std::vector<int> dims;
    bool wrap = false;                    // a torus (translations are symmetries), not a mesh
    std::vector<int> node_position;       // by node index; -1: not on the lattice
    std::vector<int> link_from, link_to;  // by link index: the nodes a link joins, as built

    int positions() const {
        int n = 1;
        for (int d : dims) n *= d;
        return n;
    }
};

}  // namespace liquid
