#pragma once
// The papers' MILP of liquid scheduling (Gabrielyan & Hersch, liquid schedule construction
// report (EPFL, 2006), Appendix B): binary x(t,f) "transfer t in time frame f"; every
// transfer in exactly one frame (partitioning, eq. 18); per link and frame at most one user
// (simultaneity, eq. 17); minimise the number of frames. Written as CPLEX-LP / MPS by
// `liquid export` and solved through CBC or GLPK by `liquid schedule --method milp`.
#include <string>
#include <utility>
#include <vector>

#include "liquid/sched/schedule.hpp"
#include "liquid/traffic/traffic.hpp"

namespace liquid::sched {

/// A pure 0-1 program: every column is binary; minimise objective · x subject to rows.
struct MilpModel {
    struct Row {
        std::string name;
        std::vector<std::pair<int, double>> terms;  // (column, coefficient), columns ascending
        char sense = 'L';                           // 'L' (<=), 'E' (=), 'G' (>=)
        double rhs = 0;
    };
    int transfers = 0;                 // x columns come first: x(t,f) = t * frames + f
    int frames = 0;                    // frames offered (the cap F)
    std::vector<std::string> columns;  // LP identifiers: "x_<t>_<f>", then "y_<f>"
    std::vector<double> objective;     // per column
    std::vector<Row> rows;
    std::vector<int> clique;  // transfers pinned to frames 0, 1, ... (symmetry breaking)
    int x(int t, int f) const { return t * frames + f; }
    /// "frame f is used": 1 for a frame holding a transfer (the objective counts them).
    int y(int f) const { return transfers * frames + f; }
};

/// Builds the MILP with `frames` frames offered. Objective: Σ y(f), with
/// Σ_{t uses l} x(t,f) <= y(f) for every link l whose user set is maximal (a subset's row
/// is implied; a transfer alone on its links still gets x(t,f) <= y(f)).
/// Symmetry breaking: frames are interchangeable, so the members of `clique` (pairwise
/// congesting, e.g. sched::large_clique()) are fixed to frames 0, 1, ... (the first
/// `frames` of them if larger: the model is then infeasible), and frames are used in
/// order (y(f+1) <= y(f)). Throws InputError when frames < 1.
MilpModel build_schedule_milp(const Traffic& traffic, int frames, const std::vector<int>& clique);

/// The constraint matrix column by column (compressed sparse columns, rows ascending).
struct MilpColumns {
    std::vector<int> start;  // columns + 1 entries
    std::vector<int> row;
    std::vector<double> value;
};
MilpColumns column_major(const MilpModel& model);

/// The schedule of a solution vector (one value per column; x > 0.5 means "in"): each
/// transfer in the first frame whose x is set, empty frames dropped. The caller verifies it.
Schedule schedule_from_milp(const MilpModel& model, const std::vector<double>& values);

/// Values for a known schedule of at most model.frames frames (a MIP start), or an empty
/// vector when it has more frames or breaks the clique fixing.
std::vector<double> milp_start(const MilpModel& model, const Schedule& schedule);

}  // namespace liquid::sched
